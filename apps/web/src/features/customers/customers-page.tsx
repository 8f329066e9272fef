import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { customerSorts, type CustomerSort } from '@pool/contract/customer-codes';
import { Pager } from '@/components/ui/pager.tsx';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatHashrate } from '@/lib/format/hashrate.ts';
import { formatBtc, formatPercent } from '@/lib/money/format.ts';
import { useEntryData } from '@/lib/use-entry-data.ts';
import './customers.css';
import { customerScopeOf, customersQuery, type CustomerListParams } from './customers-api.ts';

export const customersPerPage = 20;

function paramsOf(search: URLSearchParams): CustomerListParams {
  const page = Number(search.get('page') ?? '1');
  return {
    search: search.get('search') ?? '',
    sort: customerSorts.find((sort) => sort === search.get('sort')) ?? 'account_name',
    direction: search.get('direction') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    per_page: customersPerPage,
  };
}

/**
 * `/customers` (spec 2, customer layout): an operator's customers, or a pool's miners, searchable
 * by account name, sortable, paged, with totals; the actions that create a customer or a sub-account.
 */
export function CustomersPage() {
  const { t } = useTranslation();
  const id = useId();
  const locale = currentLocale();
  const { active } = useEntryData();
  const scope = customerScopeOf(active);
  const [search, setSearch] = useSearchParams();
  const params = paramsOf(search);
  const [typed, setTyped] = useState(params.search);
  const change = (next: CustomerListParams) =>
    setSearch(
      new URLSearchParams({
        ...(next.search ? { search: next.search } : {}),
        ...(next.sort === 'account_name' ? {} : { sort: next.sort }),
        ...(next.direction === 'asc' ? {} : { direction: next.direction }),
        ...(next.page === 1 ? {} : { page: String(next.page) }),
      }),
      { replace: true },
    );
  const list = useQuery({
    ...customersQuery(scope ?? { kind: 'operator', id: '', name: '' }, params),
    enabled: !!scope,
    // Another page, sort or search keeps the rows and totals on screen until its answer replaces them.
    placeholderData: keepPreviousData,
  });
  if (!scope) return null;
  const totals = list.data?.totals;
  const sortBy = (sort: CustomerSort) =>
    change({
      ...params,
      sort,
      direction: params.sort === sort && params.direction === 'asc' ? 'desc' : 'asc',
      page: 1,
    });
  const sortMark = (sort: CustomerSort) =>
    params.sort === sort ? (params.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  const header = (sort: CustomerSort, label: string, numeric = false) => (
    <th scope="col" aria-sort={sortMark(sort)} {...(numeric ? { 'data-numeric': true } : {})}>
      <button type="button" className="sort-button" onClick={() => sortBy(sort)}>
        {label}
        {params.sort === sort ? (params.direction === 'asc' ? ' ▲' : ' ▼') : ''}
      </button>
    </th>
  );

  return (
    <div className="page">
      <div className="page-heading">
        <h1 className="page-title">{t('screens.customers')}</h1>
        <div className="customer-actions">
          <Link className="button button-primary" to="/customers/create-customer">
            {t('customers.createCustomer')}
          </Link>
          <Link className="button" to="/customers/create-sub">
            {t('customers.createSub')}
          </Link>
        </div>
      </div>
      {/* Until the first answer, one placeholder: the totals card then lands above the list, and a
          list already on screen would move down under a phone user's eyes (CLS 0.24). */}
      {list.isPending && <div className="chart-placeholder" aria-busy="true" />}
      {totals && (
        <dl className="customer-totals card" aria-label={t('customers.totals')}>
          <div className="fact">
            <dt>{t('customers.columns.customers')}</dt>
            <dd data-total="customers">{totals.customers}</dd>
          </div>
          {totals.hash_rate_15m !== null && (
            <div className="fact">
              <dt>{t('customers.columns.hashRate15m')}</dt>
              <dd>{formatHashrate(totals.hash_rate_15m, locale)}</dd>
            </div>
          )}
          {totals.workers && (
            <div className="fact">
              <dt>{t('customers.columns.workers')}</dt>
              <dd>{totals.workers.stable + totals.workers.unavailable + totals.workers.off}</dd>
            </div>
          )}
          {totals.balance !== null && (
            <div className="fact">
              <dt>{t('customers.columns.balance')}</dt>
              <dd>{formatBtc(totals.balance, locale)}</dd>
            </div>
          )}
          {totals.earned !== null && (
            <div className="fact">
              <dt>{t('customers.columns.earned')}</dt>
              <dd data-total="earned">{formatBtc(totals.earned, locale)}</dd>
            </div>
          )}
        </dl>
      )}
      {!list.isPending && (
        <section className="card" aria-label={t('screens.customers')}>
          <form
            className="customer-search"
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
              change({ ...params, search: typed.trim().toLowerCase(), page: 1 });
            }}
          >
            <div className="field">
              <label htmlFor={`${id}-search`}>{t('customers.search')}</label>
              <input
                id={`${id}-search`}
                type="search"
                value={typed}
                autoComplete="off"
                onChange={(event) => setTyped(event.target.value)}
              />
            </div>
            <button type="submit" className="button">
              {t('customers.find')}
            </button>
          </form>
          {list.isError && (
            <p className="notice" data-type="error">
              {t('toasts.somethingWentWrong')}
            </p>
          )}
          {list.data?.items.length === 0 && (
            <p className="muted empty">{params.search ? t('customers.noneMatch') : t('customers.none')}</p>
          )}
          {list.data && list.data.items.length > 0 && (
            <div className="table-scroll">
              <table className="table record-table">
                <thead>
                  <tr>
                    {header('account_name', t('customers.columns.account'))}
                    {header('workers', t('customers.columns.workers'), true)}
                    {header('hash_rate', t('customers.columns.hashRate'), true)}
                    {header('fee', t('customers.columns.fee'), true)}
                    <th scope="col" data-numeric>
                      {t('customers.columns.balance')}
                    </th>
                    {header('earned', t('customers.columns.earned'), true)}
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.map((row) => (
                    <tr key={row.id} data-customer={row.account_name}>
                      <th scope="row" className="record-title" data-label={t('customers.columns.account')}>
                        <Link to={`/customers/${row.id}`}>{row.account_name}</Link>
                        {row.title && <span className="muted small"> · {row.title}</span>}
                      </th>
                      <td data-numeric data-label={t('customers.columns.workers')}>
                        {row.workers ? (
                          <span title={t('customers.workerCounts', row.workers)}>
                            <span data-status="stable">
                              <span className="status-dot" /> {row.workers.stable}
                            </span>
                            {' / '}
                            <span data-status="unavailable">
                              <span className="status-dot" /> {row.workers.unavailable}
                            </span>
                            {' / '}
                            <span data-status="off">
                              <span className="status-dot" /> {row.workers.off}
                            </span>
                          </span>
                        ) : (
                          '—'
                        )}
                      </td>
                      <td data-numeric data-label={t('customers.columns.hashRate')}>
                        {row.hash_rate_15m !== null && row.hash_rate_24h !== null
                          ? `${formatHashrate(row.hash_rate_15m, locale)} · ${formatHashrate(row.hash_rate_24h, locale)}`
                          : '—'}
                      </td>
                      <td data-numeric data-label={t('customers.columns.fee')} data-fee>
                        {row.fee_percent !== null ? `${formatPercent(row.fee_percent, locale)} %` : '—'}
                      </td>
                      <td data-numeric data-label={t('customers.columns.balance')}>
                        {row.balance !== null ? formatBtc(row.balance, locale) : '—'}
                      </td>
                      <td data-numeric data-label={t('customers.columns.earned')} data-earned>
                        {row.earned !== null ? formatBtc(row.earned, locale) : '—'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager
            summaryKey="customers.count"
            page={params.page}
            perPage={customersPerPage}
            total={list.data?.total}
            onPage={(page) => change({ ...params, page })}
          />
        </section>
      )}
    </div>
  );
}
