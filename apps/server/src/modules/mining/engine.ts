import type { Database } from '@pool/db/database';
import type { IngestResult, ShareRejectionReason, WorkerStatus } from '@pool/contract/mining';
import { shareAggregator, type FlushSnapshot, type WorkerEntry } from './aggregator.ts';
import { miningEventBus, type MiningEventBus } from './events.ts';
import type { ShareTotals } from './hashrate.ts';
import { bucketCloser } from './rollup.ts';
import { workerStatus } from './rules.ts';
import { defaultMaxAhead, defaultMaxShareAge, validateShare, type Share } from './share-validation.ts';
import { workerRegistry } from './worker-registry.ts';
import { miningWriteRepository } from './write-repository.ts';

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

export interface IncomingBatch {
  batchId: string;
  events: readonly unknown[];
}

interface Waiting {
  batchId: string;
  accepted: number;
  rejected: number;
  settle: (error?: unknown) => void;
}

/** Workers gone for longer than the longest worker retention (days, 35) are forgotten. */
const workerRetention = 36 * 24 * 60 * 60_000;
const minute = 60_000;
/** How far a worker row's last share may trail the truth while the worker keeps sharing. */
const activityStep = 15_000;

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error('the flush failed'));

/**
 * The mining-data engine: validates share batches from any transport, sums them per worker and
 * minute in memory, commits each flush with its batch ids in one transaction (a batch counts
 * exactly once), closes buckets into the coarser resolutions and announces what changed.
 */
export function miningEngine(options: MiningEngineOptions) {
  const clock = options.clock ?? Date.now;
  const events = options.events ?? miningEventBus();
  const maxShareAge = options.maxShareAge ?? defaultMaxShareAge;
  const maxAhead = options.maxAhead ?? defaultMaxAhead;
  const flushInterval = options.flushInterval ?? 1000;
  const tickInterval = options.tickInterval ?? 5000;
  const batchRetention = options.batchRetention ?? 24 * 60 * 60_000;
  const onError = options.onError ?? (() => {});
  const repository = miningWriteRepository(options.database);
  const registry = workerRegistry(repository, clock);
  const closer = bucketCloser(repository, events, { closeDelay: options.closeDelay ?? 5000, maxShareAge });
  const aggregator = shareAggregator();
  const inFlight = new Map<string, Promise<IngestResult>>();
  const rejections = new Map<ShareRejectionReason, number>();
  let waiting: Waiting[] = [];
  let chain: Promise<unknown> = Promise.resolve();
  let flushing: Promise<void> | undefined;
  let scheduled: NodeJS.Timeout | undefined;
  let lastFlushStart = -Infinity;
  let timers: NodeJS.Timeout[] = [];
  let lastTickAt = clock();
  let lastRetentionAt = 0;
  let counted = 0;
  /** The worker counts last stored per account, so a tick writes only the accounts that changed. */
  const storedCounts = new Map<string, string>();

  /** Flushes, closes and imports run one at a time: each sees the watermarks the last one left. */
  function serially<T>(work: () => Promise<T>): Promise<T> {
    const run = chain.then(work, work);
    chain = run.catch(() => {});
    return run;
  }

  const accountsOf = (entry: WorkerEntry) =>
    entry.operatorId ? [entry.minerId, entry.poolId, entry.operatorId] : [entry.minerId, entry.poolId];

  /**
   * Which workers' rows get their last share in this write. Rewriting the row of every worker at
   * every flush would cost as much as the buckets themselves, so a row moves on only once its
   * time is `activityStep` behind; a worker that went quiet is caught up at the next tick.
   */
  function activityToStore(rows: FlushSnapshot['workerActivity'], step: number) {
    return rows.filter(({ owner, firstShareAt, lastShareAt }) => {
      const stored = owner.storedLastShareAt;
      return stored === null || lastShareAt - stored >= step || firstShareAt < (owner.firstShareAt ?? Infinity);
    });
  }

  async function writeSnapshot(batches: Waiting[]): Promise<void> {
    const snapshot = aggregator.take();
    await serially(async () => {
      await registry.assignIds(snapshot.workerActivity.map((row) => row.owner));
      const idOf = (entry: WorkerEntry) => entry.id ?? 0;
      const now = clock();
      const stored = activityToStore(snapshot.workerActivity, activityStep).map((row) => ({
        owner: row.owner,
        firstShareAt: Math.min(row.owner.firstShareAt ?? row.firstShareAt, row.firstShareAt),
        lastShareAt: Math.max(row.owner.lastShareAt ?? row.lastShareAt, row.lastShareAt),
      }));
      await repository.commitFlush(
        {
          batches: batches.map(({ batchId, accepted, rejected }) => ({ batchId, accepted, rejected })),
          workerMinutes: snapshot.workerMinutes.map((row) => ({ ...row, owner: idOf(row.owner) })),
          accountMinutes: snapshot.accountMinutes,
          workerActivity: stored.map((row) => ({ ...row, owner: idOf(row.owner) })),
          accountActivity: snapshot.accountActivity,
        },
        now,
      );
      counted += snapshot.shares;
      for (const row of stored) row.owner.storedLastShareAt = row.lastShareAt;
      for (const row of snapshot.workerMinutes) closer.markLate(idOf(row.owner), accountsOf(row.owner), row.minute);
      for (const { owner: entry, firstShareAt, lastShareAt } of snapshot.workerActivity) {
        const before = entry.lastShareAt === null ? null : workerStatus(entry.lastShareAt, now);
        entry.firstShareAt = Math.min(entry.firstShareAt ?? firstShareAt, firstShareAt);
        entry.lastShareAt = Math.max(entry.lastShareAt ?? lastShareAt, lastShareAt);
        const after = workerStatus(entry.lastShareAt, now);
        if (before !== after) announceStatus(entry, before, after, now);
      }
    });
  }

  /** Stores the last share of workers whose row trails it and that have shared nothing since `quietFor`. */
  async function catchUpActivity(now: number, quietFor: number): Promise<void> {
    const behind = [...registry.all()].filter(
      (entry) =>
        entry.id !== undefined &&
        entry.lastShareAt !== null &&
        entry.lastShareAt !== entry.storedLastShareAt &&
        now - entry.lastShareAt >= quietFor,
    );
    if (behind.length === 0) return;
    await repository.commitFlush(
      {
        batches: [],
        workerMinutes: [],
        accountMinutes: [],
        accountActivity: [],
        workerActivity: behind.map((entry) => ({
          owner: entry.id ?? 0,
          firstShareAt: entry.firstShareAt ?? entry.lastShareAt ?? now,
          lastShareAt: entry.lastShareAt ?? now,
        })),
      },
      now,
    );
    for (const entry of behind) entry.storedLastShareAt = entry.lastShareAt;
  }

  function announceStatus(
    entry: WorkerEntry,
    from: ReturnType<typeof workerStatus> | null,
    to: ReturnType<typeof workerStatus>,
    at: number,
  ) {
    if (entry.id === undefined) return;
    events.publish({
      type: 'worker_status_changed',
      workerId: entry.id,
      workerName: entry.workerName,
      minerId: entry.minerId,
      operatorId: entry.operatorId,
      poolId: entry.poolId,
      from,
      to,
      at,
    });
  }

  /** Starts a flush as soon as the last one has committed and `flushInterval` has passed since it began. */
  function scheduleFlush(): void {
    if (flushing || scheduled) return;
    const wait = lastFlushStart + flushInterval - performance.now();
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
    if (aggregator.shares === 0 && waiting.length === 0) return Promise.resolve();
    lastFlushStart = performance.now();
    const batches = waiting;
    waiting = [];
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
      if (waiting.length > 0) scheduleFlush();
    });
    return flushing;
  }

  async function countBatch(batch: IncomingBatch): Promise<IngestResult> {
    const seen = (await repository.countedBatches([batch.batchId])).get(batch.batchId);
    if (seen) return { batch_id: batch.batchId, duplicate: true, ...seen, rejections: [] };
    const now = clock();
    const limits = { poolName: options.pool.name, now, maxAge: maxShareAge, maxAhead };
    const checked = batch.events.map((event) => validateShare(event, limits));
    await registry.learnMiners(
      checked.filter((share): share is Share => typeof share !== 'string').map((share) => share.accountName),
    );
    const result: IngestResult = {
      batch_id: batch.batchId,
      duplicate: false,
      accepted: 0,
      rejected: 0,
      rejections: [],
    };
    checked.forEach((share, index) => {
      let reason: ShareRejectionReason | undefined;
      if (typeof share === 'string') reason = share;
      else {
        const miner = registry.miner(share.accountName);
        if (!miner) reason = 'unknown_account';
        else if (miner.poolId !== options.pool.id) reason = 'unknown_pool';
        else {
          aggregator.add(registry.worker(miner, share.workerName), share);
          result.accepted += 1;
          return;
        }
      }
      result.rejected += 1;
      result.rejections.push({ index, reason });
      rejections.set(reason, (rejections.get(reason) ?? 0) + 1);
    });
    await new Promise<void>((resolve, reject) => {
      waiting.push({
        batchId: batch.batchId,
        accepted: result.accepted,
        rejected: result.rejected,
        settle: (error) => (error === undefined ? resolve() : reject(asError(error))),
      });
      scheduleFlush();
    });
    return result;
  }

  /** Counts every account's workers by status from the registry and stores the changed ones. */
  async function storeWorkerCounts(now: number): Promise<void> {
    const counts = new Map<string, Record<WorkerStatus, number>>();
    for (const entry of registry.all()) {
      if (entry.lastShareAt === null) continue;
      const status = workerStatus(entry.lastShareAt, now);
      for (const account of accountsOf(entry)) {
        let tally = counts.get(account);
        if (!tally) {
          tally = { stable: 0, unavailable: 0, off: 0, removed: 0 };
          counts.set(account, tally);
        }
        tally[status] += 1;
      }
    }
    for (const account of storedCounts.keys()) {
      if (!counts.has(account)) counts.set(account, { stable: 0, unavailable: 0, off: 0, removed: 0 });
    }
    const changed = [...counts]
      .filter(([account, tally]) => storedCounts.get(account) !== JSON.stringify(tally))
      .map(([accountId, tally]) => ({ accountId, counts: tally }));
    await repository.writeWorkerCounts(changed);
    for (const { accountId, counts: tally } of changed) storedCounts.set(accountId, JSON.stringify(tally));
  }

  async function tick(): Promise<void> {
    await serially(async () => {
      const now = clock();
      await closer.close(now);
      for (const entry of registry.all()) {
        if (entry.lastShareAt === null) continue;
        const before = workerStatus(entry.lastShareAt, lastTickAt);
        const after = workerStatus(entry.lastShareAt, now);
        if (before !== after) announceStatus(entry, before, after, now);
      }
      lastTickAt = now;
      if (now - lastRetentionAt >= minute) {
        registry.forget(await repository.applyRetention(now, workerRetention, batchRetention));
        lastRetentionAt = now;
      }
      await storeWorkerCounts(now);
      await catchUpActivity(now, activityStep);
    });
  }

  return {
    events,

    async start(): Promise<void> {
      await registry.load();
      const now = clock();
      lastTickAt = now;
      await closer.load(now);
      await storeWorkerCounts(now);
      if (tickInterval > 0) {
        timers.push(
          setInterval(() => {
            tick().catch((error: unknown) => onError(error, 'tick'));
          }, tickInterval),
        );
      }
      for (const timer of timers) timer.unref();
    },

    async stop(): Promise<void> {
      for (const timer of timers) clearInterval(timer);
      timers = [];
      if (scheduled) clearTimeout(scheduled);
      scheduled = undefined;
      await flush();
      await serially(() => catchUpActivity(clock(), 0));
    },

    /**
     * Counts a batch once: a batch id seen before, committed or still in flight, answers what was
     * counted then. Resolves when the batch's shares are committed.
     */
    submit(batch: IncomingBatch): Promise<IngestResult> {
      const pending = inFlight.get(batch.batchId);
      if (pending) return pending.then((result) => ({ ...result, duplicate: true, rejections: [] }));
      const counting = countBatch(batch).finally(() => inFlight.delete(batch.batchId));
      inFlight.set(batch.batchId, counting);
      return counting;
    },

    flush,
    tick,

    /** Writes minutes summed elsewhere (the demo's history) through the same flush and roll-ups. */
    async importHistory(
      batchId: string,
      minutes: { accountName: string; workerName: string; start: number; totals: ShareTotals; lastShareAt: number }[],
    ): Promise<void> {
      if ((await repository.countedBatches([batchId])).has(batchId)) return;
      await registry.learnMiners(minutes.map((row) => row.accountName));
      let from = Infinity;
      for (const row of minutes) {
        const miner = registry.miner(row.accountName);
        if (!miner) throw new Error(`history names an unknown account ${row.accountName}`);
        aggregator.addMinute(registry.worker(miner, row.workerName), row.start, row.totals, row.lastShareAt);
        from = Math.min(from, row.start);
      }
      await new Promise<void>((resolve, reject) => {
        waiting.push({
          batchId,
          accepted: minutes.length,
          rejected: 0,
          settle: (error) => (error === undefined ? resolve() : reject(asError(error))),
        });
        void flush();
      });
      if (Number.isFinite(from)) await serially(() => closer.rollUpHistory(from));
    },

    /** Shares counted since start and events refused by reason. */
    counters(): { counted: number; rejected: Record<string, number>; workers: number } {
      return { counted, rejected: Object.fromEntries(rejections), workers: registry.size };
    },

    closedThrough: closer.closedThrough,

    /** Has the pool ever had a share? The demo backfills history only into an empty pool. */
    hasShares: () => repository.hasShares(options.pool.id),
  };
}

export type MiningEngine = ReturnType<typeof miningEngine>;
