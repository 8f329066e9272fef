import type { Resolution } from '@pool/contract/mining';
import type { MiningEventBus } from '../events.ts';
import { bucketStart, periodLength, resolutionSpec, resolutionSpecs } from '../resolutions.ts';
import type { MiningWriteRepository, StatWindow } from './write-repository.ts';

/** Each stat window ends where its resolution is closed through: the stats are the chart's average. */
const statOfResolution: Partial<Record<Resolution, { window: StatWindow; length: number }>> = {
  PT1M: { window: '15m', length: periodLength.PT15M },
  PT5M: { window: '1h', length: periodLength.PT1H },
  PT20M: { window: '24h', length: periodLength.P1D },
};

interface Dirty {
  workers: Set<number>;
  accounts: Set<string>;
}

/**
 * Closes buckets as time passes: each resolution is rolled up from the finer one once its
 * buckets end (plus a short delay for shares in flight), the workers' current figures follow,
 * and buckets that late shares reached after they closed are recomputed.
 */
export function bucketCloser(
  repository: MiningWriteRepository,
  events: MiningEventBus,
  options: { closeDelay: number; maxShareAge: number },
) {
  const closed = new Map<Resolution, number>();
  /** Closed five-minute buckets that late shares reached, by start. */
  let dirty = new Map<number, Dirty>();
  let dirtyStats = new Set<number>();

  const closedThrough = (resolution: Resolution): number => {
    const value = closed.get(resolution);
    if (value === undefined) throw new Error('the bucket closer has not been loaded');
    return value;
  };

  async function refreshStats(resolution: Resolution, workerIds?: number[]): Promise<void> {
    const stat = statOfResolution[resolution];
    if (!stat) return;
    const to = closedThrough(resolution);
    await repository.refreshWorkerStats(stat.window, to - stat.length, to, workerIds);
  }

  return {
    closedThrough,

    /** Reads the watermarks, then redoes the recent roll-ups whose late corrections a stop may have lost. */
    async load(now: number): Promise<void> {
      const stored = await repository.rollupState();
      for (const spec of resolutionSpecs) {
        const initial = bucketStart(now - options.closeDelay, spec.width);
        const through = stored.get(spec.name) ?? initial;
        closed.set(spec.name, through);
        if (!stored.has(spec.name)) await repository.markClosed(spec.name, through);
      }
      for (const spec of resolutionSpecs) {
        if (!spec.finer) continue;
        const through = closedThrough(spec.name);
        const from = bucketStart(through - options.maxShareAge - spec.width, spec.width);
        await repository.rollUp(spec.name, from, through);
      }
      for (const resolution of ['PT1M', 'PT5M', 'PT20M'] as const) await refreshStats(resolution);
    },

    /** A process that does not write (one of a cluster's others): reads the writer's watermarks. */
    async watch(now: number): Promise<void> {
      const stored = await repository.rollupState();
      for (const spec of resolutionSpecs)
        closed.set(spec.name, stored.get(spec.name) ?? bucketStart(now - options.closeDelay, spec.width));
    },

    /** The writer closed a resolution through `through` (heard from its event). */
    heard(resolution: Resolution, through: number): void {
      if (through > (closed.get(resolution) ?? -Infinity)) closed.set(resolution, through);
    },

    /** Records a share counted into a minute whose roll-ups may already have been written. */
    markLate(workerId: number, accountIds: readonly string[], minute: number): void {
      if (minute >= closedThrough('PT1M')) return;
      dirtyStats.add(workerId);
      const start = bucketStart(minute, resolutionSpec('PT5M').width);
      if (start >= closedThrough('PT5M')) return;
      let entry = dirty.get(start);
      if (!entry) {
        entry = { workers: new Set(), accounts: new Set() };
        dirty.set(start, entry);
      }
      entry.workers.add(workerId);
      for (const account of accountIds) entry.accounts.add(account);
    },

    /** Would `close` close a bucket or recompute one that late shares reached? Both read the minute buckets. */
    due(now: number): boolean {
      return (
        dirty.size > 0 ||
        dirtyStats.size > 0 ||
        resolutionSpecs.some((spec) => bucketStart(now - options.closeDelay, spec.width) > closedThrough(spec.name))
      );
    },

    /** Closes every bucket that ended, announces it, then recomputes what late shares changed. */
    async close(now: number): Promise<void> {
      for (const spec of resolutionSpecs) {
        const closable = bucketStart(now - options.closeDelay, spec.width);
        const previous = closedThrough(spec.name);
        if (closable <= previous) continue;
        let accounts: string[];
        if (spec.finer) {
          accounts = await repository.rollUp(spec.name, previous, closable, { closeThrough: closable });
        } else {
          await repository.markClosed(spec.name, closable);
          accounts = await repository.accountsWithMinute(closable - spec.width, closable);
        }
        closed.set(spec.name, closable);
        await refreshStats(spec.name);
        events.publish({
          type: 'buckets_closed',
          resolution: spec.name,
          at: closable - spec.width,
          accountIds: new Set(accounts),
        });
      }
      await this.recomputeLate();
    },

    async recomputeLate(): Promise<void> {
      const taken = dirty;
      const stats = dirtyStats;
      dirty = new Map();
      dirtyStats = new Set();
      for (const [start, { workers, accounts }] of [...taken].sort(([a], [b]) => a - b)) {
        const scope = { workerIds: [...workers], accountIds: [...accounts] };
        for (const spec of resolutionSpecs) {
          if (!spec.finer) continue;
          const bucket = bucketStart(start, spec.width);
          if (bucket + spec.width > closedThrough(spec.name)) break;
          await repository.rollUp(spec.name, bucket, bucket + spec.width, scope);
        }
      }
      if (stats.size > 0) {
        const ids = [...stats];
        for (const resolution of ['PT1M', 'PT5M', 'PT20M'] as const) await refreshStats(resolution, ids);
      }
    },

    /** Rolls up history written below the watermarks (the demo's backfill) in one pass per resolution. */
    async rollUpHistory(from: number): Promise<void> {
      // These passes recompute every closed bucket from `from` on, which answers the late marks
      // the import left there; recomputing them one bucket at a time as well took minutes of
      // transactions on a week of history.
      const firstBucket = bucketStart(from, resolutionSpec('PT5M').width);
      for (const start of dirty.keys()) if (start >= firstBucket) dirty.delete(start);
      dirtyStats = new Set();
      for (const spec of resolutionSpecs) {
        if (!spec.finer) continue;
        const start = bucketStart(from, spec.width);
        const through = closedThrough(spec.name);
        if (start < through) await repository.rollUp(spec.name, start, through);
      }
      for (const resolution of ['PT1M', 'PT5M', 'PT20M'] as const) await refreshStats(resolution);
    },
  };
}

export type BucketCloser = ReturnType<typeof bucketCloser>;
