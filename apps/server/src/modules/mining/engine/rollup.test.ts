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
  const refreshes: { window: string; workerIds: number[] | undefined }[] = [];
  const repository = {
    rollupState: () => Promise.resolve(new Map<Resolution, number>()),
    markClosed: () => Promise.resolve(),
    refreshWorkerStats: (window: string, _from: number, _to: number, workerIds?: number[]) => {
      refreshes.push({ window, workerIds });
      return Promise.resolve(0);
    },
    accountsWithMinute: () => Promise.resolve([]),
    rollUp: (resolution: Resolution, from: number, to: number, options: { workerIds?: number[] } = {}) => {
      rollUps.push({ resolution, from, to, scoped: options.workerIds !== undefined });
      return Promise.resolve([]);
    },
  } as unknown as MiningWriteRepository;
  return { repository, rollUps, refreshes };
}

describe('bucket closer', () => {
  it('recomputes the closed buckets a late share reached, and not the day still open', async () => {
    const { repository, rollUps } = recordingRepository();
    const closer = bucketCloser(repository, miningEventBus(), { closeDelay: 5000, maxShareAge: 30 * minute });
    await closer.load(now);
    rollUps.length = 0;
    // 11:40:30: its 5-minute, 20-minute (11:40-12:00) and 4-hour (08:00-12:00) buckets have closed.
    closer.markLate(1, ['miner'], now - 20 * minute);
    await closer.close(closer.plan(now));
    expect(rollUps.filter((call) => call.scoped).map((call) => call.resolution)).toEqual(['PT5M', 'PT20M', 'PT4H']);
  });

  it('refreshes only the figures whose windows the recomputed buckets are in', async () => {
    const { repository, refreshes } = recordingRepository();
    const closer = bucketCloser(repository, miningEventBus(), { closeDelay: 5000, maxShareAge: 30 * minute });
    // 12:03:30: minutes have closed through 12:03, five-minute buckets through 12:00.
    await closer.load(now + 3 * minute);
    refreshes.length = 0;
    // 12:01:30 is late, in a five-minute bucket still open: its close rolls it up with everyone's.
    closer.markLate(1, ['miner'], now + minute);
    await closer.close(closer.plan(now));
    expect(refreshes).toEqual([]);
    // 11:43:30: its five-minute bucket is in the hour's figures, its 20-minute one in the day's.
    closer.markLate(2, ['miner'], now - 17 * minute);
    closer.markLate(3, ['miner'], now - 17 * minute);
    await closer.close(closer.plan(now));
    expect(refreshes).toEqual([
      { window: '1h', workerIds: [2, 3] },
      { window: '24h', workerIds: [2, 3] },
    ]);
  });

  it('leaves late shares to the next minute close: they alone do not make a tick read the buckets', async () => {
    const { repository, rollUps } = recordingRepository();
    const closer = bucketCloser(repository, miningEventBus(), { closeDelay: 5000, maxShareAge: 30 * minute });
    await closer.load(now);
    rollUps.length = 0;
    closer.markLate(1, ['miner'], now - 20 * minute);
    expect(closer.due(now + 20_000)).toBe(false);
    expect(closer.due(now + 35_000)).toBe(true);
    await closer.close(closer.plan(now + 35_000));
    expect(rollUps.filter((call) => call.scoped).map((call) => call.resolution)).toEqual(['PT5M', 'PT20M', 'PT4H']);
  });

  it('plans a close apart from its writes: a share counted meanwhile into what it closes waits for the next', async () => {
    const { repository, rollUps } = recordingRepository();
    const closer = bucketCloser(repository, miningEventBus(), { closeDelay: 5000, maxShareAge: 30 * minute });
    await closer.load(now);
    rollUps.length = 0;
    // 12:05:10: the minute and the five minutes up to 12:05 are planned closed.
    const plan = closer.plan(now + 4 * minute + 40_000);
    expect(closer.due(now + 4 * minute + 40_000)).toBe(false);
    closer.markLate(1, ['miner'], now + 4 * minute);
    // Readers see them open until the close is written.
    expect(closer.closedThrough('PT5M')).toBe(now - 30_000);
    await closer.close(plan);
    expect(closer.closedThrough('PT5M')).toBe(now + 4 * minute + 30_000);
    expect(rollUps.filter((call) => call.scoped)).toEqual([]);
    await closer.close(closer.plan(now + 4 * minute + 40_000));
    expect(rollUps.filter((call) => call.scoped).map((call) => call.resolution)).toEqual(['PT5M']);
  });

  it('writes a failed close again with the next', async () => {
    const { repository, rollUps } = recordingRepository();
    const closer = bucketCloser(repository, miningEventBus(), { closeDelay: 5000, maxShareAge: 30 * minute });
    await closer.load(now);
    const rollUp = repository.rollUp;
    repository.rollUp = () => Promise.reject(new Error('the database went away'));
    const at = now + 4 * minute + 40_000;
    await expect(closer.close(closer.plan(at))).rejects.toThrow('the database went away');
    expect([closer.due(at), closer.closedThrough('PT5M')]).toEqual([true, now - 30_000]);
    repository.rollUp = rollUp;
    rollUps.length = 0;
    await closer.close(closer.plan(at + minute));
    expect(rollUps.find((call) => call.resolution === 'PT5M')).toMatchObject({ from: now - 30_000, to: at - 10_000 });
    expect([closer.due(at + minute), closer.closedThrough('PT1M')]).toEqual([false, at + minute - 10_000]);
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
    await closer.close(closer.plan(now));
    expect(rollUps).toEqual([]);
  });

  it('still recomputes a late bucket older than the imported history', async () => {
    const { repository, rollUps } = recordingRepository();
    const closer = bucketCloser(repository, miningEventBus(), { closeDelay: 5000, maxShareAge: 30 * minute });
    await closer.load(now);
    closer.markLate(1, ['miner'], now - 25 * minute);
    await closer.rollUpHistory(now - 15 * minute);
    rollUps.length = 0;
    await closer.close(closer.plan(now));
    expect(rollUps.filter((call) => call.scoped).length).toBeGreaterThan(0);
  });
});
