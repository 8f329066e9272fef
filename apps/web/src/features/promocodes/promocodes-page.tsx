import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { promoCodeStatuses, promoCodeTypes } from '@pool/contract/sharing-codes';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatDateTime } from '@/lib/format/time.ts';
import { formatPercent } from '@/lib/money/format.ts';
import { Pager } from '@/components/ui/pager.tsx';
import './promocodes.css';
import { promoCodesPerPage, promoCodesQuery, type PromoCodeListParams } from './promocodes-api.ts';

function paramsOf(search: URLSearchParams): PromoCodeListParams {
  const page = Number(search.get('page') ?? '1');
  return {
    status: promoCodeStatuses.find((status) => status === search.get('status')),
    type: promoCodeTypes.find((type) => type === search.get('type')),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** `/promocodes` (spec 2): the platform's promo codes, newest first, filtered by status and type. */
export function PromoCodesPage() {
  const { t } = useTranslation();
  const id = useId();
  const locale = currentLocale();
  const [search, setSearch] = useSearchParams();
  const params = paramsOf(search);
  const change = (next: PromoCodeListParams) =>
    setSearch(
      new URLSearchParams({
        ...(next.status ? { status: next.status } : {}),
        ...(next.type ? { type: next.type } : {}),
        ...(next.page === 1 ? {} : { page: String(next.page) }),
      }),
      { replace: true },
    );
  const list = useQuery(promoCodesQuery(params));

  return (
    <div className="page">
      <div className="page-heading">
        <h1 className="page-title">{t('screens.promocodes')}</h1>
        <Link className="button button-primary" to="/promocodes/create">
          {t('promocodes.create')}
        </Link>
      </div>
      <section className="card" aria-label={t('screens.promocodes')}>
        <div className="payments-selects">
          <div className="field">
            <label htmlFor={`${id}-status`}>{t('promocodes.fields.status')}</label>
            <select
              id={`${id}-status`}
              value={params.status ?? ''}
              onChange={(event) =>
                change({
                  ...params,
                  status: promoCodeStatuses.find((status) => status === event.target.value),
                  page: 1,
                })
              }
            >
              <option value="">{t('payments.filters.any')}</option>
              {promoCodeStatuses.map((status) => (
                <option key={status} value={status}>
                  {t(`promocodes.statuses.${status}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-type`}>{t('promocodes.fields.type')}</label>
            <select
              id={`${id}-type`}
              value={params.type ?? ''}
              onChange={(event) =>
                change({
                  ...params,
                  type: promoCodeTypes.find((type) => type === event.target.value),
                  page: 1,
                })
              }
            >
              <option value="">{t('payments.filters.any')}</option>
              {promoCodeTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`promocodes.types.${type}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {list.isPending && <div className="chart-placeholder" aria-busy="true" />}
        {list.data?.items.length === 0 && <p className="muted empty">{t('promocodes.none')}</p>}
        {list.data && list.data.items.length > 0 && (
          <div className="table-scroll">
            <table className="table record-table">
              <thead>
                <tr>
                  <th scope="col">{t('promocodes.fields.code')}</th>
                  <th scope="col">{t('promocodes.fields.type')}</th>
                  <th scope="col">{t('promocodes.fields.status')}</th>
                  <th scope="col">{t('promocodes.columns.fee')}</th>
                  <th scope="col">{t('promocodes.columns.window')}</th>
                  <th scope="col" data-numeric>
                    {t('promocodes.columns.used')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((code) => (
                  <tr key={code.id} data-code={code.code}>
                    <th scope="row" data-label={t('promocodes.fields.code')} className="record-title">
                      <Link to={`/promocodes/${code.id}`} className="mono">
                        {code.code}
                      </Link>
                    </th>
                    <td data-label={t('promocodes.fields.type')}>{t(`promocodes.types.${code.type}`)}</td>
                    <td data-label={t('promocodes.fields.status')}>{t(`promocodes.statuses.${code.status}`)}</td>
                    <td data-label={t('promocodes.columns.fee')}>
                      {t(`promocodes.feeSummary.${code.fee_type}`, {
                        percent: formatPercent(code.fee_percent, locale),
                      })}
                    </td>
                    <td data-label={t('promocodes.columns.window')} className="small">
                      {formatDateTime(new Date(code.effective_from), locale)}
                      {' – '}
                      {code.effective_to ? formatDateTime(new Date(code.effective_to), locale) : '∞'}
                    </td>
                    <td data-numeric data-label={t('promocodes.columns.used')}>
                      {code.usage_limit === null ? code.used : `${code.used} / ${code.usage_limit}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager
          summaryKey="promocodes.count"
          page={params.page}
          perPage={promoCodesPerPage}
          total={list.data?.total}
          onPage={(page) => change({ ...params, page })}
        />
      </section>
    </div>
  );
}
