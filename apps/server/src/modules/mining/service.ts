import type {
  AccountMiningStats,
  BoundaryWorker,
  ChartPeriod,
  HashRateChart,
  HashRateFigure,
  MiningStats,
  Resolution,
  TablePeriod,
  Worker,
  WorkerList,
  WorkerListQuery,
  WorkerStatusCounts,
} from '@pool/contract/mining';
import {
  addTotals,
  hashRateFigure,
  hashRateOf,
  noShares,
  rejectFigure,
  relativeErrorOf,
  type ShareTotals,
} from './hashrate.ts';
import type { ContractRecord, MiningReadRepository, Window, WorkerRecord, WorkerScope } from './read-repository.ts';
import {
  bucketStart,
  periodLength,
  resolutionOfPeriod,
  resolutionSpec,
  resolutionSpecs,
  tablePeriodsOfStats,
} from './resolutions.ts';
import { chartAvailability, workerStatus, type Activity } from './rules.ts';
import { iso } from './sql.ts';
import type { ReadCache } from './read-cache.ts';

type Owner = { kind: 'account'; ids: string[] } | { kind: 'worker'; id: number };

const figure = (hashRate: number, shares: number): HashRateFigure => ({
  hash_rate: hashRate,
  shares,
  relative_error: relativeErrorOf(shares),
});

/** Turns buckets into the charts, stats and lists of spec 7, as of the engine's clock. */
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
  const watermarks = async (): Promise<Map<Resolution, number>> =>
    closedThrough
      ? new Map(resolutionSpecs.map((spec) => [spec.name, closedThrough(spec.name)]))
      : repository.closedThrough();

  /** A period's window ends where its resolution is closed: the open bucket is not drawn yet. */
  async function windowsOf(periods: readonly TablePeriod[], now: number): Promise<Window[]> {
    const closed = await watermarks();
    return periods.map((period) => {
      const spec = resolutionSpec(resolutionOfPeriod[period]);
      const current = bucketStart(now, spec.width);
      const to = Math.min(closed.get(spec.name) ?? current, current);
      return { resolution: spec.name, from: to - periodLength[period], to };
    });
  }

  function availabilityOf(activity: Activity, now: number) {
    const { availability, readyAt } = chartAvailability(activity, now);
    return {
      availability,
      ready_at: readyAt === null ? null : iso(readyAt),
      last_share_at: activity.lastShareAt === null ? null : iso(activity.lastShareAt),
    };
  }

  /** Every bucket of the window gets a point; a bucket without shares is a zero. */
  function chartOf(
    period: ChartPeriod,
    window: Window,
    series: Map<number, ShareTotals>,
    activity: Activity,
    now: number,
  ): HashRateChart {
    const { width } = resolutionSpec(window.resolution);
    const points: HashRateChart['points'] = [];
    let total = noShares;
    for (let start = window.from; start < window.to; start += width) {
      const totals = series.get(start) ?? noShares;
      total = addTotals(total, totals);
      points.push({
        at: iso(start),
        hash_rate: hashRateOf(totals.acceptedDifficulty, width),
        shares: totals.acceptedShares,
        rejected_shares: totals.rejectedShares,
      });
    }
    return {
      ...availabilityOf(activity, now),
      period,
      resolution: window.resolution,
      from: iso(window.from),
      to: iso(window.to),
      points,
      average: hashRateFigure(total, window.to - window.from),
    };
  }

  async function chart(owner: Owner, period: ChartPeriod, activity: Promise<Activity>): Promise<HashRateChart> {
    const now = clock();
    const [window] = await windowsOf([period], now);
    if (!window) throw new Error('no window');
    const [series, known] = await Promise.all([repository.series(owner, window), activity]);
    return chartOf(period, window, series, known, now);
  }

  async function stats(owner: Owner, activity: Promise<Activity>): Promise<MiningStats> {
    const now = clock();
    const windows = await windowsOf(tablePeriodsOfStats, now);
    const [totals, known] = await Promise.all([repository.totals(owner, windows), activity]);
    const [m15, h1, d1, w1, d30] = tablePeriodsOfStats.map((_, index) => ({
      totals: totals[index] ?? noShares,
      span: (windows[index]?.to ?? 0) - (windows[index]?.from ?? 0),
    }));
    const of = (entry: { totals: ShareTotals; span: number } | undefined) =>
      hashRateFigure(entry?.totals ?? noShares, entry?.span ?? 0);
    return {
      ...availabilityOf(known, now),
      hash_rate_15m: of(m15),
      hash_rate_1h: of(h1),
      hash_rate_24h: of(d1),
      hash_rate_7d: of(w1),
      hash_rate_30d: of(d30),
      reject_15m: rejectFigure(m15?.totals ?? noShares),
      reject_24h: rejectFigure(d1?.totals ?? noShares),
    };
  }

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

  async function statusCounts(scope: WorkerScope, name?: string): Promise<WorkerStatusCounts> {
    const counts = await repository.statusCounts(scope, clock(), name);
    return { ...counts, total: counts.stable + counts.unavailable + counts.off + counts.removed };
  }

  const workerActivity = async (id: number): Promise<Activity> => {
    const record = await repository.worker(id);
    return { firstShareAt: record?.firstShareAt ?? null, lastShareAt: record?.lastShareAt ?? null };
  };

  /** The part of a span that a contract runs, as a fraction of the span. */
  function overlap(contract: ContractRecord, from: number, to: number): number {
    const start = Math.max(from, contract.startsAt);
    const end = Math.min(to, contract.endsAt ?? Infinity);
    return end > start ? (end - start) / (to - from) : 0;
  }

  /** A contract's hashrate over a span: a share of the donor's measured rate, or its fixed rate. */
  function transferred(contract: ContractRecord, donor: ShareTotals, from: number, to: number) {
    const part = overlap(contract, from, to);
    if (contract.fixedHashRate !== null) return { hashRate: contract.fixedHashRate * part, shares: null };
    const share = contract.hashRateShare ?? 0;
    return {
      hashRate: hashRateOf(donor.acceptedDifficulty, to - from) * share * part,
      shares: part > 0 ? donor.acceptedShares : 0,
    };
  }

  function sumFigures(parts: { hashRate: number; shares: number | null }[]): HashRateFigure {
    const measured = parts.filter((part) => part.shares !== null);
    const shares = measured.length ? measured.reduce((sum, part) => sum + (part.shares ?? 0), 0) : null;
    return {
      hash_rate: parts.reduce((sum, part) => sum + part.hashRate, 0),
      shares,
      relative_error: shares === null ? null : relativeErrorOf(shares),
    };
  }

  async function boundaryActivity(contracts: ContractRecord[], now: number): Promise<Activity> {
    if (contracts.length === 0) return { firstShareAt: null, lastShareAt: null };
    const donors = await repository.accountActivity(contracts.map((contract) => contract.donorMinerId));
    const firstShareAt = Math.min(...contracts.map((contract) => contract.startsAt));
    const running = contracts.some((contract) => contract.startsAt <= now && (contract.endsAt ?? Infinity) > now);
    const fixedRunning = contracts.some(
      (contract) => contract.fixedHashRate !== null && contract.startsAt <= now && (contract.endsAt ?? Infinity) > now,
    );
    const lastShareAt = fixedRunning
      ? now
      : running
        ? donors.lastShareAt
        : Math.max(...contracts.map((contract) => contract.endsAt ?? 0));
    return { firstShareAt: Math.max(firstShareAt, donors.firstShareAt ?? firstShareAt), lastShareAt };
  }

  return {
    accountChart: (ids: string[], period: ChartPeriod) =>
      cached(['accountChart', ids, period], () =>
        chart({ kind: 'account', ids }, period, repository.accountActivity(ids)),
      ),

    accountStats: (ids: string[], scope: WorkerScope): Promise<AccountMiningStats> =>
      cached(['accountStats', ids, scope], async () => {
        const [figures, workers] = await Promise.all([
          stats({ kind: 'account', ids }, repository.accountActivity(ids)),
          statusCounts(scope),
        ]);
        return { ...figures, workers };
      }),

    workerChart: (id: number, period: ChartPeriod) =>
      cached(['workerChart', id, period], () => chart({ kind: 'worker', id }, period, workerActivity(id))),
    workerStats: (id: number) => cached(['workerStats', id], () => stats({ kind: 'worker', id }, workerActivity(id))),
    workerExists: async (id: number) => (await repository.worker(id)) !== undefined,

    listWorkers: (scope: WorkerScope, query: WorkerListQuery): Promise<WorkerList> =>
      cached(['listWorkers', scope, query], async () => {
        const now = clock();
        const { items, total } = await repository.listWorkers(scope, query, now);
        return { items: items.map((item) => workerOf(item, now)), total, page: query.page, per_page: query.per_page };
      }),

    statusCounts,

    async boundaryWorkers(minerId: string): Promise<BoundaryWorker[]> {
      const now = clock();
      const contracts = await repository.contractsOf(minerId);
      const windows = await windowsOf(['PT15M', 'PT1H', 'P1D'], now);
      return Promise.all(
        contracts.map(async (contract) => {
          const [donorTotals, donorActivity] = await Promise.all([
            repository.totals({ kind: 'account', ids: [contract.donorMinerId] }, windows),
            repository.accountActivity([contract.donorMinerId]),
          ]);
          const [m15, h1, d1] = windows.map((window, index) =>
            sumFigures([transferred(contract, donorTotals[index] ?? noShares, window.from, window.to)]),
          );
          const ended = contract.endsAt !== null && contract.endsAt <= now;
          const lastSeen = ended ? contract.endsAt : contract.fixedHashRate !== null ? now : donorActivity.lastShareAt;
          return {
            contract_id: contract.id,
            worker_name: `boundary-${contract.donorAccountName}`,
            behaviour: 'boundary' as const,
            donor_miner_id: contract.donorMinerId,
            donor_account_name: contract.donorAccountName,
            hash_rate_share: contract.hashRateShare,
            fixed_hash_rate: contract.fixedHashRate,
            starts_at: iso(contract.startsAt),
            ends_at: contract.endsAt === null ? null : iso(contract.endsAt),
            status: workerStatus(lastSeen, now),
            hash_rate_15m: m15 ?? sumFigures([]),
            hash_rate_1h: h1 ?? sumFigures([]),
            hash_rate_24h: d1 ?? sumFigures([]),
          };
        }),
      );
    },

    /** The boundary workers' series: each contract's share of its donor's buckets, summed. */
    async boundaryChart(minerId: string, period: ChartPeriod): Promise<HashRateChart> {
      const now = clock();
      const contracts = await repository.contractsOf(minerId);
      const [window] = await windowsOf([period], now);
      if (!window) throw new Error('no window');
      const { width } = resolutionSpec(window.resolution);
      const donorSeries = await Promise.all(
        contracts.map((contract) => repository.series({ kind: 'account', ids: [contract.donorMinerId] }, window)),
      );
      const activity = await boundaryActivity(contracts, now);
      const points: HashRateChart['points'] = [];
      const averages: { hashRate: number; shares: number | null }[] = [];
      for (let start = window.from; start < window.to; start += width) {
        const parts = contracts.map((contract, index) =>
          transferred(contract, donorSeries[index]?.get(start) ?? noShares, start, start + width),
        );
        const summed = sumFigures(parts);
        averages.push({ hashRate: summed.hash_rate, shares: summed.shares });
        points.push({ at: iso(start), hash_rate: summed.hash_rate, shares: summed.shares, rejected_shares: null });
      }
      const average = sumFigures(averages);
      return {
        ...availabilityOf(activity, now),
        period,
        resolution: window.resolution,
        from: iso(window.from),
        to: iso(window.to),
        points,
        average: { ...average, hash_rate: points.length ? average.hash_rate / points.length : 0 },
      };
    },

    async boundaryStats(minerId: string): Promise<MiningStats> {
      const now = clock();
      const contracts = await repository.contractsOf(minerId);
      const windows = await windowsOf(tablePeriodsOfStats, now);
      const donorTotals = await Promise.all(
        contracts.map((contract) => repository.totals({ kind: 'account', ids: [contract.donorMinerId] }, windows)),
      );
      const figures = windows.map((window, w) =>
        sumFigures(
          contracts.map((contract, c) =>
            transferred(contract, donorTotals[c]?.[w] ?? noShares, window.from, window.to),
          ),
        ),
      );
      const donorsAt = (w: number) =>
        donorTotals.reduce((sum, totals) => addTotals(sum, totals[w] ?? noShares), noShares);
      const empty = sumFigures([]);
      return {
        ...availabilityOf(await boundaryActivity(contracts, now), now),
        hash_rate_15m: figures[0] ?? empty,
        hash_rate_1h: figures[1] ?? empty,
        hash_rate_24h: figures[2] ?? empty,
        hash_rate_7d: figures[3] ?? empty,
        hash_rate_30d: figures[4] ?? empty,
        reject_15m: rejectFigure(donorsAt(0)),
        reject_24h: rejectFigure(donorsAt(2)),
      };
    },
  };
}

export type MiningService = ReturnType<typeof miningService>;
