import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ShareTotals } from '../hashrate.ts';
import { shareAggregator, workerKey, type FlushSnapshot, type WorkerEntry } from './aggregator.ts';

const minute = 60_000;
const start = Date.UTC(2026, 11, 2, 10, 0);

function worker(miner: number, name: string, operatorId: string | null): WorkerEntry {
  const minerId = `miner-${miner}`;
  return {
    key: workerKey(minerId, name),
    id: undefined,
    minerId,
    operatorId,
    poolId: 'pool',
    workerName: name,
    firstShareAt: null,
    lastShareAt: null,
    storedLastShareAt: null,
  };
}

const workers = [
  worker(1, 'rig1', 'operator'),
  worker(1, 'rig2', 'operator'),
  worker(2, 'rig1', null),
  worker(3, 'rig1', 'operator'),
];

type Step = { kind: 'share'; worker: number; at: number; difficulty: number; accepted: boolean } | { kind: 'take' };

const steps = fc.array(
  fc.oneof(
    {
      weight: 9,
      arbitrary: fc.record({
        kind: fc.constant('share' as const),
        worker: fc.integer({ min: 0, max: workers.length - 1 }),
        // Three minutes, so that a worker's shares fall in its first minute and in others.
        at: fc.integer({ min: start, max: start + 3 * minute - 1 }),
        difficulty: fc.integer({ min: 1, max: 1 << 20 }),
        accepted: fc.boolean(),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'take' as const }) },
  ),
  { maxLength: 200 },
);

/** What a flush should hold, summed the plain way: per owner and minute, and each owner's first and last share. */
function expected(shares: Extract<Step, { kind: 'share' }>[]) {
  const minutes = new Map<string, ShareTotals>();
  const activity = new Map<string, { first: number; last: number }>();
  const add = (owner: string, share: (typeof shares)[number]) => {
    const key = `${owner}@${share.at - (share.at % minute)}`;
    const sums = minutes.get(key) ?? {
      acceptedDifficulty: 0,
      rejectedDifficulty: 0,
      acceptedShares: 0,
      rejectedShares: 0,
    };
    if (share.accepted) {
      sums.acceptedDifficulty += share.difficulty;
      sums.acceptedShares += 1;
    } else {
      sums.rejectedDifficulty += share.difficulty;
      sums.rejectedShares += 1;
    }
    minutes.set(key, sums);
    const seen = activity.get(owner) ?? { first: share.at, last: share.at };
    activity.set(owner, { first: Math.min(seen.first, share.at), last: Math.max(seen.last, share.at) });
  };
  for (const share of shares) {
    const entry = workers[share.worker] as WorkerEntry;
    for (const owner of [entry.key, entry.minerId, entry.poolId, entry.operatorId]) if (owner) add(owner, share);
  }
  return { minutes, activity };
}

/** The same figures read from a flush's snapshot. */
function actual(snapshot: FlushSnapshot) {
  const minutes = new Map<string, ShareTotals>();
  const activity = new Map<string, { first: number; last: number }>();
  const { workerMinutes } = snapshot;
  workerMinutes.owners.forEach((entry, row) => {
    const key = `${entry.key}@${workerMinutes.bucketStarts[row]}`;
    expect(minutes.has(key), `${key} twice`).toBe(false);
    minutes.set(key, {
      acceptedDifficulty: workerMinutes.acceptedDifficulty[row] as number,
      rejectedDifficulty: workerMinutes.rejectedDifficulty[row] as number,
      acceptedShares: workerMinutes.acceptedShares[row] as number,
      rejectedShares: workerMinutes.rejectedShares[row] as number,
    });
  });
  for (const { owner, bucketStart, ...totals } of snapshot.accountMinutes)
    minutes.set(`${owner}@${bucketStart}`, totals);
  for (const { owner, firstShareAt, lastShareAt } of snapshot.workerActivity)
    activity.set(owner.key, { first: firstShareAt, last: lastShareAt });
  for (const { owner, firstShareAt, lastShareAt } of snapshot.accountActivity)
    activity.set(owner, { first: firstShareAt, last: lastShareAt });
  return { minutes, activity };
}

describe('the share aggregator', () => {
  it('hands each flush the sums of its own shares alone, per worker, account and minute', () => {
    fc.assert(
      fc.property(steps, (run) => {
        const aggregator = shareAggregator();
        let since: Extract<Step, { kind: 'share' }>[] = [];
        const check = () => {
          const counted = aggregator.shares;
          const snapshot = aggregator.take();
          expect(snapshot.shares).toBe(since.length);
          expect(counted).toBe(since.length);
          expect(actual(snapshot)).toEqual(expected(since));
          since = [];
        };
        for (const step of [...run, { kind: 'take' } as const]) {
          if (step.kind === 'take') check();
          else {
            aggregator.add(workers[step.worker] as WorkerEntry, step.at, step.difficulty, step.accepted);
            since.push(step);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('lists a worker once per flush, in the order of its first share, its first minute first', () => {
    const aggregator = shareAggregator();
    const [a, b] = workers as [WorkerEntry, WorkerEntry];
    aggregator.add(b, start + 30_000, 1, true);
    aggregator.add(a, start + minute + 5, 2, true);
    aggregator.add(a, start + 10, 4, false);
    aggregator.add(b, start + 40_000, 8, true);
    const { workerMinutes, workerActivity } = aggregator.take();
    expect(workerMinutes.owners.map((entry) => entry.key)).toEqual([b.key, a.key, a.key]);
    expect([...workerMinutes.bucketStarts]).toEqual([start, start + minute, start]);
    expect(workerActivity).toEqual([
      { owner: b, firstShareAt: start + 30_000, lastShareAt: start + 40_000 },
      { owner: a, firstShareAt: start + 10, lastShareAt: start + minute + 5 },
    ]);
    expect(aggregator.take().workerMinutes.owners).toEqual([]);
  });
});
