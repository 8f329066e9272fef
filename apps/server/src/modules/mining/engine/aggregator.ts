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

/**
 * An account's sums in one flush (a miner, its pool or its operator), from its workers' sums: its
 * first minute on the object itself, like a worker's, and any other in `others`.
 */
interface AccountSums extends ShareTotals {
  owner: string;
  kind: 'miner' | 'operator' | 'pool';
  firstShareAt: number;
  lastShareAt: number;
  minute: number;
  others: Map<number, ShareTotals> | undefined;
}

const totalsOf = ({ acceptedDifficulty, rejectedDifficulty, acceptedShares, rejectedShares }: ShareTotals) => ({
  acceptedDifficulty,
  rejectedDifficulty,
  acceptedShares,
  rejectedShares,
});

/** The account's sums in this flush, begun at its first worker's first minute; its span widened to the worker's. */
function accountSumsOf(
  accounts: Map<string, AccountSums>,
  owner: string,
  kind: AccountSums['kind'],
  worker: Pending,
): AccountSums {
  const sums = accounts.get(owner);
  if (sums === undefined) {
    const { firstShareAt, lastShareAt, minute } = worker;
    const fresh: AccountSums = {
      owner,
      kind,
      firstShareAt,
      lastShareAt,
      minute,
      acceptedDifficulty: 0,
      rejectedDifficulty: 0,
      acceptedShares: 0,
      rejectedShares: 0,
      others: undefined,
    };
    accounts.set(owner, fresh);
    return fresh;
  }
  if (worker.firstShareAt < sums.firstShareAt) sums.firstShareAt = worker.firstShareAt;
  if (worker.lastShareAt > sums.lastShareAt) sums.lastShareAt = worker.lastShareAt;
  return sums;
}

function addTotals(into: ShareTotals, totals: ShareTotals): void {
  into.acceptedDifficulty += totals.acceptedDifficulty;
  into.rejectedDifficulty += totals.rejectedDifficulty;
  into.acceptedShares += totals.acceptedShares;
  into.rejectedShares += totals.rejectedShares;
}

function addToAccount(sums: AccountSums, start: number, totals: ShareTotals): void {
  if (start === sums.minute) return addTotals(sums, totals);
  sums.others ??= new Map();
  const other = sums.others.get(start);
  if (other) addTotals(other, totals);
  else sums.others.set(start, totalsOf(totals));
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
      addTotals(start === state.minute ? state : otherMinute(state, start), totals);
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
      const addRow = (entry: WorkerEntry, start: number, totals: ShareTotals) => {
        workerMinutes.owners[row] = entry;
        workerMinutes.bucketStarts[row] = start;
        workerMinutes.acceptedDifficulty[row] = totals.acceptedDifficulty;
        workerMinutes.rejectedDifficulty[row] = totals.rejectedDifficulty;
        workerMinutes.acceptedShares[row] = totals.acceptedShares;
        workerMinutes.rejectedShares[row] = totals.rejectedShares;
        row += 1;
      };
      const workerActivity: FlushSnapshot['workerActivity'] = [];
      // One lookup per account a worker belongs to, by its id; its minutes are summed on the object.
      const accounts = new Map<string, AccountSums>();
      for (const entry of taken) {
        const state = entry.pending as Pending;
        workerActivity.push({ owner: entry, firstShareAt: state.firstShareAt, lastShareAt: state.lastShareAt });
        const miner = accountSumsOf(accounts, entry.minerId, 'miner', state);
        const pool = accountSumsOf(accounts, entry.poolId, 'pool', state);
        const operator =
          entry.operatorId === null ? undefined : accountSumsOf(accounts, entry.operatorId, 'operator', state);
        addRow(entry, state.minute, state);
        addToAccount(miner, state.minute, state);
        addToAccount(pool, state.minute, state);
        if (operator) addToAccount(operator, state.minute, state);
        if (state.others)
          for (const [start, totals] of state.others) {
            addRow(entry, start, totals);
            addToAccount(miner, start, totals);
            addToAccount(pool, start, totals);
            if (operator) addToAccount(operator, start, totals);
          }
      }
      const accountMinutes: BucketDelta<string>[] = [];
      const accountActivity: FlushSnapshot['accountActivity'] = [];
      for (const sums of accounts.values()) {
        const { owner, kind, firstShareAt, lastShareAt, minute: first, others } = sums;
        accountActivity.push({ owner, kind, firstShareAt, lastShareAt });
        accountMinutes.push({ owner, bucketStart: first, ...totalsOf(sums) });
        if (others) for (const [start, totals] of others) accountMinutes.push({ owner, bucketStart: start, ...totals });
      }
      return {
        workerMinutes,
        accountMinutes,
        workerActivity,
        accountActivity,
        unallocated: takenUnallocated,
        shares: takenShares,
      };
    },
  };
}

export type ShareAggregator = ReturnType<typeof shareAggregator>;
