import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { applyMiningEvent } from './live-updates.ts';
import { miningKey } from './mining-api.ts';

function clientWith(keys: readonly (readonly unknown[])[]): QueryClient {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, {});
  return client;
}

const stale = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.isStale())
    .map((query) => query.queryKey.join(' '));

describe('live updates from server events', () => {
  it('a closed minute moves the 15-minute charts and the figures on, and nothing else', () => {
    const client = clientWith([
      [miningKey, 'chart', 'miner', 'm1', 'person', 'PT15M'],
      [miningKey, 'chart', 'miner', 'm1', 'person', 'P1D'],
      [miningKey, 'worker-chart', 'miner', 'm1', 'person', 7, 'PT15M'],
      [miningKey, 'stats', 'miner', 'm1', 'person'],
      [miningKey, 'statuses', 'miner', 'm1', 'person', ''],
    ]);
    applyMiningEvent(client, { type: 'buckets_closed', resolution: 'PT1M' });
    expect(stale(client).sort()).toEqual(
      [
        'mining chart miner m1 person PT15M',
        'mining worker-chart miner m1 person 7 PT15M',
        'mining stats miner m1 person',
      ].sort(),
    );
  });

  it('a 20-minute bucket moves the day chart', () => {
    const client = clientWith([
      [miningKey, 'chart', 'miner', 'm1', 'person', 'PT15M'],
      [miningKey, 'chart', 'miner', 'm1', 'person', 'P1D'],
    ]);
    applyMiningEvent(client, { type: 'buckets_closed', resolution: 'PT20M' });
    expect(stale(client)).toEqual(['mining chart miner m1 person P1D']);
  });

  it('a worker changing status refreshes the lists and counts, not the charts', () => {
    const client = clientWith([
      [miningKey, 'chart', 'miner', 'm1', 'person', 'PT15M'],
      [miningKey, 'workers', 'miner', 'm1', 'person', {}],
      [miningKey, 'statuses', 'miner', 'm1', 'person', ''],
    ]);
    applyMiningEvent(client, { type: 'worker_status_changed' });
    expect(stale(client).sort()).toEqual(
      ['mining statuses miner m1 person ', 'mining workers miner m1 person [object Object]'].sort(),
    );
  });
});
