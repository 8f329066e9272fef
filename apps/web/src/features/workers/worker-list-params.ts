import {
  workerSortKeys,
  workerStatuses,
  type SortDirection,
  type WorkerSortKey,
  type WorkerStatus,
} from '@pool/contract/mining-codes';
import type { WorkerListParams } from '@/lib/mining/mining-api.ts';

export const workersPerPage = 50;

const isStatus = (value: string): value is WorkerStatus => (workerStatuses as readonly string[]).includes(value);
const isSortKey = (value: string | null): value is WorkerSortKey =>
  (workerSortKeys as readonly (string | null)[]).includes(value);

/** The list's filters, sort and page as the address keeps them, so back, reload and links work. */
export function paramsFromSearch(search: URLSearchParams): WorkerListParams {
  const sort = search.get('sort');
  const direction: SortDirection = search.get('direction') === 'desc' ? 'desc' : 'asc';
  const page = Number(search.get('page') ?? '1');
  return {
    status: search.getAll('status').filter(isStatus),
    sort: isSortKey(sort) ? sort : 'worker_name',
    direction,
    search: search.get('q') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    perPage: workersPerPage,
  };
}

export function searchFromParams(params: WorkerListParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const status of params.status) search.append('status', status);
  if (params.sort !== 'worker_name') search.set('sort', params.sort);
  if (params.direction !== 'asc') search.set('direction', params.direction);
  if (params.search) search.set('q', params.search);
  if (params.page > 1) search.set('page', String(params.page));
  return search;
}

/** Clicking a column: sort by it, or turn its direction when it already sorts the list. */
export function nextSort(params: WorkerListParams, key: WorkerSortKey): WorkerListParams {
  if (params.sort === key) return { ...params, direction: params.direction === 'asc' ? 'desc' : 'asc', page: 1 };
  return { ...params, sort: key, direction: key === 'worker_name' ? 'asc' : 'desc', page: 1 };
}
