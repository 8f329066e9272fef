import type { IngestResult, ShareRejectionReason } from '@pool/contract/mining';
import type { ShareAggregator } from '../engine/aggregator.ts';
import type { ShareTotals } from '../hashrate.ts';
import { validateShare, type Share } from './share-validation.ts';
import type { WorkerRegistry } from '../engine/worker-registry.ts';
import type { MiningWriteRepository } from '../engine/write-repository.ts';

export interface IncomingBatch {
  batchId: string;
  events: readonly unknown[];
}

/** A minute summed elsewhere (the demo's history), imported as it is. */
export interface HistoryMinute {
  accountName: string;
  workerName: string;
  start: number;
  totals: ShareTotals;
  lastShareAt: number;
}

export interface WaitingBatch {
  batchId: string;
  accepted: number;
  rejected: number;
  settle: (error?: unknown) => void;
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error('the flush failed'));

/** Batches whose shares sit in the aggregator until a flush commits them with their ids. */
export function waitingBatches() {
  let waiting: WaitingBatch[] = [];
  return {
    /** Queues a batch; resolves once the flush that takes it commits, rejects if that flush fails. */
    add(batch: { batchId: string; accepted: number; rejected: number }): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ ...batch, settle: (error) => (error === undefined ? resolve() : reject(asError(error))) });
      });
    },
    /** Hands every waiting batch to the flush that starts now. */
    take(): WaitingBatch[] {
      const taken = waiting;
      waiting = [];
      return taken;
    },
    get size(): number {
      return waiting.length;
    },
  };
}

export type WaitingBatches = ReturnType<typeof waitingBatches>;

export interface BatchIntakeOptions {
  pool: { id: string; name: string };
  clock: () => number;
  maxShareAge: number;
  maxAhead: number;
  registry: WorkerRegistry;
  aggregator: ShareAggregator;
  repository: Pick<MiningWriteRepository, 'countedBatches'>;
  queue: WaitingBatches;
  /** `schedule` groups batches into the next flush; `flush` writes at once. */
  flusher: { schedule: () => void; flush: () => Promise<void> };
}

interface Sorting {
  poolId: string;
  registry: WorkerRegistry;
  aggregator: ShareAggregator;
  rejections: Map<ShareRejectionReason, number>;
}

/** Adds a batch's accepted shares to the aggregator and answers what it counted and refused. */
function sortShares(sorting: Sorting, batchId: string, checked: (Share | ShareRejectionReason)[]): IngestResult {
  const { poolId, registry, aggregator, rejections } = sorting;
  const result: IngestResult = { batch_id: batchId, duplicate: false, accepted: 0, rejected: 0, rejections: [] };
  checked.forEach((share, index) => {
    let reason: ShareRejectionReason | undefined;
    if (typeof share === 'string') reason = share;
    else {
      const miner = registry.miner(share.accountName);
      if (!miner) reason = 'unknown_account';
      else if (miner.poolId !== poolId) reason = 'unknown_pool';
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
  return result;
}

/** Adds history minutes to the aggregator; answers the earliest (Infinity for none). */
function addHistory(registry: WorkerRegistry, aggregator: ShareAggregator, minutes: HistoryMinute[]): number {
  let from = Infinity;
  for (const row of minutes) {
    const miner = registry.miner(row.accountName);
    if (!miner) throw new Error(`history names an unknown account ${row.accountName}`);
    aggregator.addMinute(registry.worker(miner, row.workerName), row.start, row.totals, row.lastShareAt);
    from = Math.min(from, row.start);
  }
  return from;
}

/**
 * Takes share batches in: validates each event, sums the accepted ones into the aggregator,
 * tallies refusals by reason and holds the batch until the flush that commits it.
 */
export function batchIntake(options: BatchIntakeOptions) {
  const { pool, clock, maxShareAge, maxAhead, registry, aggregator, repository, queue, flusher } = options;
  const inFlight = new Map<string, Promise<IngestResult>>();
  const rejections = new Map<ShareRejectionReason, number>();
  const sorting: Sorting = { poolId: pool.id, registry, aggregator, rejections };

  async function countBatch(batch: IncomingBatch): Promise<IngestResult> {
    const seen = (await repository.countedBatches([batch.batchId])).get(batch.batchId);
    if (seen) return { batch_id: batch.batchId, duplicate: true, ...seen, rejections: [] };
    const limits = { poolName: pool.name, now: clock(), maxAge: maxShareAge, maxAhead };
    const checked = batch.events.map((event) => validateShare(event, limits));
    await registry.learnMiners(
      checked.filter((share): share is Share => typeof share !== 'string').map((share) => share.accountName),
    );
    const result = sortShares(sorting, batch.batchId, checked);
    const committed = queue.add({ batchId: batch.batchId, accepted: result.accepted, rejected: result.rejected });
    flusher.schedule();
    await committed;
    return result;
  }

  /**
   * Counts a batch once: a batch id seen before, committed or still in flight, answers what was
   * counted then. Resolves when the batch's shares are committed.
   */
  function submit(batch: IncomingBatch): Promise<IngestResult> {
    const pending = inFlight.get(batch.batchId);
    if (pending) return pending.then((result) => ({ ...result, duplicate: true, rejections: [] }));
    const counting = countBatch(batch).finally(() => inFlight.delete(batch.batchId));
    inFlight.set(batch.batchId, counting);
    return counting;
  }

  /**
   * Adds minutes summed elsewhere and flushes them at once, answering the earliest minute added
   * (Infinity when the batch was counted before or holds nothing) once they are committed.
   */
  async function importHistory(batchId: string, minutes: HistoryMinute[]): Promise<number> {
    if ((await repository.countedBatches([batchId])).has(batchId)) return Infinity;
    await registry.learnMiners(minutes.map((row) => row.accountName));
    const from = addHistory(registry, aggregator, minutes);
    const committed = queue.add({ batchId, accepted: minutes.length, rejected: 0 });
    void flusher.flush();
    await committed;
    return from;
  }

  return {
    submit,
    importHistory,
    /** Events refused since start, by reason. */
    rejected: (): Record<string, number> => Object.fromEntries(rejections),
  };
}

export type BatchIntake = ReturnType<typeof batchIntake>;
