import type { FlushSnapshot, WorkerEntry } from './aggregator.ts';
import type { ActivityDelta } from './flush-writes.ts';
import type { WorkerRegistry } from './worker-registry.ts';

/** How far a worker row's last share may trail the truth while the worker keeps sharing. */
export const activityStep = 15_000;

/**
 * Which workers' rows get their last share in this write. Rewriting the row of every worker at
 * every flush would cost as much as the buckets themselves, so a row moves on only once its
 * time is `activityStep` behind; a worker that went quiet is caught up at the next tick.
 */
export function activityToStore(rows: FlushSnapshot['workerActivity'], step: number) {
  return rows.filter(({ owner, firstShareAt, lastShareAt }) => {
    const stored = owner.storedLastShareAt;
    return stored === null || lastShareAt - stored >= step || firstShareAt < (owner.firstShareAt ?? Infinity);
  });
}

/** The rows of workers that trail their last share and have shared nothing since `quietFor`. */
export function quietRowsBehind(registry: WorkerRegistry, now: number, quietFor: number): ActivityDelta<WorkerEntry>[] {
  const behind: ActivityDelta<WorkerEntry>[] = [];
  for (const entry of registry.all()) {
    if (entry.id === undefined || entry.lastShareAt === null) continue;
    if (entry.lastShareAt === entry.storedLastShareAt || now - entry.lastShareAt < quietFor) continue;
    behind.push({
      owner: entry,
      firstShareAt: entry.firstShareAt ?? entry.lastShareAt,
      lastShareAt: entry.lastShareAt,
    });
  }
  return behind;
}
