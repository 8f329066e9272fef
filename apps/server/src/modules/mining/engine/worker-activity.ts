import type { FlushSnapshot } from './aggregator.ts';
import type { WorkerRegistry } from './worker-registry.ts';
import type { MiningWriteRepository } from './write-repository.ts';

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

/** Stores the last share of workers whose row trails it and that have shared nothing since `quietFor`. */
export async function catchUpActivity(
  repository: Pick<MiningWriteRepository, 'storeWorkerActivity'>,
  registry: WorkerRegistry,
  now: number,
  quietFor: number,
): Promise<void> {
  const behind = [...registry.all()].filter(
    (entry) =>
      entry.id !== undefined &&
      entry.lastShareAt !== null &&
      entry.lastShareAt !== entry.storedLastShareAt &&
      now - entry.lastShareAt >= quietFor,
  );
  if (behind.length === 0) return;
  await repository.storeWorkerActivity(
    behind.map((entry) => ({
      owner: entry.id ?? 0,
      firstShareAt: entry.firstShareAt ?? entry.lastShareAt ?? now,
      lastShareAt: entry.lastShareAt ?? now,
    })),
  );
  for (const entry of behind) entry.storedLastShareAt = entry.lastShareAt;
}
