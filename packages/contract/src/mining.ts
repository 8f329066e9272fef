import { z } from 'zod';
import {
  chartAvailabilities,
  chartPeriods,
  resolutions,
  sortDirections,
  tablePeriods,
  workerBehaviours,
  workerSortKeys,
  workerStatuses,
} from './mining-codes.ts';

export {
  chartAvailabilities,
  chartPeriods,
  resolutions,
  sortDirections,
  tablePeriods,
  workerBehaviours,
  workerSortKeys,
  workerStatuses,
} from './mining-codes.ts';

export const ChartPeriod = z.enum(chartPeriods);
export type ChartPeriod = z.infer<typeof ChartPeriod>;

export const TablePeriod = z.enum(tablePeriods);
export type TablePeriod = z.infer<typeof TablePeriod>;

export const Resolution = z.enum(resolutions);
export type Resolution = z.infer<typeof Resolution>;

export const ChartAvailability = z.enum(chartAvailabilities);
export type ChartAvailability = z.infer<typeof ChartAvailability>;

export const WorkerStatus = z.enum(workerStatuses);
export type WorkerStatus = z.infer<typeof WorkerStatus>;

export const WorkerBehaviour = z.enum(workerBehaviours);
export type WorkerBehaviour = z.infer<typeof WorkerBehaviour>;

export const WorkerSortKey = z.enum(workerSortKeys);
export type WorkerSortKey = z.infer<typeof WorkerSortKey>;

export const SortDirection = z.enum(sortDirections);
export type SortDirection = z.infer<typeof SortDirection>;

/** Hashes per second. */
export const HashRate = z.number().nonnegative();
/** The unit of every hashrate, in the server's arithmetic and on the web app's screens alike. */
export type HashesPerSecond = z.infer<typeof HashRate>;

/**
 * A hashrate and the number of accepted shares it was measured from. Shares arrive at random, so
 * the figure's relative standard error is 1/√shares: 100 shares give ±10 %. `shares` is null when
 * the figure is set by a contract rather than measured.
 */
export const HashRateFigure = z.object({
  hash_rate: HashRate,
  shares: z.number().int().nonnegative().nullable(),
  relative_error: z.number().nonnegative().nullable(),
});
export type HashRateFigure = z.infer<typeof HashRateFigure>;

/** Rejected work as a percentage of all submitted work, with the shares behind it. */
export const RejectFigure = z.object({
  reject_pct: z.number().min(0).max(100),
  shares: z.number().int().nonnegative(),
  rejected_shares: z.number().int().nonnegative(),
});
export type RejectFigure = z.infer<typeof RejectFigure>;

/** Whether a chart can be drawn, and if it is still collecting, when it will be. */
export const AvailabilityInfo = z.object({
  availability: ChartAvailability,
  /** Set while collecting: the first share plus 15 minutes. */
  ready_at: z.iso.datetime().nullable(),
  last_share_at: z.iso.datetime().nullable(),
});
export type AvailabilityInfo = z.infer<typeof AvailabilityInfo>;

/** One point: the average hashrate over [at, at + resolution). */
export const ChartPoint = z.object({
  at: z.iso.datetime(),
  hash_rate: HashRate,
  shares: z.number().int().nonnegative().nullable(),
  rejected_shares: z.number().int().nonnegative().nullable(),
});
export type ChartPoint = z.infer<typeof ChartPoint>;

/** A hashrate chart over the closed buckets of a period: `from` is the first point, `to` the end. */
export const HashRateChart = AvailabilityInfo.extend({
  period: ChartPeriod,
  resolution: Resolution,
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  points: z.array(ChartPoint),
  /** The whole period's average, as the stats of the same period report it. */
  average: HashRateFigure,
});
export type HashRateChart = z.infer<typeof HashRateChart>;

export const ChartQuery = z.object({ period: ChartPeriod.default('P1D') });
export type ChartQuery = z.infer<typeof ChartQuery>;

export const WorkerStatusCounts = z.object({
  stable: z.number().int().nonnegative(),
  unavailable: z.number().int().nonnegative(),
  off: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type WorkerStatusCounts = z.infer<typeof WorkerStatusCounts>;

/**
 * Statistics of an account, a set of miners or a worker. Each hashrate is the average over the
 * window its chart of the same period draws (15 one-minute points, 12 five-minute points, ...).
 */
export const MiningStats = AvailabilityInfo.extend({
  hash_rate_15m: HashRateFigure,
  hash_rate_1h: HashRateFigure,
  hash_rate_24h: HashRateFigure,
  hash_rate_7d: HashRateFigure,
  hash_rate_30d: HashRateFigure,
  reject_15m: RejectFigure,
  reject_24h: RejectFigure,
});
export type MiningStats = z.infer<typeof MiningStats>;

export const AccountMiningStats = MiningStats.extend({ workers: WorkerStatusCounts });
export type AccountMiningStats = z.infer<typeof AccountMiningStats>;

/** Repeated `?id=` values: one or many miners, summed. */
export const MinerIdsQuery = z.object({
  id: z
    .union([z.uuid(), z.array(z.uuid()).min(1).max(100)])
    .transform((value) => (Array.isArray(value) ? value : [value])),
});
export const MinersChartQuery = MinerIdsQuery.extend(ChartQuery.shape);

const repeated = <T extends z.ZodType>(item: T) =>
  z.union([item, z.array(item)]).transform((value) => (Array.isArray(value) ? value : [value]) as z.infer<T>[]);

export const WorkerListQuery = z.object({
  status: repeated(WorkerStatus).optional(),
  sort: WorkerSortKey.default('worker_name'),
  direction: SortDirection.default('asc'),
  /** Part of the worker name, case-insensitive. */
  search: z.string().trim().max(64).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
});
export type WorkerListQuery = z.infer<typeof WorkerListQuery>;

export const Worker = z.object({
  id: z.number().int().positive(),
  /** As the miner types it in the stratum client after the account name and a dot. */
  worker_name: z.string(),
  /** `account_name.worker_name`, as on the wire (spec 2, connection panel). */
  full_name: z.string(),
  miner_id: z.uuid(),
  account_name: z.string(),
  status: WorkerStatus,
  behaviour: WorkerBehaviour,
  hash_rate_15m: HashRateFigure,
  hash_rate_1h: HashRateFigure,
  hash_rate_24h: HashRateFigure,
  reject_pct_15m: z.number().min(0).max(100),
  first_share_at: z.iso.datetime().nullable(),
  last_share_at: z.iso.datetime().nullable(),
});
export type Worker = z.infer<typeof Worker>;

export const WorkerList = z.object({
  items: z.array(Worker),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  per_page: z.number().int().min(1),
});
export type WorkerList = z.infer<typeof WorkerList>;

export const WorkerStatusQuery = z.object({ name: z.string().trim().max(64).optional() });

export const RandomWorkerName = z.object({ worker_name: z.string() });

/**
 * A virtual-mining contract seen from its recipient: a boundary worker whose hashrate is a share
 * of the donor's, or a fixed rate, while the contract runs.
 */
export const BoundaryWorker = z.object({
  contract_id: z.uuid(),
  worker_name: z.string(),
  behaviour: z.literal('boundary'),
  donor_miner_id: z.uuid(),
  donor_account_name: z.string(),
  /** The fraction of the donor's hashrate transferred, or null for a fixed rate. */
  hash_rate_share: z.number().min(0).max(1).nullable(),
  fixed_hash_rate: HashRate.nullable(),
  starts_at: z.iso.datetime(),
  ends_at: z.iso.datetime().nullable(),
  status: WorkerStatus,
  hash_rate_15m: HashRateFigure,
  hash_rate_1h: HashRateFigure,
  hash_rate_24h: HashRateFigure,
});
export type BoundaryWorker = z.infer<typeof BoundaryWorker>;

export const BoundaryWorkerList = z.object({ items: z.array(BoundaryWorker) });

/** Why the ingest refused one event of a batch. */
export const shareRejectionReasons = [
  'not_an_object',
  'unknown_pool',
  'unknown_account',
  'invalid_account_name',
  'invalid_worker_name',
  'invalid_difficulty',
  'invalid_accepted',
  'invalid_reject_reason',
  'invalid_time',
  'too_old',
  'in_future',
] as const;
export const ShareRejectionReason = z.enum(shareRejectionReasons);
export type ShareRejectionReason = z.infer<typeof ShareRejectionReason>;

/** Stratum worker names: what a miner may type after `account_name.`. */
export const workerNamePattern = /^[A-Za-z0-9_-]{1,64}$/;

/** A share as a pool's stratum server reports it. */
export const ShareEvent = z.object({
  /** The pool's name, as `GET /v0.1/pools/current` reports it. */
  pool: z.string(),
  account_name: z.string(),
  /** The part after the dot of `account_name.worker_name`. */
  worker_name: z.string().regex(workerNamePattern),
  difficulty: z.number().positive(),
  accepted: z.boolean(),
  reject_reason: z.string().max(64).optional(),
  /** When the stratum server received the share. */
  at: z.iso.datetime(),
});
export type ShareEvent = z.infer<typeof ShareEvent>;

export const ShareBatch = z.object({
  /** Unique per batch: a batch sent again with the same id is counted once. */
  batch_id: z.string().min(1).max(128),
  events: z.array(ShareEvent).max(50_000),
});
export type ShareBatch = z.infer<typeof ShareBatch>;

export const IngestResult = z.object({
  batch_id: z.string(),
  /** True when this batch id was seen before: nothing was counted again. */
  duplicate: z.boolean(),
  accepted: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
  rejections: z.array(z.object({ index: z.number().int().nonnegative(), reason: ShareRejectionReason })),
});
export type IngestResult = z.infer<typeof IngestResult>;

/** What the events stream sends; the web app refetches what changed. */
export const MiningEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('buckets_closed'),
    resolution: Resolution,
    /** The closed bucket's start. */
    at: z.iso.datetime(),
    /** Whether the stream's account had shares in it; every chart moves on by a point either way. */
    had_shares: z.boolean(),
  }),
  z.object({
    type: z.literal('worker_status_changed'),
    worker_id: z.number().int().positive(),
    worker_name: z.string(),
    miner_id: z.uuid(),
    from: WorkerStatus.nullable(),
    to: WorkerStatus,
    at: z.iso.datetime(),
  }),
]);
export type MiningEvent = z.infer<typeof MiningEvent>;

export const EventsQuery = z.object({ watcher_token: z.string().optional() });
