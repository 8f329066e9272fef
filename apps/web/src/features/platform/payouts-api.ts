import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { BlockchainRequestStatus } from '@pool/contract/payout-codes';
import type {
  BlockchainRequest,
  BlockchainRequestsPage,
  PayoutBatch,
  PayoutSchedule,
  PayoutSchedules,
  SetPayoutScheduleBody,
} from '@pool/contract/payouts';
import { paths } from '@pool/contract/paths';
import { api } from '@/lib/api-client.ts';
import { platformQueryKey } from '@/lib/platform/platform-state.ts';

const desk = '/platform/payouts';
export const payoutsQueryKey = [...platformQueryKey, 'payouts'] as const;

/** `GET platform/payouts/schedule`: the current schedule, the past ones, and the payout mode. */
export const schedulesQuery = queryOptions({
  queryKey: [...payoutsQueryKey, 'schedule'],
  queryFn: ({ signal }) => api<PayoutSchedules>(`${desk}/schedule`, { signal }),
});

/** `PUT platform/payouts/schedule/current` (critical change). */
export const setSchedule = (body: SetPayoutScheduleBody) =>
  api<PayoutSchedule>(`${desk}/schedule/current`, { method: 'PUT', body });

/** `DELETE platform/payouts/schedule/current/fee-per-vbyte`: back to the fee level's estimate (critical). */
export const clearFeePerVbyte = () => api<unknown>(`${desk}/schedule/current/fee-per-vbyte`, { method: 'DELETE' });

export interface RequestsParams {
  statuses: BlockchainRequestStatus[];
  search: string;
  page: number;
}
export const requestsPerPage = 20;

/** `GET platform/payouts/blockchain-requests`: filtered by status, searched by account or txid, paged. */
export const requestsQuery = (params: RequestsParams) =>
  queryOptions({
    queryKey: [...payoutsQueryKey, 'requests', params],
    queryFn: ({ signal }) =>
      api<BlockchainRequestsPage>(`${desk}/blockchain-requests`, {
        query: {
          status: params.statuses.length ? params.statuses : undefined,
          search: params.search || undefined,
          page: params.page,
          per_page: requestsPerPage,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The requests of one batch: its addresses and amounts. */
export const batchRequestsQuery = (batchId: string) =>
  queryOptions({
    queryKey: [...payoutsQueryKey, 'batch-requests', batchId],
    queryFn: ({ signal }) =>
      api<BlockchainRequestsPage>(`${desk}/blockchain-requests`, {
        query: { batch_id: batchId, per_page: 100 },
        signal,
      }),
  });

/** `POST .../blockchain-requests/{id}/resend` (failed) or `reverse` (created or failed); critical. */
export const actOnRequest = (requestId: string, action: 'resend' | 'reverse') =>
  api<BlockchainRequest>(`${desk}/blockchain-requests/${encodeURIComponent(requestId)}/${action}`, {
    method: 'POST',
  });

/** `GET platform/payouts/batches`: newest first. */
export const batchesQuery = queryOptions({
  queryKey: [...payoutsQueryKey, 'batches'],
  queryFn: ({ signal }) => api<{ items: PayoutBatch[] }>(`${desk}/batches`, { signal }),
});

/** The CSV of a batch (address, amount) for a wallet's batch send; the browser downloads it as it comes. */
export const batchExportUrl = (batchId: string) =>
  `${paths.apiVersion}${desk}/batches/${encodeURIComponent(batchId)}/export`;

const batchPath = (batchId: string) => `${desk}/batches/${encodeURIComponent(batchId)}`;

/** Manual mode, critical changes: the txid sent, the confirmation, or the failure with its reason. */
export const recordTxid = (batchId: string, txid: string) =>
  api<PayoutBatch>(`${batchPath(batchId)}/txid`, { method: 'POST', body: { txid } });
export const completeBatch = (batchId: string) =>
  api<PayoutBatch>(`${batchPath(batchId)}/complete`, { method: 'POST' });
export const failBatch = (batchId: string, reason: string) =>
  api<PayoutBatch>(`${batchPath(batchId)}/fail`, { method: 'POST', body: { reason } });
