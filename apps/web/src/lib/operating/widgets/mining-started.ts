import type { QueryClient } from '@tanstack/react-query';
import { reportMiningStarted } from './support-tools.ts';

/** The mining queries' root key (lib/mining/mining-api.ts), named here so that this lazy module imports none of them. */
const miningRoot = 'mining';

function totalOf(value: unknown): number | undefined {
  const total = (value as { total?: unknown } | null | undefined)?.total;
  return typeof total === 'number' ? total : undefined;
}

/**
 * Whether a mining answer says the account has a worker: the account's statistics carry its worker
 * counts, and the unfiltered worker statuses count them all. Undefined for any other answer.
 */
export function miningStartedFrom(queryKey: readonly unknown[], data: unknown): boolean | undefined {
  if (queryKey[0] !== miningRoot || data === undefined) return undefined;
  const fromStats = typeof data === 'object' && data !== null && 'workers' in data ? totalOf(data.workers) : undefined;
  if (fromStats !== undefined) return fromStats > 0;
  if (queryKey[1] === 'statuses' && queryKey.at(-1) === '') {
    const total = totalOf(data);
    return total === undefined ? undefined : total > 0;
  }
  return undefined;
}

/** Spec 9: the messenger's 'Mining Started' follows what the screens learn of the account's workers. */
export function watchMiningStarted(client: QueryClient): () => void {
  // What the screens learned before the messenger loaded counts too.
  for (const query of client.getQueryCache().getAll()) {
    const started = miningStartedFrom(query.queryKey, query.state.data);
    if (started !== undefined) reportMiningStarted(started);
  }
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const started = miningStartedFrom(event.query.queryKey as readonly unknown[], event.query.state.data);
    if (started !== undefined) reportMiningStarted(started);
  });
}
