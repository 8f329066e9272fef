import type { WorkerEntry } from './aggregator.ts';
import type { ActivityDelta } from './flush-writes.ts';
import type { MiningWriteRepository } from './write-repository.ts';

export interface BackgroundWritesOptions {
  repository: Pick<MiningWriteRepository, 'foldWorkerMinutes' | 'storeWorkerActivity'>;
  onError: (error: unknown, during: string) => void;
}

/**
 * The writes a flush's batches need not wait for: folding the worker-minute log into the minute
 * buckets, and moving the worker rows' share times on. Each touches every worker of the pool and
 * took seconds at 100,000 workers; inside the flush, every batch waiting on it waited too.
 *
 * They run one at a time beside the next flushes, which write other tables; whatever the flushes
 * hand over meanwhile is merged into the next write. Neither can count twice: the fold deletes
 * what it adds in one statement, and share times only move outward (`least`, `greatest`).
 */
export function backgroundWrites({ repository, onError }: BackgroundWritesOptions) {
  let activity = new Map<WorkerEntry, ActivityDelta<WorkerEntry>>();
  let foldDue = false;
  let running: Promise<void> | undefined;

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
    try {
      if (fold) await repository.foldWorkerMinutes();
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

  function start(): void {
    if (running) return;
    running = (async () => {
      while (foldDue || activity.size > 0) await writeDue();
    })().then(
      () => {
        running = undefined;
        // Handed over as the loop ended.
        if (foldDue || activity.size > 0) start();
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
      if (foldDue || activity.size > 0) start();
    },

    /**
     * Folds the log and writes every row handed over, after the write under way; throws what
     * fails. Buckets close only after this, with no flush running (the serial chain).
     */
    async drain(): Promise<void> {
      await running;
      foldDue = true;
      await writeDue();
    },
  };
}

export type BackgroundWrites = ReturnType<typeof backgroundWrites>;
