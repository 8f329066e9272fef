import type { HashRateFigure, Worker, WorkerList, WorkerListQuery, WorkerStatusCounts } from '@pool/contract/mining';
import { relativeErrorOf } from '../hashrate.ts';
import type { MiningReadRepository, WorkerRecord, WorkerScope } from './read-repository.ts';
import { workerStatus } from '../rules.ts';
import { iso } from '../sql.ts';

const figure = (hashRate: number, shares: number): HashRateFigure => ({
  hash_rate: hashRate,
  shares,
  relative_error: relativeErrorOf(shares),
});

function workerOf(record: WorkerRecord, now: number): Worker {
  return {
    id: record.id,
    worker_name: record.workerName,
    full_name: `${record.accountName}.${record.workerName}`,
    miner_id: record.minerId,
    account_name: record.accountName,
    status: workerStatus(record.lastShareAt, now),
    behaviour: record.behaviour,
    hash_rate_15m: figure(record.hashRate15m, record.shares15m),
    hash_rate_1h: figure(record.hashRate1h, record.shares1h),
    hash_rate_24h: figure(record.hashRate24h, record.shares24h),
    reject_pct_15m: record.rejectPct15m,
    first_share_at: record.firstShareAt === null ? null : iso(record.firstShareAt),
    last_share_at: record.lastShareAt === null ? null : iso(record.lastShareAt),
  };
}

/** Worker lists and counts by status, read from the figures the engine keeps in the worker rows. */
export function workerListService({ repository, clock }: { repository: MiningReadRepository; clock: () => number }) {
  async function listWorkers(scope: WorkerScope, query: WorkerListQuery): Promise<WorkerList> {
    const now = clock();
    const { items, total } = await repository.listWorkers(scope, query, now);
    return { items: items.map((item) => workerOf(item, now)), total, page: query.page, per_page: query.per_page };
  }

  async function statusCounts(scope: WorkerScope, name?: string): Promise<WorkerStatusCounts> {
    const counts = await repository.statusCounts(scope, clock(), name);
    return { ...counts, total: counts.stable + counts.unavailable + counts.off + counts.removed };
  }

  const workerExists = async (id: number) => (await repository.worker(id)) !== undefined;

  return { listWorkers, statusCounts, workerExists };
}

export type WorkerListService = ReturnType<typeof workerListService>;
