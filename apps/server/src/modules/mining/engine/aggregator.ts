import type { ShareTotals } from '../hashrate.ts';
import { bucketColumns, type BucketColumns } from './flush-writes.ts';
import type { ActivityDelta, BucketDelta } from './write-repository.ts';

const minute = 60_000;

/** A worker as the engine knows it; `id` is set once the worker's row exists. */
export interface WorkerEntry {
  readonly key: string;
  id: number | undefined;
  readonly minerId: string;
  readonly operatorId: string | null;
  readonly poolId: string;
  readonly workerName: string;
  firstShareAt: number | null;
  /** The last share committed to the database; status follows from it. */
  lastShareAt: number | null;
  /**
   * What the worker's row says, or will once the write under way commits (background-writes.ts);
   * it trails `lastShareAt` by at most a few seconds (worker-activity.ts).
   */
  storedLastShareAt: number | null;
}

export const workerKey = (minerId: string, workerName: string): string => `${minerId}/${workerName}`;

interface Pending {
  minutes: Map<number, ShareTotals>;
  firstShareAt: number;
  lastShareAt: number;
}

/** Accepted work of one account name no live miner has, on one UTC day (the reward goes to unallocated funds). */
export interface UnallocatedDelta {
  poolId: string;
  accountName: string;
  /** The UTC day's start, epoch milliseconds. */
  day: number;
  acceptedDifficulty: number;
  shares: number;
}

export interface FlushSnapshot {
  workerMinutes: BucketColumns<WorkerEntry[]>;
  accountMinutes: BucketDelta<string>[];
  workerActivity: ActivityDelta<WorkerEntry>[];
  accountActivity: (ActivityDelta<string> & { kind: 'miner' | 'operator' | 'pool' })[];
  unallocated: UnallocatedDelta[];
  shares: number;
}

const day = 24 * 60 * minute;

/**
 * Sums shares per worker and minute in memory until the next flush, so that a flush writes one
 * row per worker and minute however many shares came in.
 */
export function shareAggregator() {
  let pending = new Map<WorkerEntry, Pending>();
  let unallocated = new Map<string, UnallocatedDelta>();
  let shares = 0;

  function pendingOf(entry: WorkerEntry, at: number): Pending {
    let state = pending.get(entry);
    if (!state) {
      state = { minutes: new Map(), firstShareAt: at, lastShareAt: at };
      pending.set(entry, state);
    }
    return state;
  }

  function addToMinute(minutes: Map<number, ShareTotals>, start: number, totals: ShareTotals): void {
    const existing = minutes.get(start);
    if (existing) {
      existing.acceptedDifficulty += totals.acceptedDifficulty;
      existing.rejectedDifficulty += totals.rejectedDifficulty;
      existing.acceptedShares += totals.acceptedShares;
      existing.rejectedShares += totals.rejectedShares;
    } else minutes.set(start, { ...totals });
  }

  function addUnallocatedWork(poolId: string, accountName: string, at: number, difficulty: number, count: number) {
    const start = at - (at % day);
    const key = `${poolId}/${accountName}/${start}`;
    const totals = unallocated.get(key);
    if (totals) {
      totals.acceptedDifficulty += difficulty;
      totals.shares += count;
    } else unallocated.set(key, { poolId, accountName, day: start, acceptedDifficulty: difficulty, shares: count });
  }

  return {
    get shares(): number {
      return shares;
    },

    add(entry: WorkerEntry, at: number, difficulty: number, accepted: boolean): void {
      const state = pendingOf(entry, at);
      if (at < state.firstShareAt) state.firstShareAt = at;
      if (at > state.lastShareAt) state.lastShareAt = at;
      const start = at - (at % minute);
      let totals = state.minutes.get(start);
      if (!totals) {
        totals = { acceptedDifficulty: 0, rejectedDifficulty: 0, acceptedShares: 0, rejectedShares: 0 };
        state.minutes.set(start, totals);
      }
      if (accepted) {
        totals.acceptedDifficulty += difficulty;
        totals.acceptedShares += 1;
      } else {
        totals.rejectedDifficulty += difficulty;
        totals.rejectedShares += 1;
      }
      shares += 1;
    },

    /**
     * A share of an account name that no live miner has (unknown, or its miner deleted): not
     * dropped, its accepted work is summed per pool, name and UTC day for unallocated funds.
     */
    addUnallocated(poolId: string, accountName: string, at: number, difficulty: number, accepted: boolean): void {
      shares += 1;
      if (accepted) addUnallocatedWork(poolId, accountName, at, difficulty, 1);
    },

    /** A minute of an unknown account name summed elsewhere (history the demo backfills). */
    addUnallocatedMinute(poolId: string, accountName: string, start: number, totals: ShareTotals): void {
      shares += totals.acceptedShares + totals.rejectedShares;
      if (totals.acceptedShares > 0) {
        addUnallocatedWork(poolId, accountName, start, totals.acceptedDifficulty, totals.acceptedShares);
      }
    },

    /** A minute already summed elsewhere (history the demo backfills). */
    addMinute(entry: WorkerEntry, start: number, totals: ShareTotals, lastShareAt: number): void {
      const state = pendingOf(entry, start);
      state.firstShareAt = Math.min(state.firstShareAt, start);
      state.lastShareAt = Math.max(state.lastShareAt, lastShareAt);
      addToMinute(state.minutes, start, totals);
      shares += totals.acceptedShares + totals.rejectedShares;
    },

    /** Hands over everything summed so far, with the per-account sums, and starts afresh. */
    take(): FlushSnapshot {
      const taken = pending;
      const takenShares = shares;
      const takenUnallocated = [...unallocated.values()];
      pending = new Map();
      unallocated = new Map();
      shares = 0;
      let rows = 0;
      for (const state of taken.values()) rows += state.minutes.size;
      const workerMinutes = bucketColumns(new Array<WorkerEntry>(rows), rows);
      let row = 0;
      const workerActivity: FlushSnapshot['workerActivity'] = [];
      // Per account, then per minute: no string keys and no allocation per worker minute.
      const accounts = new Map<string, Map<number, ShareTotals>>();
      const activity = new Map<string, ActivityDelta<string> & { kind: 'miner' | 'operator' | 'pool' }>();
      const touch = (owner: string, kind: 'miner' | 'operator' | 'pool', state: Pending) => {
        const seen = activity.get(owner);
        if (!seen) {
          activity.set(owner, { owner, kind, firstShareAt: state.firstShareAt, lastShareAt: state.lastShareAt });
        } else {
          if (state.firstShareAt < seen.firstShareAt) seen.firstShareAt = state.firstShareAt;
          if (state.lastShareAt > seen.lastShareAt) seen.lastShareAt = state.lastShareAt;
        }
        let minutes = accounts.get(owner);
        if (!minutes) {
          minutes = new Map();
          accounts.set(owner, minutes);
        }
        return minutes;
      };
      for (const [entry, state] of taken) {
        workerActivity.push({ owner: entry, firstShareAt: state.firstShareAt, lastShareAt: state.lastShareAt });
        const minerMinutes = touch(entry.minerId, 'miner', state);
        const poolMinutes = touch(entry.poolId, 'pool', state);
        const operatorMinutes = entry.operatorId ? touch(entry.operatorId, 'operator', state) : undefined;
        for (const [start, totals] of state.minutes) {
          workerMinutes.owners[row] = entry;
          workerMinutes.bucketStarts[row] = start;
          workerMinutes.acceptedDifficulty[row] = totals.acceptedDifficulty;
          workerMinutes.rejectedDifficulty[row] = totals.rejectedDifficulty;
          workerMinutes.acceptedShares[row] = totals.acceptedShares;
          workerMinutes.rejectedShares[row] = totals.rejectedShares;
          row += 1;
          addToMinute(minerMinutes, start, totals);
          addToMinute(poolMinutes, start, totals);
          if (operatorMinutes) addToMinute(operatorMinutes, start, totals);
        }
      }
      const accountMinutes: BucketDelta<string>[] = [];
      for (const [owner, minutes] of accounts) {
        for (const [start, totals] of minutes) accountMinutes.push({ owner, bucketStart: start, ...totals });
      }
      return {
        workerMinutes,
        accountMinutes,
        workerActivity,
        accountActivity: [...activity.values()],
        unallocated: takenUnallocated,
        shares: takenShares,
      };
    },
  };
}

export type ShareAggregator = ReturnType<typeof shareAggregator>;
