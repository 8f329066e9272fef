import type { FlushSnapshot, ShareAggregator, WorkerEntry } from './aggregator.ts';
import type { BackgroundWrites } from './background-writes.ts';
import type { MiningEventBus } from '../events.ts';
import type { WaitingBatch, WaitingBatches } from '../ingest/intake.ts';
import type { BucketCloser } from './rollup.ts';
import { workerStatus } from '../rules.ts';
import { activityStep, activityToStore } from './worker-activity.ts';
import type { WorkerRegistry } from './worker-registry.ts';
import { accountsOf, announceStatus } from './worker-status.ts';
import type { MiningWriteRepository } from './write-repository.ts';

export type Serially = <T>(work: () => Promise<T>) => Promise<T>;

/** Flushes, closes and imports run one at a time: each sees the watermarks the last one left. */
export function serialChain(): Serially {
  let chain: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work, work);
    chain = run.catch(() => {});
    return run;
  };
}

export interface SnapshotFlusherOptions {
  queue: WaitingBatches;
  aggregator: ShareAggregator;
  registry: Pick<WorkerRegistry, 'assignIds'>;
  repository: Pick<MiningWriteRepository, 'commitFlush'>;
  closer: Pick<BucketCloser, 'markLate'>;
  background: Pick<BackgroundWrites, 'hand'>;
  events: MiningEventBus;
  serially: Serially;
  clock: () => number;
  /** The least time between the starts of two flushes (`MiningEngineOptions.flushInterval`). */
  interval: number;
  /** The least time between two folds of the worker-minute log (`MiningEngineOptions.foldInterval`). */
  foldInterval: number;
  onError: (error: unknown, during: string) => void;
}

const idOf = (entry: WorkerEntry) => entry.id ?? 0;

/** The worker rows this flush moves on, each to the widest span of shares the worker has shown. */
function activityOf(snapshot: FlushSnapshot): FlushSnapshot['workerActivity'] {
  return activityToStore(snapshot.workerActivity, activityStep).map((row) => ({
    owner: row.owner,
    firstShareAt: Math.min(row.owner.firstShareAt ?? row.firstShareAt, row.firstShareAt),
    lastShareAt: Math.max(row.owner.lastShareAt ?? row.lastShareAt, row.lastShareAt),
  }));
}

function flushInputOf(batches: WaitingBatch[], snapshot: FlushSnapshot) {
  return {
    batches: batches.map(({ batchId, accepted, rejected }) => ({ batchId, accepted, rejected })),
    workerMinutes: { ...snapshot.workerMinutes, owners: Int32Array.from(snapshot.workerMinutes.owners, idOf) },
    accountMinutes: snapshot.accountMinutes,
    accountActivity: snapshot.accountActivity,
    unallocated: snapshot.unallocated,
  };
}

/** After the commit: late minutes are marked, the workers' shares and statuses move. */
function moveWorkers(
  { closer, events }: Pick<SnapshotFlusherOptions, 'closer' | 'events'>,
  snapshot: FlushSnapshot,
  now: number,
): void {
  const { owners, bucketStarts } = snapshot.workerMinutes;
  owners.forEach((owner, row) => closer.markLate(idOf(owner), accountsOf(owner), bucketStarts[row] as number));
  for (const { owner: entry, firstShareAt, lastShareAt } of snapshot.workerActivity) {
    const before = entry.lastShareAt === null ? null : workerStatus(entry.lastShareAt, now);
    entry.firstShareAt = Math.min(entry.firstShareAt ?? firstShareAt, firstShareAt);
    entry.lastShareAt = Math.max(entry.lastShareAt ?? lastShareAt, lastShareAt);
    const after = workerStatus(entry.lastShareAt, now);
    if (before !== after) announceStatus(events, entry, before, after, now);
  }
}

/**
 * Group commit: each flush writes what the aggregator summed and every batch that waited for it
 * in one transaction, one flush at a time, then moves the workers on and announces their status.
 * The fold and the worker rows' share times follow in the background, not holding the batches.
 */
export function snapshotFlusher(options: SnapshotFlusherOptions) {
  const { queue, aggregator, registry, repository, background, serially, clock, interval, foldInterval, onError } =
    options;
  let flushing: Promise<void> | undefined;
  let scheduled: NodeJS.Timeout | undefined;
  let lastFlushStart = -Infinity;
  let lastFoldStart = -Infinity;
  let counted = 0;

  async function writeSnapshot(batches: WaitingBatch[]): Promise<void> {
    const snapshot = aggregator.take();
    await serially(async () => {
      await registry.assignIds(snapshot.workerActivity.map((row) => row.owner));
      const now = clock();
      await repository.commitFlush(flushInputOf(batches, snapshot), now);
      counted += snapshot.shares;
      const fold = performance.now() - lastFoldStart >= foldInterval;
      if (fold) lastFoldStart = performance.now();
      background.hand(activityOf(snapshot), { fold });
      moveWorkers(options, snapshot, now);
    });
  }

  /** Starts a flush as soon as the last one has committed and `interval` has passed since it began. */
  function schedule(): void {
    if (flushing || scheduled) return;
    const wait = lastFlushStart + interval - performance.now();
    if (wait <= 0) {
      void flush();
      return;
    }
    scheduled = setTimeout(() => {
      scheduled = undefined;
      void flush();
    }, wait);
  }

  /** Writes what is pending now (group commit: every batch that arrived since the last flush). */
  function flush(): Promise<void> {
    if (flushing) return flushing.then(() => flush());
    if (aggregator.shares === 0 && queue.size === 0) return Promise.resolve();
    lastFlushStart = performance.now();
    const batches = queue.take();
    const run = writeSnapshot(batches).then(
      () => {
        for (const batch of batches) batch.settle();
      },
      (error: unknown) => {
        onError(error, 'flush');
        for (const batch of batches) batch.settle(error);
      },
    );
    flushing = run.finally(() => {
      flushing = undefined;
      if (queue.size > 0) schedule();
    });
    return flushing;
  }

  return {
    schedule,
    flush,
    /** Drops the timer of a flush scheduled for later; `flush` writes what it would have. */
    cancelScheduled(): void {
      if (scheduled) clearTimeout(scheduled);
      scheduled = undefined;
    },
    /** Shares committed since start. */
    get counted(): number {
      return counted;
    },
  };
}

export type SnapshotFlusher = ReturnType<typeof snapshotFlusher>;
