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
  /** The aggregator's sums of this worker since the last flush; kept on the worker to be reused. */
  pending?: Pending;
}

export const workerKey = (minerId: string, workerName: string): string => `${minerId}/${workerName}`;

/**
 * A worker's sums since the last flush: those of the first minute it shared in, and of any other
 * minute (the turn of a minute, a backlog) in `others`. A worker gets a few shares between two
 * flushes, so the object is reused from flush to flush rather than made for each: that made one
 * object or more per share, and most of the aggregating thread's garbage (issue 18).
 */
interface Pending {
  /** The flush this belongs to; sums of an earlier one are stale and start again at zero. */
  round: number;
  firstShareAt: number;
  lastShareAt: number;
  minute: number;
  acceptedDifficulty: number;
  rejectedDifficulty: number;
  acceptedShares: number;
  rejectedShares: number;
  others: Map<number, ShareTotals> | undefined;
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
 * Every flush's number, across aggregators: a worker entry made for one engine and summed by
 * another (tests do it) never takes the other's sums for its own. An entry is summed by one
 * aggregator at a time, its engine's.
 */
let rounds = 0;

/**
 * Sums shares per worker and minute in memory until the next flush, so that a flush writes one
 * row per worker and minute however many shares came in.
 */
export function shareAggregator() {
  let round = (rounds += 1);
  /** The workers that shared since the last flush, in the order of their first share. */
  let touched: WorkerEntry[] = [];
  let unallocated = new Map<string, UnallocatedDelta>();
  let shares = 0;

  /** The worker's sums in this flush, started at `at` in its minute `start` on its first share. */
  function pendingOf(entry: WorkerEntry, at: number, start: number): Pending {
    let state = entry.pending;
    if (state === undefined) {
      // Blank, and stale (round 0): the reset below starts it.
      state = {
        round: 0,
        firstShareAt: 0,
        lastShareAt: 0,
        minute: 0,
        acceptedDifficulty: 0,
        rejectedDifficulty: 0,
        acceptedShares: 0,
        rejectedShares: 0,
        others: undefined,
      };
      entry.pending = state;
    }
    if (state.round !== round) {
      state.round = round;
      state.firstShareAt = at;
      state.lastShareAt = at;
      state.minute = start;
      state.acceptedDifficulty = 0;
      state.rejectedDifficulty = 0;
      state.acceptedShares = 0;
      state.rejectedShares = 0;
      state.others = undefined;
      touched.push(entry);
    }
    return state;
  }

  /** A minute other than the worker's first in this flush. */
  function otherMinute(state: Pending, start: number): ShareTotals {
    state.others ??= new Map();
    let totals = state.others.get(start);
    if (!totals) {
      totals = { acceptedDifficulty: 0, rejectedDifficulty: 0, acceptedShares: 0, rejectedShares: 0 };
      state.others.set(start, totals);
    }
    return totals;
  }

  function addToMinute(minutes: Map<number, ShareTotals>, start: number, totals: ShareTotals): void {
    const existing = minutes.get(start);
    if (existing) {
      existing.acceptedDifficulty += totals.acceptedDifficulty;
      existing.rejectedDifficulty += totals.rejectedDifficulty;
      existing.acceptedShares += totals.acceptedShares;
      existing.rejectedShares += totals.rejectedShares;
    } else {
      const { acceptedDifficulty, rejectedDifficulty, acceptedShares, rejectedShares } = totals;
      minutes.set(start, { acceptedDifficulty, rejectedDifficulty, acceptedShares, rejectedShares });
    }
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
      const start = at - (at % minute);
      const state = pendingOf(entry, at, start);
      if (at < state.firstShareAt) state.firstShareAt = at;
      if (at > state.lastShareAt) state.lastShareAt = at;
      const totals = start === state.minute ? state : otherMinute(state, start);
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
      const state = pendingOf(entry, start, start);
      state.firstShareAt = Math.min(state.firstShareAt, start);
      state.lastShareAt = Math.max(state.lastShareAt, lastShareAt);
      const sums = start === state.minute ? state : otherMinute(state, start);
      sums.acceptedDifficulty += totals.acceptedDifficulty;
      sums.rejectedDifficulty += totals.rejectedDifficulty;
      sums.acceptedShares += totals.acceptedShares;
      sums.rejectedShares += totals.rejectedShares;
      shares += totals.acceptedShares + totals.rejectedShares;
    },

    /** Hands over everything summed so far, with the per-account sums, and starts afresh. */
    take(): FlushSnapshot {
      const taken = touched;
      const takenShares = shares;
      const takenUnallocated = [...unallocated.values()];
      touched = [];
      round = rounds += 1;
      unallocated = new Map();
      shares = 0;
      let rows = 0;
      for (const entry of taken) rows += 1 + ((entry.pending as Pending).others?.size ?? 0);
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
      /** A row of the worker's minute, and the minute's sums added to its miner's, pool's and operator's. */
      const sumMinute = (
        entry: WorkerEntry,
        start: number,
        totals: ShareTotals,
        owners: [Map<number, ShareTotals>, Map<number, ShareTotals>, Map<number, ShareTotals> | undefined],
      ) => {
        workerMinutes.owners[row] = entry;
        workerMinutes.bucketStarts[row] = start;
        workerMinutes.acceptedDifficulty[row] = totals.acceptedDifficulty;
        workerMinutes.rejectedDifficulty[row] = totals.rejectedDifficulty;
        workerMinutes.acceptedShares[row] = totals.acceptedShares;
        workerMinutes.rejectedShares[row] = totals.rejectedShares;
        row += 1;
        addToMinute(owners[0], start, totals);
        addToMinute(owners[1], start, totals);
        if (owners[2]) addToMinute(owners[2], start, totals);
      };
      for (const entry of taken) {
        const state = entry.pending as Pending;
        workerActivity.push({ owner: entry, firstShareAt: state.firstShareAt, lastShareAt: state.lastShareAt });
        const owners: Parameters<typeof sumMinute>[3] = [
          touch(entry.minerId, 'miner', state),
          touch(entry.poolId, 'pool', state),
          entry.operatorId ? touch(entry.operatorId, 'operator', state) : undefined,
        ];
        sumMinute(entry, state.minute, state, owners);
        if (state.others) for (const [start, totals] of state.others) sumMinute(entry, start, totals, owners);
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
