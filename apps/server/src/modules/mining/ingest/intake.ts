import type { IngestResult, ShareRejectionReason } from '@pool/contract/mining';
import type { ShareAggregator } from '../engine/aggregator.ts';
import type { ShareTotals } from '../hashrate.ts';
import { checkEvents, readNames, type CheckedShares } from './checked-shares.ts';
import { namesDictionary, namesTable, type ShareNames } from './share-names.ts';
import type { ValidationLimits } from './share-validation.ts';
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
function sortShares(sorting: Sorting, batchId: string, checked: CheckedShares): IngestResult {
  const { poolId, registry, aggregator, rejections } = sorting;
  const { names, difficulty, accepted, at, rejectedAt, reasons } = checked;
  const result: IngestResult = { batch_id: batchId, duplicate: false, accepted: 0, rejected: 0, rejections: [] };
  const refuse = (index: number, reason: ShareRejectionReason) => {
    result.rejected += 1;
    result.rejections.push({ index, reason });
    rejections.set(reason, (rejections.get(reason) ?? 0) + 1);
  };
  // The events in the order sent: the refused ones from the checks, the rest shares in turn.
  let share = 0;
  let refused = 0;
  for (let index = 0; index < checked.events; index += 1) {
    if (rejectedAt[refused] === index) {
      refuse(index, reasons[refused] as ShareRejectionReason);
      refused += 1;
      continue;
    }
    const shareNames = names[share] as ShareNames;
    const worker = registry.workerOf(shareNames, poolId);
    const shareAccepted = accepted[share] === 1;
    if (worker === 'unknown_pool') refuse(index, worker);
    else if (worker === 'unallocated') {
      // No live miner has this name (unknown, or deleted): the work is kept for unallocated funds.
      aggregator.addUnallocated(
        poolId,
        shareNames.accountName,
        at[share] as number,
        difficulty[share] as number,
        shareAccepted,
      );
      result.accepted += 1;
    } else {
      aggregator.add(worker, at[share] as number, difficulty[share] as number, shareAccepted);
      result.accepted += 1;
    }
    share += 1;
  }
  return result;
}

/** Adds history minutes to the aggregator; answers the earliest (Infinity for none). */
function addHistory(
  poolId: string,
  registry: WorkerRegistry,
  aggregator: ShareAggregator,
  minutes: HistoryMinute[],
): number {
  let from = Infinity;
  for (const row of minutes) {
    const miner = registry.miner(row.accountName);
    if (!miner) {
      aggregator.addUnallocatedMinute(poolId, row.accountName, row.start, row.totals);
      continue;
    }
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
  // Batches checked on this thread (NATS, the simulator) number their names as a parser thread does.
  const names = namesDictionary();
  const table = namesTable();

  /** What each event is checked against, now. */
  const limits = (): ValidationLimits => ({ poolName: pool.name, now: clock(), maxAge: maxShareAge, maxAhead });

  async function countBatch(batchId: string, check: () => CheckedShares): Promise<IngestResult> {
    const seen = (await repository.countedBatches([batchId])).get(batchId);
    if (seen) return { batch_id: batchId, duplicate: true, ...seen, rejections: [] };
    const checked = check();
    await registry.learnNames(checked.names);
    const result = sortShares(sorting, batchId, checked);
    const committed = queue.add({ batchId, accepted: result.accepted, rejected: result.rejected });
    flusher.schedule();
    await committed;
    return result;
  }

  /** Counts a batch once: a batch id seen before, committed or still in flight, answers what was counted then. */
  function once(batchId: string, check: () => CheckedShares): Promise<IngestResult> {
    const pending = inFlight.get(batchId);
    if (pending) return pending.then((result) => ({ ...result, duplicate: true, rejections: [] }));
    const counting = countBatch(batchId, check).finally(() => inFlight.delete(batchId));
    inFlight.set(batchId, counting);
    return counting;
  }

  /** Checks each event and counts the batch once; resolves when its shares are committed. */
  function submit(batch: IncomingBatch): Promise<IngestResult> {
    return once(batch.batchId, () => {
      const numbered = checkEvents(batch.events, limits(), names);
      table.apply(names.drain());
      return readNames(numbered, table);
    });
  }

  /**
   * Counts a batch whose events were checked already (on a parser thread, against `limits()`),
   * once; resolves when its shares are committed.
   */
  function submitChecked(batchId: string, checked: CheckedShares): Promise<IngestResult> {
    return once(batchId, () => checked);
  }

  /**
   * Adds minutes summed elsewhere and flushes them at once, answering the earliest minute added
   * (Infinity when the batch was counted before or holds nothing) once they are committed.
   */
  async function importHistory(batchId: string, minutes: HistoryMinute[]): Promise<number> {
    if ((await repository.countedBatches([batchId])).has(batchId)) return Infinity;
    await registry.learnMiners(minutes.map((row) => row.accountName));
    const from = addHistory(pool.id, registry, aggregator, minutes);
    const committed = queue.add({ batchId, accepted: minutes.length, rejected: 0 });
    void flusher.flush();
    await committed;
    return from;
  }

  return {
    submit,
    submitChecked,
    limits,
    importHistory,
    /** Events refused since start, by reason. */
    rejected: (): Record<string, number> => Object.fromEntries(rejections),
  };
}

export type BatchIntake = ReturnType<typeof batchIntake>;
