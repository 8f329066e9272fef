import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  ExternalRateSource,
  RewardRate,
  RewardRateHistory,
  SetRewardRateBody,
  UnallocatedPage,
  UnallocatedTransaction,
} from '@pool/contract/money';
import { api } from '@/lib/api-client.ts';
import { platformQueryKey } from '@/lib/platform/platform-state.ts';

/** `GET platform/rewards/rates`: the history, newest first, and the rate in force now. */
export const rateHistoryQuery = queryOptions({
  queryKey: [...platformQueryKey, 'rates'],
  queryFn: ({ signal }) => api<RewardRateHistory>('/platform/rewards/rates', { signal }),
});

/** `GET platform/rewards/rates/external-sources`: each source's latest value, read when asked. */
export const externalSourcesQuery = queryOptions({
  queryKey: [...platformQueryKey, 'rate-sources'],
  queryFn: ({ signal }) => api<{ items: ExternalRateSource[] }>('/platform/rewards/rates/external-sources', { signal }),
});

/** `PUT platform/rewards/rates/current`: a critical change; the step-up dialog opens when asked. */
export const setCurrentRate = (body: SetRewardRateBody) =>
  api<RewardRate>('/platform/rewards/rates/current', { method: 'PUT', body });

export type RefundedFilter = 'all' | 'false' | 'true';

export interface UnallocatedParams {
  refunded: RefundedFilter;
  page: number;
}

export const unallocatedPerPage = 20;

/** `GET platform/rewards/unallocated-funds`: newest first, 20 a page, with what is still held. */
export const unallocatedQuery = (params: UnallocatedParams) =>
  queryOptions({
    queryKey: [...platformQueryKey, 'unallocated', params],
    queryFn: ({ signal }) =>
      api<UnallocatedPage>('/platform/rewards/unallocated-funds', {
        query: {
          refunded: params.refunded === 'all' ? undefined : params.refunded,
          page: params.page,
          per_page: unallocatedPerPage,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** `POST platform/rewards/unallocated-funds/{id}/refund` to the miner with that account name (step-up). */
export const refundTransaction = (transactionId: string, accountName: string) =>
  api<UnallocatedTransaction>(`/platform/rewards/unallocated-funds/${encodeURIComponent(transactionId)}/refund`, {
    method: 'POST',
    body: { account_name: accountName },
  });
