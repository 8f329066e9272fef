import type { AccountMiningStats, ChartPeriod, Resolution, WorkerList, WorkerListQuery } from '@pool/contract/mining';
import { boundaryService } from './boundary-service.ts';
import { chartService, periodWindows } from './chart-service.ts';
import type { MiningReadRepository, WorkerScope } from './read-repository.ts';
import type { ReadCache } from './read-cache.ts';
import { workerListService } from './worker-list-service.ts';

/** The accounts a mining read covers: one or more accounts of one kind. */
export interface MiningAccounts {
  kind: 'miner' | 'operator' | 'pool';
  ids: readonly string[];
}

const scopeColumns = { miner: 'miner_id', operator: 'operator_id', pool: 'pool_id' } as const;
/** Whose workers the repository lists: the worker rows name their miner, operator and pool. */
const scopeOf = ({ kind, ids }: MiningAccounts): WorkerScope => ({ column: scopeColumns[kind], ids: [...ids] });

/**
 * Turns buckets into the charts, stats and lists of spec 7, as of the engine's clock: one object
 * for the routes over the chart, worker-list and boundary services, with the read cache in front.
 */
export function miningService({
  repository,
  clock,
  closedThrough,
  cache,
}: {
  repository: MiningReadRepository;
  clock: () => number;
  /** The engine's watermarks when it runs in this process; read from the database otherwise. */
  closedThrough?: (resolution: Resolution) => number;
  cache?: ReadCache;
}) {
  const cached = <T>(key: unknown[], compute: () => Promise<T>): Promise<T> =>
    cache ? cache.get(JSON.stringify(key), compute) : compute();
  const windowsOf = periodWindows(repository, closedThrough);
  const charts = chartService({ repository, clock, windowsOf });
  const lists = workerListService({ repository, clock });
  const boundary = boundaryService({ repository, clock, windowsOf });

  return {
    accountChart: ({ ids }: MiningAccounts, period: ChartPeriod) =>
      cached(['accountChart', ids, period], () => charts.accountChart([...ids], period)),

    accountStats: (accounts: MiningAccounts): Promise<AccountMiningStats> =>
      cached(['accountStats', accounts.ids, scopeOf(accounts)], async () => {
        const [figures, workers] = await Promise.all([
          charts.accountStats([...accounts.ids]),
          lists.statusCounts(scopeOf(accounts)),
        ]);
        return { ...figures, workers };
      }),

    workerChart: (id: number, period: ChartPeriod) =>
      cached(['workerChart', id, period], () => charts.workerChart(id, period)),
    workerStats: (id: number) => cached(['workerStats', id], () => charts.workerStats(id)),
    workerExists: lists.workerExists,

    listWorkers: (accounts: MiningAccounts, query: WorkerListQuery): Promise<WorkerList> =>
      cached(['listWorkers', scopeOf(accounts), query], () => lists.listWorkers(scopeOf(accounts), query)),

    statusCounts: (accounts: MiningAccounts, name?: string) => lists.statusCounts(scopeOf(accounts), name),
    ...boundary,
  };
}

export type MiningService = ReturnType<typeof miningService>;
