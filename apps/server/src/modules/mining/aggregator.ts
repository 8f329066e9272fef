import { addTotals, type ShareTotals } from './hashrate.ts';
import type { Share } from './share-validation.ts';
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
  /** What the worker's row says; it trails `lastShareAt` by at most a few seconds (engine.ts). */
  storedLastShareAt: number | null;
}

export const workerKey = (minerId: string, workerName: string): string => `${minerId}/${workerName}`;

interface Pending {
  minutes: Map<number, ShareTotals>;
  firstShareAt: number;
  lastShareAt: number;
}

export interface FlushSnapshot {
  workerMinutes: (BucketDelta<WorkerEntry> & { minute: number })[];
  accountMinutes: BucketDelta<string>[];
  workerActivity: ActivityDelta<WorkerEntry>[];
  accountActivity: (ActivityDelta<string> & { kind: 'miner' | 'operator' | 'pool' })[];
  shares: number;
}

/**
 * Sums shares per worker and minute in memory until the next flush, so that a flush writes one
 * row per worker and minute however many shares came in.
 */
export function shareAggregator() {
  let pending = new Map<WorkerEntry, Pending>();
  let shares = 0;

  function pendingOf(entry: WorkerEntry, at: number): Pending {
    let state = pending.get(entry);
    if (!state) {
      state = { minutes: new Map(), firstShareAt: at, lastShareAt: at };
      pending.set(entry, state);
    }
    return state;
  }

  function addToMinute(state: Pending, start: number, totals: ShareTotals): void {
    const existing = state.minutes.get(start);
    if (existing) {
      existing.acceptedDifficulty += totals.acceptedDifficulty;
      existing.rejectedDifficulty += totals.rejectedDifficulty;
      existing.acceptedShares += totals.acceptedShares;
      existing.rejectedShares += totals.rejectedShares;
    } else state.minutes.set(start, { ...totals });
  }

  return {
    get shares(): number {
      return shares;
    },

    add(entry: WorkerEntry, share: Share): void {
      const state = pendingOf(entry, share.at);
      if (share.at < state.firstShareAt) state.firstShareAt = share.at;
      if (share.at > state.lastShareAt) state.lastShareAt = share.at;
      const start = share.at - (share.at % minute);
      let totals = state.minutes.get(start);
      if (!totals) {
        totals = { acceptedDifficulty: 0, rejectedDifficulty: 0, acceptedShares: 0, rejectedShares: 0 };
        state.minutes.set(start, totals);
      }
      if (share.accepted) {
        totals.acceptedDifficulty += share.difficulty;
        totals.acceptedShares += 1;
      } else {
        totals.rejectedDifficulty += share.difficulty;
        totals.rejectedShares += 1;
      }
      shares += 1;
    },

    /** A minute already summed elsewhere (history the demo backfills). */
    addMinute(entry: WorkerEntry, start: number, totals: ShareTotals, lastShareAt: number): void {
      const state = pendingOf(entry, start);
      state.firstShareAt = Math.min(state.firstShareAt, start);
      state.lastShareAt = Math.max(state.lastShareAt, lastShareAt);
      addToMinute(state, start, totals);
      shares += totals.acceptedShares + totals.rejectedShares;
    },

    /** Hands over everything summed so far, with the per-account sums, and starts afresh. */
    take(): FlushSnapshot {
      const taken = pending;
      const takenShares = shares;
      pending = new Map();
      shares = 0;
      const workerMinutes: FlushSnapshot['workerMinutes'] = [];
      const workerActivity: FlushSnapshot['workerActivity'] = [];
      const accounts = new Map<string, ShareTotals>();
      const activity = new Map<string, ActivityDelta<string> & { kind: 'miner' | 'operator' | 'pool' }>();
      for (const [entry, state] of taken) {
        workerActivity.push({ owner: entry, firstShareAt: state.firstShareAt, lastShareAt: state.lastShareAt });
        const owners: [string, 'miner' | 'operator' | 'pool'][] = [
          [entry.minerId, 'miner'],
          [entry.poolId, 'pool'],
        ];
        if (entry.operatorId) owners.push([entry.operatorId, 'operator']);
        for (const [owner, kind] of owners) {
          const seen = activity.get(owner);
          if (!seen)
            activity.set(owner, { owner, kind, firstShareAt: state.firstShareAt, lastShareAt: state.lastShareAt });
          else {
            seen.firstShareAt = Math.min(seen.firstShareAt, state.firstShareAt);
            seen.lastShareAt = Math.max(seen.lastShareAt, state.lastShareAt);
          }
        }
        for (const [start, totals] of state.minutes) {
          workerMinutes.push({ owner: entry, bucketStart: start, minute: start, ...totals });
          for (const [owner] of owners) {
            const key = `${owner}/${start}`;
            accounts.set(key, addTotals(accounts.get(key) ?? noTotals, totals));
          }
        }
      }
      const accountMinutes = [...accounts].map(([key, totals]) => {
        const slash = key.lastIndexOf('/');
        return { owner: key.slice(0, slash), bucketStart: Number(key.slice(slash + 1)), ...totals };
      });
      return {
        workerMinutes,
        accountMinutes,
        workerActivity,
        accountActivity: [...activity.values()],
        shares: takenShares,
      };
    },
  };
}

const noTotals: ShareTotals = { acceptedDifficulty: 0, rejectedDifficulty: 0, acceptedShares: 0, rejectedShares: 0 };

export type ShareAggregator = ReturnType<typeof shareAggregator>;
