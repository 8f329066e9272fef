import { describe, expect, it } from 'vitest';
import type { Resolution } from '@pool/contract/mining';
import { miningEventBus } from '../events.ts';
import { bucketCloser } from './rollup.ts';
import type { MiningWriteRepository } from './write-repository.ts';

const minute = 60_000;
const hour = 60 * minute;
const now = Date.parse('2026-03-08T12:00:30Z');

/** The statements the closer asks for, recorded instead of run. */
function recordingRepository() {
  const rollUps: { resolution: Resolution; from: number; to: number; scoped: boolean }[] = [];
  const repository = {
    rollupState: () => Promise.resolve(new Map<Resolution, number>()),
    markClosed: () => Promise.resolve(),
    refreshWorkerStats: () => Promise.resolve(0),
    accountsWithMinute: () => Promise.resolve([]),
    rollUp: (resolution: Resolution, from: number, to: number, options: { workerIds?: number[] } = {}) => {
      rollUps.push({ resolution, from, to, scoped: options.workerIds !== undefined });
      return Promise.resolve([]);
    },
  } as unknown as MiningWriteRepository;
  return { repository, rollUps };
}

describe('bucket closer', () => {
  it('recomputes the closed buckets a late share reached, and not the day still open', async () => {
    const { repository, rollUps } = recordingRepository();
    const closer = bucketCloser(repository, miningEventBus(), { closeDelay: 5000, maxShareAge: 30 * minute });
    await closer.load(now);
    rollUps.length = 0;
    // 11:40:30: its 5-minute, 20-minute (11:40-12:00) and 4-hour (08:00-12:00) buckets have closed.
    closer.markLate(1, ['miner'], now - 20 * minute);
    await closer.recomputeLate();
    expect(rollUps.filter((call) => call.scoped).map((call) => call.resolution)).toEqual(['PT5M', 'PT20M', 'PT4H']);
  });

  it('leaves nothing to recompute bucket by bucket after a history import rolled it all up', async () => {
    const { repository, rollUps } = recordingRepository();
    const closer = bucketCloser(repository, miningEventBus(), { closeDelay: 5000, maxShareAge: 30 * minute });
    await closer.load(now);
    // A week of history arrives below the watermarks: every minute of it is late.
    const from = now - 7 * 24 * hour;
    for (let at = from; at < now - 10 * minute; at += minute) closer.markLate(1, ['miner'], at);
    rollUps.length = 0;
    await closer.rollUpHistory(from);
    expect(rollUps.every((call) => !call.scoped && call.from <= from)).toBe(true);
    rollUps.length = 0;
    await closer.recomputeLate();
    expect(rollUps).toEqual([]);
  });

  it('still recomputes a late bucket older than the imported history', async () => {
    const { repository, rollUps } = recordingRepository();
    const closer = bucketCloser(repository, miningEventBus(), { closeDelay: 5000, maxShareAge: 30 * minute });
    await closer.load(now);
    closer.markLate(1, ['miner'], now - 25 * minute);
    await closer.rollUpHistory(now - 15 * minute);
    rollUps.length = 0;
    await closer.recomputeLate();
    expect(rollUps.filter((call) => call.scoped).length).toBeGreaterThan(0);
  });
});
