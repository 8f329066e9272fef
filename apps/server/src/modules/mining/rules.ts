import type { ChartAvailability, WorkerStatus } from '@pool/contract/mining';
import type { Milliseconds } from './hashrate.ts';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** Spec 9, "Workers" and "Chart messages". */
export const thresholds = {
  /** Unavailable after 10 minutes without shares. */
  unavailableAfter: 10 * minute,
  /** Off after over 24 hours. */
  offAfter: day,
  /** Removed after 6 full days off, i.e. over 7 days without shares. */
  removedAfter: 7 * day,
  /** A chart is collecting until 15 minutes after the first share. */
  collectingFor: 15 * minute,
  /** A chart is unavailable when disconnected for over 1 hour. */
  chartUnavailableAfter: hour,
  /** A chart is stale over 7 days after the last share. */
  staleAfter: 7 * day,
} as const;

/**
 * Spec 3 and 9: a worker is stable while it shares (spec 9 expects a share about every minute),
 * unavailable once 10 minutes pass without one, off after over 24 hours and removed after 6 full
 * days off. A worker that never shared is unavailable: it connected but sent nothing yet.
 */
export function workerStatus(lastShareAt: Milliseconds | null, now: Milliseconds): WorkerStatus {
  if (lastShareAt === null) return 'unavailable';
  const silence = now - lastShareAt;
  if (silence > thresholds.removedAfter) return 'removed';
  if (silence > thresholds.offAfter) return 'off';
  if (silence >= thresholds.unavailableAfter) return 'unavailable';
  return 'stable';
}

/** Bounds on a last-share time: `after` and `before` exclusive, `notBefore` and `notAfter` inclusive. */
export interface TimeRange {
  after?: Milliseconds;
  notBefore?: Milliseconds;
  before?: Milliseconds;
  notAfter?: Milliseconds;
  /** Also a worker that never shared. */
  orNever?: boolean;
}

/** The last-share times that have a status at `now`, as bounds a query can use: the inverse of `workerStatus`. */
export function lastShareRange(status: WorkerStatus, now: Milliseconds): TimeRange {
  switch (status) {
    case 'stable':
      return { after: now - thresholds.unavailableAfter };
    case 'unavailable':
      return { notBefore: now - thresholds.offAfter, notAfter: now - thresholds.unavailableAfter, orNever: true };
    case 'off':
      return { notBefore: now - thresholds.removedAfter, before: now - thresholds.offAfter };
    case 'removed':
      return { before: now - thresholds.removedAfter };
  }
}

export function withinRange(time: Milliseconds, range: TimeRange): boolean {
  return (
    (range.after === undefined || time > range.after) &&
    (range.notBefore === undefined || time >= range.notBefore) &&
    (range.before === undefined || time < range.before) &&
    (range.notAfter === undefined || time <= range.notAfter)
  );
}

export interface Activity {
  firstShareAt: Milliseconds | null;
  lastShareAt: Milliseconds | null;
}

/** Spec 3 and 9: what a chart of this activity can show at `now`. */
export function chartAvailability(
  { firstShareAt, lastShareAt }: Activity,
  now: Milliseconds,
): { availability: ChartAvailability; readyAt: Milliseconds | null } {
  if (firstShareAt === null || lastShareAt === null) return { availability: 'nodata', readyAt: null };
  const silence = now - lastShareAt;
  if (silence > thresholds.staleAfter) return { availability: 'stale', readyAt: null };
  if (silence > thresholds.chartUnavailableAfter) return { availability: 'unavailable', readyAt: null };
  const readyAt = firstShareAt + thresholds.collectingFor;
  if (now < readyAt) return { availability: 'collecting', readyAt };
  return { availability: 'ok', readyAt: null };
}
