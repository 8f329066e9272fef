import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChartPeriod, Resolution } from '@pool/contract/mining';
import { paths } from '@pool/contract/paths';
import { miningKey } from './mining-api.ts';
import { scopePath, type MiningScope } from './mining-scope.ts';

/** Spec 9: the chart period each bucket width draws. */
export const periodOfResolution: Partial<Record<Resolution, ChartPeriod>> = {
  PT1M: 'PT15M',
  PT5M: 'PT1H',
  PT20M: 'P1D',
  PT4H: 'P1W',
};

type MiningEvent = { type: 'buckets_closed'; resolution: Resolution } | { type: 'worker_status_changed' };

/**
 * What a server event makes stale: a closed bucket moves the chart of its period on by a point and
 * the figures with it; a worker changing status changes the lists and counts. Queries refetch in
 * the background and keep showing their data meanwhile, so nothing flickers.
 */
export function applyMiningEvent(client: QueryClient, event: MiningEvent): void {
  const matches = (parts: readonly unknown[]) => ({
    predicate: (query: { queryKey: readonly unknown[] }) =>
      query.queryKey[0] === miningKey &&
      parts.every((part, index) => part === undefined || query.queryKey[index + 1] === part),
  });
  if (event.type === 'buckets_closed') {
    const period = periodOfResolution[event.resolution];
    if (!period) return;
    void client.invalidateQueries({
      predicate: (query) =>
        query.queryKey[0] === miningKey &&
        (query.queryKey[1] === 'chart' || query.queryKey[1] === 'worker-chart') &&
        query.queryKey.at(-1) === period,
    });
    void client.invalidateQueries(matches(['stats']));
    void client.invalidateQueries(matches(['worker-stats']));
    if (event.resolution === 'PT1M') void client.invalidateQueries(matches(['workers']));
    return;
  }
  void client.invalidateQueries(matches(['workers']));
  void client.invalidateQueries(matches(['statuses']));
  void client.invalidateQueries(matches(['stats']));
}

/** Subscribes the screen to the scope's Server-Sent Events for as long as it is shown; nothing polls. */
export function useMiningLiveUpdates(scope: MiningScope | undefined): void {
  const client = useQueryClient();
  const token = scope?.watcherToken;
  const path = scope ? scopePath(scope) : undefined;
  useEffect(() => {
    if (!path || typeof EventSource === 'undefined') return;
    // EventSource cannot send headers; the watcher token goes in the query of this one route.
    const query = token ? `?watcher_token=${encodeURIComponent(token)}` : '';
    const source = new EventSource(`${paths.apiVersion}${path}/events${query}`, { withCredentials: true });
    const on = (type: MiningEvent['type']) => (message: MessageEvent<string>) => {
      const data = JSON.parse(message.data) as Record<string, unknown>;
      applyMiningEvent(client, { ...data, type } as MiningEvent);
    };
    source.addEventListener('buckets_closed', on('buckets_closed'));
    source.addEventListener('worker_status_changed', on('worker_status_changed'));
    return () => source.close();
  }, [client, path, token]);
}
