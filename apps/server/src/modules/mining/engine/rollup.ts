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
 * What one close writes: each resolution's buckets that ended, in order from the minute up, and
 * the closed five-minute buckets late shares reached until the close was planned.
 */
export interface ClosePlan {
  closes: { resolution: Resolution; from: number; to: number }[];
  late: Map<number, Dirty>;
}

function mergeLate(into: Map<number, Dirty>, from: Map<number, Dirty>): void {
  for (const [start, { workers, accounts }] of from) {
    const entry = into.get(start);
    if (!entry) into.set(start, { workers: new Set(workers), accounts: new Set(accounts) });
    else {
      for (const worker of workers) entry.workers.add(worker);
      for (const account of accounts) entry.accounts.add(account);
    }
  }
}

/**
 * Closes buckets as time passes: each resolution is rolled up from the finer one once its
 * buckets end (plus a short delay for shares in flight), the workers' current figures follow,
 * and buckets that late shares reached after they closed are recomputed.
 *
 * Late corrections wait for the next minute to close, as an on-time share's do. A backlog of late
 * shares (a stratum server's queue after an outage) reaches every worker; recomputing its buckets
 * and figures on every tick rewrote 100,000 worker rows every 5 s and stalled the ingest.
 *
 * A close is planned and written apart (`plan`, then `close`), so that the flushes need not wait
 * for its writes: from the plan on, a share counted into a minute it closes is late, and marked
 * for the next close. Readers see a bucket closed once its roll-up is written (`closedThrough`).
 */
export function bucketCloser(
  repository: MiningWriteRepository,
  events: MiningEventBus,
  options: { closeDelay: number; maxShareAge: number },
) {
  /** Written through: what readers see closed. */
  const closed = new Map<Resolution, number>();
  /** Planned through: what a share counted from now on is late for. */
  const closing = new Map<Resolution, number>();
  /** Five-minute buckets planned closed that late shares reached, by start. */
  let dirty = new Map<number, Dirty>();
  /** A close that failed, to write again with the next. */
  let failed: ClosePlan | undefined;

  const through = (marks: Map<Resolution, number>, resolution: Resolution): number => {
    const value = marks.get(resolution);
    if (value === undefined) throw new Error('the bucket closer has not been loaded');
    return value;
  };
  const closedThrough = (resolution: Resolution): number => through(closed, resolution);
  const closingThrough = (resolution: Resolution): number => through(closing, resolution);
  const setBoth = (resolution: Resolution, at: number) => {
    closed.set(resolution, at);
    closing.set(resolution, at);
  };

  async function refreshStats(resolution: Resolution, workerIds?: number[]): Promise<void> {
    const stat = statOfResolution[resolution];
    if (!stat) return;
    const to = closedThrough(resolution);
    await repository.refreshWorkerStats(stat.window, to - stat.length, to, workerIds);
  }

  /** Recomputes the closed buckets late shares reached, then the figures those buckets feed. */
  async function recomputeLate(taken: Map<number, Dirty>): Promise<void> {
    const recomputed = new Map<Resolution, Set<number>>();
    for (const [start, { workers, accounts }] of [...taken].sort(([a], [b]) => a - b)) {
      const scope = { workerIds: [...workers], accountIds: [...accounts] };
      for (const spec of resolutionSpecs) {
        if (!spec.finer) continue;
        const bucket = bucketStart(start, spec.width);
        if (bucket + spec.width > closedThrough(spec.name)) break;
        await repository.rollUp(spec.name, bucket, bucket + spec.width, scope);
        const stat = statOfResolution[spec.name];
        if (!stat || bucket < closedThrough(spec.name) - stat.length) continue;
        const ids = recomputed.get(spec.name) ?? new Set<number>();
        for (const worker of workers) ids.add(worker);
        recomputed.set(spec.name, ids);
      }
    }
    for (const [resolution, ids] of recomputed) await refreshStats(resolution, [...ids]);
  }

  return {
    closedThrough,

    /** Reads the watermarks, then redoes the recent roll-ups whose late corrections a stop may have lost. */
    async load(now: number): Promise<void> {
      const stored = await repository.rollupState();
      for (const spec of resolutionSpecs) {
        const initial = bucketStart(now - options.closeDelay, spec.width);
        const at = stored.get(spec.name) ?? initial;
        setBoth(spec.name, at);
        if (!stored.has(spec.name)) await repository.markClosed(spec.name, at);
      }
      for (const spec of resolutionSpecs) {
        if (!spec.finer) continue;
        const to = closedThrough(spec.name);
        const from = bucketStart(to - options.maxShareAge - spec.width, spec.width);
        await repository.rollUp(spec.name, from, to);
      }
      for (const resolution of ['PT1M', 'PT5M', 'PT20M'] as const) await refreshStats(resolution);
    },

    /** A process that does not write (one of a cluster's others): reads the writer's watermarks. */
    async watch(now: number): Promise<void> {
      const stored = await repository.rollupState();
      for (const spec of resolutionSpecs)
        setBoth(spec.name, stored.get(spec.name) ?? bucketStart(now - options.closeDelay, spec.width));
    },

    /** The writer closed a resolution through `at` (heard from its event). */
    heard(resolution: Resolution, at: number): void {
      if (at > (closed.get(resolution) ?? -Infinity)) setBoth(resolution, at);
    },

    /** Records a share counted into a minute whose roll-ups may already have been written. */
    markLate(workerId: number, accountIds: readonly string[], minute: number): void {
      // A late minute of a five-minute bucket still open is rolled up when that bucket closes, and
      // the 15-minute figures are refreshed for every worker when the next minute closes.
      if (minute >= closingThrough('PT1M')) return;
      const start = bucketStart(minute, resolutionSpec('PT5M').width);
      if (start >= closingThrough('PT5M')) return;
      let entry = dirty.get(start);
      if (!entry) {
        entry = { workers: new Set(), accounts: new Set() };
        dirty.set(start, entry);
      }
      entry.workers.add(workerId);
      for (const account of accountIds) entry.accounts.add(account);
    },

    /** Is a bucket to close (or a close to write again)? A close reads the minute buckets, then recomputes what late shares reached. */
    due(now: number): boolean {
      return (
        failed !== undefined ||
        resolutionSpecs.some((spec) => bucketStart(now - options.closeDelay, spec.width) > closingThrough(spec.name))
      );
    },

    /**
     * Plans the close of every bucket that ended and takes the late marks so far: from here on, a
     * share counted into one of these buckets is late. A close that failed is planned again with it.
     */
    plan(now: number): ClosePlan {
      const plan: ClosePlan = { closes: [], late: dirty };
      dirty = new Map();
      for (const spec of resolutionSpecs) {
        const closable = bucketStart(now - options.closeDelay, spec.width);
        const previous = closingThrough(spec.name);
        if (closable <= previous) continue;
        plan.closes.push({ resolution: spec.name, from: previous, to: closable });
        closing.set(spec.name, closable);
      }
      if (failed) {
        const retry = failed;
        failed = undefined;
        mergeLate(plan.late, retry.late);
        plan.closes = resolutionSpecs.flatMap((spec) => {
          const ranges = [...retry.closes, ...plan.closes].filter((close) => close.resolution === spec.name);
          if (ranges.length === 0) return [];
          const from = Math.min(...ranges.map((range) => range.from));
          const to = Math.max(...ranges.map((range) => range.to));
          return [{ resolution: spec.name, from, to }];
        });
      }
      return plan;
    },

    /**
     * Writes a planned close: rolls each resolution up, refreshes the figures, announces it, then
     * recomputes what late shares changed. Every step sets rather than adds, so a failed close is
     * written whole again with the next (`plan`).
     */
    async close(plan: ClosePlan): Promise<void> {
      try {
        for (const { resolution, from, to } of plan.closes) {
          const spec = resolutionSpec(resolution);
          let accounts: string[];
          if (spec.finer) {
            accounts = await repository.rollUp(resolution, from, to, { closeThrough: to });
          } else {
            await repository.markClosed(resolution, to);
            accounts = await repository.accountsWithMinute(to - spec.width, to);
          }
          closed.set(resolution, to);
          await refreshStats(resolution);
          events.publish({ type: 'buckets_closed', resolution, at: to - spec.width, accountIds: new Set(accounts) });
        }
        await recomputeLate(plan.late);
      } catch (error) {
        failed = plan;
        throw error;
      }
    },

    /** Rolls up history written below the watermarks (the demo's backfill) in one pass per resolution. */
    async rollUpHistory(from: number): Promise<void> {
      // These passes recompute every closed bucket from `from` on, which answers the late marks
      // the import left there; recomputing them one bucket at a time as well took minutes of
      // transactions on a week of history.
      const firstBucket = bucketStart(from, resolutionSpec('PT5M').width);
      for (const start of dirty.keys()) if (start >= firstBucket) dirty.delete(start);
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
