import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { blockchainRequestStatuses, type BlockchainRequestStatus } from '@pool/contract/payout-codes';
import type { BlockchainRequest } from '@pool/contract/payouts';
import { Pager } from '@/components/ui/pager.tsx';
import { toast } from '@/components/toast/toast-store.ts';
import { ApiError } from '@/lib/api-client.ts';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatBtc } from '@/lib/money/format.ts';
import { serverText } from '@/lib/server-errors.ts';
import { actOnRequest, payoutsQueryKey, requestsPerPage, requestsQuery, type RequestsParams } from './payouts-api.ts';
import { useSearchState } from '@/lib/search-state/use-search-state.ts';

/** The list's filters live in the address, so a filtered view can be shared and survives a reload. */
export function requestsParamsOf(search: URLSearchParams): RequestsParams {
  const page = Number(search.get('page') ?? '1');
  return {
    statuses: blockchainRequestStatuses.filter((status) => search.getAll('status').includes(status)),
    search: search.get('q') ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

function searchOf(params: RequestsParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const status of params.statuses) search.append('status', status);
  if (params.search) search.set('q', params.search);
  if (params.page > 1) search.set('page', String(params.page));
  return search;
}

/**
 * Which actions a request allows (spec 3): resend a failed one, reverse a created or failed one.
 * A created request a batch already holds is neither: that batch's transaction may have left.
 */
export const actionsOf = ({ status, batch_id }: Pick<BlockchainRequest, 'status' | 'batch_id'>) =>
  status === 'failed'
    ? (['resend', 'reverse'] as const)
    : status === 'created' && batch_id === null
      ? (['reverse'] as const)
      : [];

/** Spec 3 "Blockchain request status": the payouts on their way, filtered, searched, paged, with their actions. */
export function BlockchainRequestsSection() {
  const { t } = useTranslation();
  const id = useId();
  const locale = currentLocale();
  const client = useQueryClient();
  const [params, change] = useSearchState(requestsParamsOf, searchOf);
  const list = useQuery(requestsQuery(params));
  const [busy, setBusy] = useState<string>();
  const toggle = (status: BlockchainRequestStatus) =>
    change({
      ...params,
      page: 1,
      statuses: params.statuses.includes(status)
        ? params.statuses.filter((item) => item !== status)
        : blockchainRequestStatuses.filter((item) => item === status || params.statuses.includes(item)),
    });
  const total = list.data?.total ?? 0;

  const act = async (request: BlockchainRequest, action: 'resend' | 'reverse') => {
    setBusy(request.id);
    try {
      await actOnRequest(request.id, action);
      toast.success(t(`platform.payouts.${action}Done`, { account: request.account_name }));
      await client.invalidateQueries({ queryKey: payoutsQueryKey });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'additional_authentication_required') return;
      toast.error(error instanceof ApiError ? serverText(t, error.message) : t('toasts.somethingWentWrong'));
      await client.invalidateQueries({ queryKey: payoutsQueryKey });
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('platform.payouts.requests')}</h2>
      <div className="status-filters" role="group" aria-label={t('platform.payouts.statusFilter')}>
        <button
          type="button"
          aria-pressed={params.statuses.length === 0}
          onClick={() => change({ ...params, statuses: [], page: 1 })}
        >
          {t('platform.payouts.allStatuses')}
        </button>
        {blockchainRequestStatuses.map((status) => (
          <button
            key={status}
            type="button"
            data-status={status}
            aria-pressed={params.statuses.includes(status)}
            onClick={() => toggle(status)}
          >
            {t(`payments.payout.statuses.${status}`)}
          </button>
        ))}
      </div>
      <div className="field">
        <label htmlFor={`${id}-search`}>{t('platform.payouts.search')}</label>
        <input
          id={`${id}-search`}
          type="search"
          autoComplete="off"
          defaultValue={params.search}
          onChange={(event) => change({ ...params, search: event.target.value.trim(), page: 1 })}
        />
      </div>
      {list.data && list.data.items.length === 0 && <p className="muted">{t('platform.payouts.noRequests')}</p>}
      {list.data && list.data.items.length > 0 && (
        <div className="table-scroll">
          <table className="table record-table requests-table">
            <thead>
              <tr>
                <th scope="col">{t('platform.payouts.columns.account')}</th>
                <th scope="col">{t('platform.payouts.columns.day')}</th>
                <th scope="col">{t('platform.payouts.columns.address')}</th>
                <th scope="col" data-numeric>
                  {t('platform.payouts.columns.amount')}
                </th>
                <th scope="col">{t('platform.payouts.columns.status')}</th>
                <th scope="col">{t('platform.payouts.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((request) => (
                <tr key={request.id} data-request={request.id} data-status={request.status}>
                  <th scope="row" data-label={t('platform.payouts.columns.account')} className="record-title">
                    {request.account_name}
                  </th>
                  <td data-label={t('platform.payouts.columns.day')}>{request.day}</td>
                  <td data-label={t('platform.payouts.columns.address')} className="payout-hash">
                    {request.address}
                    {request.txid && <span className="muted small payout-hash"> · {request.txid}</span>}
                  </td>
                  <td data-numeric data-label={t('platform.payouts.columns.amount')} className="record-amount">
                    {formatBtc(request.amount, locale)}
                  </td>
                  <td data-label={t('platform.payouts.columns.status')} className="record-status">
                    {t(`payments.payout.statuses.${request.status}`)}
                    {request.failure && <span className="muted small"> · {request.failure}</span>}
                  </td>
                  <td data-label={t('platform.payouts.columns.actions')}>
                    {actionsOf(request).map((action) => (
                      <button
                        key={action}
                        type="button"
                        className="button button-small"
                        disabled={busy === request.id}
                        aria-label={t(`platform.payouts.${action}Of`, {
                          account: request.account_name,
                          day: request.day,
                        })}
                        onClick={() => void act(request, action)}
                      >
                        {t(`platform.payouts.${action}`)}
                      </button>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {total > requestsPerPage && (
        <Pager
          summaryKey="payments.range"
          page={params.page}
          perPage={requestsPerPage}
          total={total}
          onPage={(page) => change({ ...params, page })}
        />
      )}
    </section>
  );
}
