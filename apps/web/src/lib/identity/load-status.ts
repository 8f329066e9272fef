import type { IdentityInfo } from '@pool/contract/identity';

/** Spec 4: the generic load status. */
export type LoadStatus = 'initial' | 'pending' | 'success' | 'error' | 'refreshing' | 'should-update';

/** The parts of a React Query state the spec's statuses are read from. */
export interface QueryState<T> {
  status: 'pending' | 'error' | 'success';
  fetchStatus: 'fetching' | 'paused' | 'idle';
  data: T | undefined;
}

/**
 * Spec 4 user-info load: initial, pending on the first load and refreshing on later ones, ending in
 * success or error. A reset of the query (sign-out, another account chosen) starts it over.
 */
export function userInfoStatus(query: QueryState<IdentityInfo>): LoadStatus {
  if (query.status === 'error') return 'error';
  if (query.status === 'pending') return query.fetchStatus === 'idle' ? 'initial' : 'pending';
  return query.fetchStatus === 'fetching' ? 'refreshing' : 'success';
}
