import type { ChartPeriod, HashRateChart, MiningStats, Resolution, TablePeriod } from '@pool/contract/mining';
import { addTotals, hashRateFigure, hashRateOf, noShares, rejectFigure, type ShareTotals } from '../hashrate.ts';
import type { MiningReadRepository, Window } from './read-repository.ts';
import {
  bucketStart,
  periodLength,
  resolutionOfPeriod,
  resolutionSpec,
  resolutionSpecs,
  tablePeriodsOfStats,
} from '../resolutions.ts';
import { chartAvailability, type Activity } from '../rules.ts';
import { iso } from '../sql.ts';

type Owner = { kind: 'account'; ids: string[] } | { kind: 'worker'; id: number };

export type WindowsOf = (periods: readonly TablePeriod[], now: number) => Promise<Window[]>;

/**
 * The windows periods are drawn over, from the engine's watermarks when it runs in this process
 * (`closedThrough`) or the database's otherwise.
 */
export function periodWindows(
  repository: Pick<MiningReadRepository, 'closedThrough'>,
  closedThrough?: (resolution: Resolution) => number,
): WindowsOf {
  const watermarks = async (): Promise<Map<Resolution, number>> =>
    closedThrough
      ? new Map(resolutionSpecs.map((spec) => [spec.name, closedThrough(spec.name)]))
      : repository.closedThrough();

  /** A period's window ends where its resolution is closed: the open bucket is not drawn yet. */
  return async (periods, now) => {
    const closed = await watermarks();
    return periods.map((period) => {
      const spec = resolutionSpec(resolutionOfPeriod[period]);
      const current = bucketStart(now, spec.width);
      const to = Math.min(closed.get(spec.name) ?? current, current);
      return { resolution: spec.name, from: to - periodLength[period], to };
    });
  };
}

export function availabilityOf(activity: Activity, now: number) {
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

/** The charts and stats of accounts and workers, drawn from their buckets. */
export function chartService({
  repository,
  clock,
  windowsOf,
}: {
  repository: MiningReadRepository;
  clock: () => number;
  windowsOf: WindowsOf;
}) {
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

  const workerActivity = async (id: number): Promise<Activity> => {
    const record = await repository.worker(id);
    return { firstShareAt: record?.firstShareAt ?? null, lastShareAt: record?.lastShareAt ?? null };
  };

  return {
    accountChart: (ids: string[], period: ChartPeriod) =>
      chart({ kind: 'account', ids }, period, repository.accountActivity(ids)),
    accountStats: (ids: string[]) => stats({ kind: 'account', ids }, repository.accountActivity(ids)),
    workerChart: (id: number, period: ChartPeriod) => chart({ kind: 'worker', id }, period, workerActivity(id)),
    workerStats: (id: number) => stats({ kind: 'worker', id }, workerActivity(id)),
  };
}

export type ChartService = ReturnType<typeof chartService>;
