import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AccountMiningStats,
  BoundaryWorker,
  ChartPeriod,
  HashRateChart,
  SortDirection,
  WorkerList,
  WorkerSortKey,
  WorkerStatus,
  WorkerStatusCounts,
} from '@pool/contract/mining';
import { api } from '@/lib/api-client.ts';
import { scopeHeaders, scopeKey, scopePath, type MiningScope } from './mining-scope.ts';

/** Every mining query starts with this key, so live updates can find them. */
export const miningKey = 'mining';

export const chartQuery = (scope: MiningScope, period: ChartPeriod) =>
  queryOptions({
    queryKey: [miningKey, 'chart', ...scopeKey(scope), period],
    queryFn: ({ signal }) =>
      api<HashRateChart>(`${scopePath(scope)}/charts`, { query: { period }, headers: scopeHeaders(scope), signal }),
    // A new period keeps the old line on screen until its own arrives: no flash of emptiness.
    placeholderData: keepPreviousData,
  });

export const statsQuery = (scope: MiningScope) =>
  queryOptions({
    queryKey: [miningKey, 'stats', ...scopeKey(scope)],
    queryFn: ({ signal }) =>
      api<AccountMiningStats>(`${scopePath(scope)}/stats`, { headers: scopeHeaders(scope), signal }),
  });

export interface WorkerListParams {
  status: WorkerStatus[];
  sort: WorkerSortKey;
  direction: SortDirection;
  search: string;
  page: number;
  perPage: number;
}

export const workersQuery = (scope: MiningScope, params: WorkerListParams) =>
  queryOptions({
    queryKey: [miningKey, 'workers', ...scopeKey(scope), params],
    queryFn: ({ signal }) =>
      api<WorkerList>(`${scopePath(scope)}/workers`, {
        query: {
          status: params.status,
          sort: params.sort,
          direction: params.direction,
          search: params.search || undefined,
          page: params.page,
          per_page: params.perPage,
        },
        headers: scopeHeaders(scope),
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const statusCountsQuery = (scope: MiningScope, name: string) =>
  queryOptions({
    queryKey: [miningKey, 'statuses', ...scopeKey(scope), name],
    queryFn: ({ signal }) =>
      api<WorkerStatusCounts>(`${scopePath(scope)}/workers/statuses`, {
        query: { name: name || undefined },
        headers: scopeHeaders(scope),
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const workerChartQuery = (scope: MiningScope, workerId: number, period: ChartPeriod) =>
  queryOptions({
    queryKey: [miningKey, 'worker-chart', ...scopeKey(scope), workerId, period],
    queryFn: ({ signal }) =>
      api<HashRateChart>(`/workers/${workerId}/charts`, { query: { period }, headers: scopeHeaders(scope), signal }),
    placeholderData: keepPreviousData,
  });

export const boundaryWorkersQuery = (scope: MiningScope) =>
  queryOptions({
    queryKey: [miningKey, 'boundary', ...scopeKey(scope)],
    queryFn: ({ signal }) =>
      api<{ items: BoundaryWorker[] }>(`${scopePath(scope)}/workers/boundary`, {
        headers: scopeHeaders(scope),
        signal,
      }),
  });
