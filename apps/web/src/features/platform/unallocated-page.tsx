import { Fragment, useId, useState } from 'react';
import { useSearchState } from '@/lib/search-state/use-search-state.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatDateTime, formatDay } from '@/lib/format/time.ts';
import { formatHashrate } from '@/lib/format/hashrate.ts';
import { formatBtc } from '@/lib/money/format.ts';
import { unallocatedPerPage, unallocatedQuery, type RefundedFilter, type UnallocatedParams } from './platform-api.ts';
import { RefundForm } from './refund-form.tsx';
import { TopUpSection } from './top-up-section.tsx';
import { Pager } from '@/components/ui/pager.tsx';

const filters: RefundedFilter[] = ['false', 'true', 'all'];

function searchOf(params: UnallocatedParams): URLSearchParams {
  return new URLSearchParams({
    ...(params.refunded === 'false' ? {} : { refunded: params.refunded }),
    ...(params.page === 1 ? {} : { page: String(params.page) }),
  });
}

function paramsOf(search: URLSearchParams): UnallocatedParams {
  const refunded = search.get('refunded');
  const page = Number(search.get('page') ?? '1');
  return {
    refunded: filters.includes(refunded as RefundedFilter) ? (refunded as RefundedFilter) : 'false',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * `/platform/unallocated` (spec 2 and 3): rewards for shares of unknown or deleted account names,
 * with their pool domain, hashrate and account name, and refund of each to a miner by account name;
 * below them, the virtual_mining_topup that credits a miner out of the pool's account.
 */
export function UnallocatedPage() {
  const { t } = useTranslation();
  const id = useId();
  const locale = currentLocale();
  const [params, change] = useSearchState(paramsOf, searchOf);
  const list = useQuery(unallocatedQuery(params));
  const [open, setOpen] = useState<string>();

  return (
    <div className="page">
      <div className="page-heading">
        <h1 className="page-title">{t('screens.platformUnallocated')}</h1>
      </div>
      <section className="stats-grid" aria-labelledby={`${id}-summary`}>
        <h2 id={`${id}-summary`} className="visually-hidden">
          {t('platform.unallocated.summary')}
        </h2>
        <div className="stat" aria-busy={list.isPending}>
          <h3>{t('platform.unallocated.held')}</h3>
          {/* A dash holds the figure's line while it loads, so the list under it stays put. */}
          {list.isPending && <span className="figure-value">—</span>}
          {list.data && <span className="figure-value">{formatBtc(list.data.held, locale)}</span>}
          <p className="muted small">{t('platform.unallocated.heldHint')}</p>
        </div>
      </section>
      <section className="card" aria-label={t('screens.platformUnallocated')}>
        <div className="field unallocated-filter">
          <label htmlFor={`${id}-refunded`}>{t('platform.unallocated.show')}</label>
          <select
            id={`${id}-refunded`}
            value={params.refunded}
            onChange={(event) => change({ refunded: event.target.value as RefundedFilter, page: 1 })}
          >
            {filters.map((filter) => (
              <option key={filter} value={filter}>
                {t(`platform.unallocated.filters.${filter}`)}
              </option>
            ))}
          </select>
        </div>
        {list.data && list.data.items.length > 0 && (
          <div className="table-scroll">
            <table className="table record-table unallocated-table">
              <thead>
                <tr>
                  <th scope="col">{t('platform.unallocated.columns.day')}</th>
                  <th scope="col">{t('platform.unallocated.columns.account')}</th>
                  <th scope="col">{t('platform.unallocated.columns.poolDomain')}</th>
                  <th scope="col" data-numeric>
                    {t('platform.unallocated.columns.hashRate')}
                  </th>
                  <th scope="col" data-numeric>
                    {t('platform.unallocated.columns.amount')}
                  </th>
                  <th scope="col">{t('platform.unallocated.columns.status')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((transaction) => (
                  <Fragment key={transaction.id}>
                    <tr data-transaction={transaction.id} data-refunded={transaction.refund ? true : undefined}>
                      <th scope="row" data-label={t('platform.unallocated.columns.day')}>
                        <time dateTime={transaction.day}>{formatDay(transaction.day, locale)}</time>
                      </th>
                      <td data-label={t('platform.unallocated.columns.account')} className="record-title">
                        {transaction.metadata.account}
                      </td>
                      <td data-label={t('platform.unallocated.columns.poolDomain')}>
                        {transaction.metadata.pool_domain}
                      </td>
                      <td data-numeric data-label={t('platform.unallocated.columns.hashRate')}>
                        {formatHashrate(transaction.metadata.hash_rate, locale)}
                      </td>
                      <td data-numeric data-label={t('platform.unallocated.columns.amount')} className="record-amount">
                        {formatBtc(transaction.amount, locale)}
                      </td>
                      <td data-label={t('platform.unallocated.columns.status')} className="record-status">
                        {transaction.refund ? (
                          <span className="small">
                            {t('platform.unallocated.refundedTo', {
                              account: transaction.refund.to_account,
                              time: formatDateTime(new Date(transaction.refund.at), locale),
                            })}
                            {transaction.refund.by && (
                              <span className="muted">
                                {' '}
                                · {t('platform.unallocated.by', { who: transaction.refund.by })}
                              </span>
                            )}
                          </span>
                        ) : (
                          <button
                            type="button"
                            className="button button-small"
                            aria-expanded={open === transaction.id}
                            aria-label={t('platform.unallocated.refundOf', {
                              account: transaction.metadata.account,
                              day: transaction.day,
                            })}
                            onClick={() => setOpen(open === transaction.id ? undefined : transaction.id)}
                          >
                            {t('platform.unallocated.refund')}
                          </button>
                        )}
                      </td>
                    </tr>
                    {open === transaction.id && !transaction.refund && (
                      <tr className="record-detail-row">
                        <td colSpan={6}>
                          <RefundForm transaction={transaction} onDone={() => setOpen(undefined)} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {list.data?.items.length === 0 && <p className="muted empty">{t('platform.unallocated.none')}</p>}
        {list.isPending && <div className="chart-placeholder" aria-busy="true" />}
        {list.isError && (
          <p className="notice" data-type="error">
            {t('toasts.somethingWentWrong')}
          </p>
        )}
        <Pager
          summaryKey="platform.unallocated.count"
          page={params.page}
          perPage={unallocatedPerPage}
          total={list.data?.total}
          onPage={(page) => change({ ...params, page })}
        />
      </section>
      {/* Below the list, so it shows once the list has its answer: nothing on screen moves down. */}
      {!list.isPending && <TopUpSection />}
    </div>
  );
}
