/** The mining vocabulary of spec 3 and 9, without zod (the web app's mining screens import it). */

/** Spec 3 and 9: the periods of a chart; tables also use 30 days. */
export const chartPeriods = ['PT15M', 'PT1H', 'P1D', 'P1W'] as const;
export type ChartPeriod = (typeof chartPeriods)[number];

export const tablePeriods = [...chartPeriods, 'P30D'] as const;
export type TablePeriod = (typeof tablePeriods)[number];

/** Spec 9: the width of one chart point for each period; days serve the 30-day tables. */
export const resolutions = ['PT1M', 'PT5M', 'PT20M', 'PT4H', 'P1D'] as const;
export type Resolution = (typeof resolutions)[number];

/** Spec 3 and 9. */
export const chartAvailabilities = ['ok', 'collecting', 'unavailable', 'stale', 'nodata'] as const;
export type ChartAvailability = (typeof chartAvailabilities)[number];

export const workerStatuses = ['stable', 'unavailable', 'off', 'removed'] as const;
export type WorkerStatus = (typeof workerStatuses)[number];

export const workerBehaviours = ['hardware', 'boundary'] as const;
export type WorkerBehaviour = (typeof workerBehaviours)[number];

export const workerSortKeys = [
  'worker_name',
  'hash_rate_15m',
  'hash_rate_1h',
  'hash_rate_24h',
  'reject_pct_15m',
] as const;
export type WorkerSortKey = (typeof workerSortKeys)[number];

export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];
