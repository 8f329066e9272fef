import type { WorkerEntry } from './aggregator.ts';
import type { ActivityDelta } from './flush-writes.ts';
import type { MiningWriteRepository } from './write-repository.ts';

export interface BackgroundWritesOptions {
  repository: Pick<MiningWriteRepository, 'foldWorkerMinutes' | 'storeWorkerActivity'>;
  onError: (error: unknown, during: string) => void;
}

interface Job {
  work: () => Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
  /** A fold that began after it was handed over has committed. */
  folded: boolean;
}

/**
 * The writes a flush's batches need not wait for: folding the worker-minute log into the minute
 * buckets, moving the worker rows' share times on, and closing buckets. Each touches every worker
 * of the pool and took seconds at 100,000 workers; inside the flush, every batch waiting on it
 * waited too.
 *
 * They run one at a time beside the next flushes, which write other tables; whatever the flushes
 * hand over meanwhile is merged into the next write. Neither can count twice: the fold deletes
 * what it adds in one statement, and share times only move outward (`least`, `greatest`). One at
 * a time, two large updates of the worker rows never run side by side.
 */
export function backgroundWrites({ repository, onError }: BackgroundWritesOptions) {
  let activity = new Map<WorkerEntry, ActivityDelta<WorkerEntry>>();
  let foldDue = false;
  /** Work that reads what the flushes committed before it was handed over (`after`). */
  const jobs: Job[] = [];
  let running: Promise<void> | undefined;

  const pending = () => foldDue || activity.size > 0 || jobs.length > 0;

  function merge(rows: readonly ActivityDelta<WorkerEntry>[]): void {
    for (const row of rows) {
      const had = activity.get(row.owner);
      activity.set(
        row.owner,
        had
          ? {
              owner: row.owner,
              firstShareAt: Math.min(had.firstShareAt, row.firstShareAt),
              lastShareAt: Math.max(had.lastShareAt, row.lastShareAt),
            }
          : row,
      );
    }
  }

  async function writeDue(): Promise<void> {
    const rows = [...activity.values()];
    const fold = foldDue;
    activity = new Map();
    foldDue = false;
    const waiting = jobs.filter((job) => !job.folded);
    try {
      if (fold) {
        await repository.foldWorkerMinutes();
        for (const job of waiting) job.folded = true;
      }
      if (rows.length > 0) {
        await repository.storeWorkerActivity(rows.map((row) => ({ ...row, owner: row.owner.id ?? 0 })));
      }
    } catch (error) {
      // Nothing is lost: the next write takes it again.
      merge(rows);
      foldDue ||= fold;
      throw error;
    }
  }

  /** Writes what is due, then the next job; a job's own failure goes to whoever handed it. */
  async function writeAll(): Promise<void> {
    while (pending()) {
      const job = jobs[0];
      if (job?.folded) {
        jobs.shift();
        await job.work().then(job.resolve, job.reject);
      } else await writeDue();
    }
  }

  function start(): void {
    if (running) return;
    running = writeAll().then(
      () => {
        running = undefined;
        // Handed over as the loop ended.
        if (pending()) start();
      },
      (error: unknown) => {
        running = undefined;
        // What failed waits for the next hand-over or drain, rather than retrying in a loop.
        onError(error, 'background write');
      },
    );
  }

  return {
    /**
     * Takes a flush's worker rows to move on, and a fold when one is due; writes them soon. The
     * rows count as stored from now, so that the next flushes do not hand them again; one that
     * fails stays here until a write succeeds.
     */
    hand(rows: readonly ActivityDelta<WorkerEntry>[], { fold }: { fold: boolean }): void {
      merge(rows);
      for (const { owner, lastShareAt } of rows) {
        owner.storedLastShareAt = Math.max(owner.storedLastShareAt ?? lastShareAt, lastShareAt);
      }
      foldDue ||= fold;
      if (pending()) start();
    },

    /**
     * Runs `work` once the log is folded with everything the flushes committed so far, one write
     * at a time with the others; resolves or fails as it does.
     */
    after(work: () => Promise<void>): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        jobs.push({ work, resolve, reject, folded: false });
        foldDue = true;
        start();
      });
    },

    /**
     * Folds the log and writes every row and job handed over, after the write under way; throws
     * what fails. Called in the serial chain, so that no flush hands more meanwhile.
     */
    async drain(): Promise<void> {
      foldDue = true;
      while (running) await running;
      const writing = writeAll();
      running = writing.catch(() => {});
      try {
        await writing;
      } finally {
        running = undefined;
      }
    },
  };
}

export type BackgroundWrites = ReturnType<typeof backgroundWrites>;
