import type { Resolution, TablePeriod } from '@pool/contract/mining';
import type { Milliseconds } from './hashrate.ts';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

export interface ResolutionSpec {
  readonly name: Resolution;
  readonly width: Milliseconds;
  /** Suffix of its tables: `worker_hashrate_5m`, `account_hashrate_5m`. */
  readonly table: '1m' | '5m' | '20m' | '4h' | '1d';
  /** The finer resolution it is rolled up from; minutes come from shares. */
  readonly finer: Resolution | undefined;
  /** How long a worker's buckets are kept (README, "Mining data"). */
  readonly workerRetention: Milliseconds;
  /** How long an account's buckets are kept: days serve the monthly report for years. */
  readonly accountRetention: Milliseconds;
}

/** Spec 9: 1 min for 15m, 5 min for 1h, 20 min for 1d, 4 h for 1w, and days for 30-day tables. */
export const resolutionSpecs: readonly ResolutionSpec[] = [
  { name: 'PT1M', width: minute, table: '1m', finer: undefined, workerRetention: hour, accountRetention: 2 * hour },
  { name: 'PT5M', width: 5 * minute, table: '5m', finer: 'PT1M', workerRetention: 3 * hour, accountRetention: 2 * day },
  {
    name: 'PT20M',
    width: 20 * minute,
    table: '20m',
    finer: 'PT5M',
    workerRetention: 25 * hour,
    accountRetention: 8 * day,
  },
  { name: 'PT4H', width: 4 * hour, table: '4h', finer: 'PT20M', workerRetention: 8 * day, accountRetention: 35 * day },
  { name: 'P1D', width: day, table: '1d', finer: 'PT4H', workerRetention: 35 * day, accountRetention: 1830 * day },
];

export function resolutionSpec(name: Resolution): ResolutionSpec {
  const spec = resolutionSpecs.find((entry) => entry.name === name);
  if (!spec) throw new Error(`unknown resolution ${name}`);
  return spec;
}

export const periodLength: Record<TablePeriod, Milliseconds> = {
  PT15M: 15 * minute,
  PT1H: hour,
  P1D: day,
  P1W: 7 * day,
  P30D: 30 * day,
};

export const resolutionOfPeriod: Record<TablePeriod, Resolution> = {
  PT15M: 'PT1M',
  PT1H: 'PT5M',
  P1D: 'PT20M',
  P1W: 'PT4H',
  P30D: 'P1D',
};

/** The start of the bucket holding `time`; buckets are aligned to the Unix epoch in UTC. */
export function bucketStart(time: Milliseconds, width: Milliseconds): Milliseconds {
  return Math.floor(time / width) * width;
}

/**
 * The window a period's chart and stats cover: its closed buckets, ending at the start of the
 * bucket that is still open, so that the stats of a period are the average of its chart.
 */
export function periodWindow(period: TablePeriod, now: Milliseconds): { from: Milliseconds; to: Milliseconds } {
  const { width } = resolutionSpec(resolutionOfPeriod[period]);
  const to = bucketStart(now, width);
  return { from: to - periodLength[period], to };
}

/** The windows a stats answer reports, in the order of its fields. */
export const tablePeriodsOfStats: readonly TablePeriod[] = ['PT15M', 'PT1H', 'P1D', 'P1W', 'P30D'];
