import type { Database } from '@pool/db/database';
import { shareAggregator } from './aggregator.ts';
import { backgroundWrites } from './background-writes.ts';
import { miningEventBus, type MiningEventBus } from '../events.ts';
import { serialChain, snapshotFlusher } from './flusher.ts';
import { batchIntake, waitingBatches, type HistoryMinute } from '../ingest/intake.ts';
import { bucketCloser } from './rollup.ts';
import { resolutionSpec } from '../resolutions.ts';
import { defaultMaxAhead, defaultMaxShareAge } from '../ingest/share-validation.ts';
import { miningTicker } from './ticker.ts';
import { quietRowsBehind } from './worker-activity.ts';
import { workerRegistry } from './worker-registry.ts';
import { workerCountStore } from './worker-status.ts';
import { miningWriteRepository } from './write-repository.ts';

export type { IncomingBatch } from '../ingest/intake.ts';

export interface MiningEngineOptions {
  database: Database;
  /** The pool this engine counts shares for; events name it by its name. */
  pool: { id: string; name: string };
  /** Now, in epoch milliseconds; tests pass a fake clock. */
  clock?: () => number;
  events?: MiningEventBus;
  /**
   * The least time between the starts of two flushes. Under load a flush starts as soon as the
   * last one commits but no sooner than this, so that each writes many shares per worker row;
   * 0 flushes at once (tests).
   */
  flushInterval?: number;
  /**
   * The least time between two folds of the flushes' worker-minute log into the minute buckets,
   * which each write a row per worker; defaults to five flush intervals. A worker's current minute
   * trails by up to this much; buckets are always folded before they close.
   */
  foldInterval?: number;
  /** How often buckets are closed and statuses checked; 0 leaves it to whoever calls `tick`. */
  tickInterval?: number;
  /** How long after its end a bucket waits for shares still in flight before it closes. */
  closeDelay?: number;
  maxShareAge?: number;
  maxAhead?: number;
  /** How long batch ids are remembered to count a batch sent again only once. */
  batchRetention?: number;
  onError?: (error: unknown, during: string) => void;
}

/**
 * The mining-data engine: validates share batches from any transport, sums them per worker and
 * minute in memory, commits each flush with its batch ids in one transaction (a batch counts
 * exactly once), closes buckets into the coarser resolutions and announces what changed.
 * It wires the parts: the intake takes batches in, the flusher commits them, the ticker closes
 * buckets as time passes; the serial chain keeps their writes one at a time.
 */
export function miningEngine(options: MiningEngineOptions) {
  const clock = options.clock ?? Date.now;
  const events = options.events ?? miningEventBus();
  const maxShareAge = options.maxShareAge ?? defaultMaxShareAge;
  const onError = options.onError ?? (() => {});
  const repository = miningWriteRepository(options.database);
  const registry = workerRegistry(repository, clock);
  const closer = bucketCloser(repository, events, { closeDelay: options.closeDelay ?? 5000, maxShareAge });
  const aggregator = shareAggregator();
  const serially = serialChain();
  const queue = waitingBatches();
  const background = backgroundWrites({ repository, onError });
  /** What the parts share; each takes the pieces it needs. */
  const shared = { clock, events, onError, repository, registry, closer, aggregator, serially, queue, background };
  const flushInterval = options.flushInterval ?? 1000;
  const flusher = snapshotFlusher({
    ...shared,
    interval: flushInterval,
    foldInterval: options.foldInterval ?? 5 * flushInterval,
  });
  const intake = batchIntake({
    ...shared,
    pool: options.pool,
    maxShareAge,
    maxAhead: options.maxAhead ?? defaultMaxAhead,
    flusher,
  });
  const ticker = miningTicker({
    ...shared,
    interval: options.tickInterval ?? 5000,
    batchRetention: options.batchRetention ?? 24 * 60 * 60_000,
    counts: workerCountStore(repository, registry),
  });

  let unfollow: (() => void) | undefined;
  let started = false;

  return {
    events,

    async start(): Promise<void> {
      unfollow?.();
      unfollow = undefined;
      started = true;
      // What a writer that stopped short logged is read as soon as this one starts.
      await serially(() => background.drain());
      await registry.load();
      await ticker.start();
    },

    async stop(): Promise<void> {
      unfollow?.();
      // A process that only followed the writer has nothing to write.
      if (!started) return;
      ticker.stop();
      flusher.cancelScheduled();
      await flusher.flush();
      await serially(async () => {
        background.hand(quietRowsBehind(registry, clock(), 0), { fold: false });
        await background.drain();
      });
    },

    /**
     * For a process that reads but does not write (a cluster's other processes): the closed
     * watermarks come from the database, then from the writer's events this process's bus hears.
     * `start` makes it the writer later.
     */
    async follow(): Promise<void> {
      await closer.watch(clock());
      unfollow = events.subscribe((event) => {
        if (event.type === 'buckets_closed')
          closer.heard(event.resolution, event.at + resolutionSpec(event.resolution).width);
      });
    },

    submit: intake.submit,
    /** A batch checked elsewhere (the HTTP ingest's parser threads) against `validationLimits()`. */
    submitChecked: intake.submitChecked,
    validationLimits: intake.limits,
    /** Writes what is pending now and folds it into the minute buckets. */
    async flush(): Promise<void> {
      await flusher.flush();
      await serially(() => background.drain());
    },
    tick: ticker.tick,

    /** Writes minutes summed elsewhere (the demo's history) through the same flush and roll-ups. */
    async importHistory(batchId: string, minutes: HistoryMinute[]): Promise<void> {
      const from = await intake.importHistory(batchId, minutes);
      if (Number.isFinite(from)) {
        await serially(async () => {
          await background.drain();
          await closer.rollUpHistory(from);
        });
      }
    },

    /** Shares counted since start and events refused by reason. */
    counters(): { counted: number; rejected: Record<string, number>; workers: number } {
      return { counted: flusher.counted, rejected: intake.rejected(), workers: registry.size };
    },

    closedThrough: closer.closedThrough,

    /** Has the pool ever had a share? The demo backfills history only into an empty pool. */
    hasShares: () => repository.hasShares(options.pool.id),
  };
}

export type MiningEngine = ReturnType<typeof miningEngine>;
