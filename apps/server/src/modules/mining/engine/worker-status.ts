import type { WorkerStatus } from '@pool/contract/mining';
import type { WorkerEntry } from './aggregator.ts';
import type { MiningEventBus } from '../events.ts';
import { workerStatus } from '../rules.ts';
import type { WorkerRegistry } from './worker-registry.ts';
import type { MiningWriteRepository } from './write-repository.ts';

/** The accounts a worker's shares count towards: its miner, its pool and its operator if any. */
export const accountsOf = (entry: WorkerEntry): string[] =>
  entry.operatorId ? [entry.minerId, entry.poolId, entry.operatorId] : [entry.minerId, entry.poolId];

export function announceStatus(
  events: MiningEventBus,
  entry: WorkerEntry,
  from: WorkerStatus | null,
  to: WorkerStatus,
  at: number,
): void {
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

const noWorkers = (): Record<WorkerStatus, number> => ({ stable: 0, unavailable: 0, off: 0, removed: 0 });

/** Counts every account's workers by status from the registry and stores the changed ones. */
export function workerCountStore(
  repository: Pick<MiningWriteRepository, 'writeWorkerCounts'>,
  registry: WorkerRegistry,
) {
  /** The worker counts last stored per account, so a tick writes only the accounts that changed. */
  const storedCounts = new Map<string, string>();

  function countNow(now: number): Map<string, Record<WorkerStatus, number>> {
    const counts = new Map<string, Record<WorkerStatus, number>>();
    for (const entry of registry.all()) {
      if (entry.lastShareAt === null) continue;
      const status = workerStatus(entry.lastShareAt, now);
      for (const account of accountsOf(entry)) {
        let tally = counts.get(account);
        if (!tally) {
          tally = noWorkers();
          counts.set(account, tally);
        }
        tally[status] += 1;
      }
    }
    for (const account of storedCounts.keys()) {
      if (!counts.has(account)) counts.set(account, noWorkers());
    }
    return counts;
  }

  return {
    async store(now: number): Promise<void> {
      const changed = [...countNow(now)]
        .filter(([account, tally]) => storedCounts.get(account) !== JSON.stringify(tally))
        .map(([accountId, tally]) => ({ accountId, counts: tally }));
      await repository.writeWorkerCounts(changed);
      for (const { accountId, counts: tally } of changed) storedCounts.set(accountId, JSON.stringify(tally));
    },
  };
}

export type WorkerCountStore = ReturnType<typeof workerCountStore>;
