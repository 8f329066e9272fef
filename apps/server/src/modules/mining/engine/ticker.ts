import type { BackgroundWrites } from './background-writes.ts';
import type { MiningEventBus } from '../events.ts';
import type { Serially } from './flusher.ts';
import type { BucketCloser } from './rollup.ts';
import { workerStatus } from '../rules.ts';
import { activityStep, quietRowsBehind } from './worker-activity.ts';
import type { WorkerRegistry } from './worker-registry.ts';
import { announceStatus, type WorkerCountStore } from './worker-status.ts';
import type { MiningWriteRepository } from './write-repository.ts';

/** Workers gone for longer than the longest worker retention (days, 35) are forgotten. */
const workerRetention = 36 * 24 * 60 * 60_000;
const minute = 60_000;

export interface MiningTickerOptions {
  clock: () => number;
  /** How often to tick; 0 leaves it to whoever calls `tick`. */
  interval: number;
  /** How long batch ids are remembered to count a batch sent again only once. */
  batchRetention: number;
  serially: Serially;
  closer: BucketCloser;
  registry: WorkerRegistry;
  repository: Pick<MiningWriteRepository, 'applyRetention'>;
  background: Pick<BackgroundWrites, 'after' | 'hand'>;
  counts: WorkerCountStore;
  events: MiningEventBus;
  onError: (error: unknown, during: string) => void;
}

/**
 * What time passing does to mining data: buckets close, workers that fell silent change status,
 * old data is dropped once a minute, and worker counts and quiet workers' rows are brought up to date.
 */
export function miningTicker(options: MiningTickerOptions) {
  const {
    clock,
    interval,
    batchRetention,
    serially,
    closer,
    registry,
    repository,
    background,
    counts,
    events,
    onError,
  } = options;
  let timers: NodeJS.Timeout[] = [];
  let lastTickAt = clock();
  let lastRetentionAt = 0;

  /** Resolves when the buckets it closes are written; the flushes go on meanwhile. */
  async function tick(): Promise<void> {
    const closing = await serially(async () => {
      const now = clock();
      // From the plan on, shares counted into what it closes are late. Its writes follow the
      // fold of every minute committed until now, in the background.
      const plan = closer.due(now) ? closer.plan(now) : undefined;
      const written = plan && background.after(() => closer.close(plan));
      // Awaited once this part is done; a close that fails before then is not an unhandled rejection.
      written?.catch(() => {});
      for (const entry of registry.all()) {
        if (entry.lastShareAt === null) continue;
        const before = workerStatus(entry.lastShareAt, lastTickAt);
        const after = workerStatus(entry.lastShareAt, now);
        if (before !== after) announceStatus(events, entry, before, after, now);
      }
      lastTickAt = now;
      if (now - lastRetentionAt >= minute) {
        registry.forget(await repository.applyRetention(now, workerRetention, batchRetention));
        lastRetentionAt = now;
      }
      await counts.store(now);
      background.hand(quietRowsBehind(registry, now, activityStep), { fold: false });
      return { written };
    });
    await closing.written;
  }

  return {
    tick,

    /** Loads the watermarks and counts as of now, then ticks every `interval`. */
    async start(): Promise<void> {
      const now = clock();
      lastTickAt = now;
      await closer.load(now);
      await counts.store(now);
      if (interval > 0) {
        timers.push(
          setInterval(() => {
            tick().catch((error: unknown) => onError(error, 'tick'));
          }, interval),
        );
      }
      for (const timer of timers) timer.unref();
    },

    stop(): void {
      for (const timer of timers) clearInterval(timer);
      timers = [];
    },
  };
}

export type MiningTicker = ReturnType<typeof miningTicker>;
