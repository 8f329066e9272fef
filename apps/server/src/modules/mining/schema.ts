import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { WorkerBehaviour } from '@pool/contract/mining';
import { app, miners } from '../../db/schema.ts';

const at = () => timestamp({ withTimezone: true });

/**
 * A worker (machine) of a miner, created on its first share. Its current figures live in one
 * narrow table per window (below). The status is not stored because it follows from
 * `last_share_at` and the clock. Its pages are kept 30 % free (fillfactor, migration 0017), which
 * drizzle's table builder cannot say: the flushes' updates of the share times, which no index
 * holds, then stay on the row's page without writing the indexes.
 */
export const workers = app.table(
  'workers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    poolId: uuid().notNull(),
    minerId: uuid()
      .notNull()
      .references(() => miners.id),
    /** The miner's operator, copied here so an operator's worker list is an index scan too. */
    operatorId: uuid(),
    workerName: text().notNull(),
    behaviour: text().$type<WorkerBehaviour>().notNull().default('hardware'),
    createdAt: at().notNull().defaultNow(),
    firstShareAt: at(),
    lastShareAt: at(),
  },
  (table) => [
    uniqueIndex('workers_miner_name_key').on(table.minerId, table.workerName),
    index('workers_operator_name_idx').on(table.operatorId, table.workerName),
    index('workers_pool_name_idx').on(table.poolId, table.workerName),
    check('workers_behaviour_check', sql`${table.behaviour} in ('hardware', 'boundary')`),
  ],
);

const figureColumns = {
  workerId: integer()
    .primaryKey()
    .references(() => workers.id, { onDelete: 'cascade' }),
  poolId: uuid().notNull(),
  minerId: uuid().notNull(),
  operatorId: uuid(),
  hashRate: doublePrecision('hash_rate').notNull().default(0),
  shares: integer().notNull().default(0),
};

type FigureScopes = Record<'minerId' | 'operatorId' | 'poolId' | 'workerId', AnyPgColumn>;

/** A sort key's index under each scope, so that every worker list sorted on it is an index scan. */
const sortIndexes = (name: string, table: FigureScopes, key: AnyPgColumn) =>
  (['miner', 'operator', 'pool'] as const).map((scope) =>
    index(`${name}_${scope}_${key.name}_idx`).on(table[`${scope}Id`], key, table.workerId),
  );

/**
 * A window's current figures of every worker, written when buckets close. One narrow table per
 * window: a minute close rewrites the 15-minute figures of every worker that mined, and each row
 * written costs an entry in every index of its table (migration 0018). A trigger on `workers`
 * adds each new worker's rows, so a list sorted on a figure reads that window's index alone.
 */
export const workerFigures15m = app.table(
  'worker_figures_15m',
  {
    ...figureColumns,
    rejectedShares: integer().notNull().default(0),
    rejectPct: doublePrecision('reject_pct').notNull().default(0),
  },
  (table) => [
    ...sortIndexes('worker_figures_15m', table, table.hashRate),
    ...sortIndexes('worker_figures_15m', table, table.rejectPct),
  ],
);
export const workerFigures1h = app.table('worker_figures_1h', figureColumns, (table) =>
  sortIndexes('worker_figures_1h', table, table.hashRate),
);
export const workerFigures24h = app.table('worker_figures_24h', figureColumns, (table) =>
  sortIndexes('worker_figures_24h', table, table.hashRate),
);

const bucketColumns = {
  bucketStart: at().notNull(),
  acceptedDifficulty: doublePrecision().notNull(),
  rejectedDifficulty: doublePrecision().notNull(),
  acceptedShares: integer().notNull(),
  rejectedShares: integer().notNull(),
};

/** One table per resolution, so that each keeps its own retention (README, "Mining data"). */
function workerBuckets(name: string) {
  return app.table(name, { workerId: integer().notNull(), ...bucketColumns }, (table) => [
    primaryKey({ name: `${name}_pkey`, columns: [table.workerId, table.bucketStart] }),
    index(`${name}_bucket_idx`).on(table.bucketStart),
  ]);
}

/** Sums over every worker of a miner, an operator or the pool, keyed by the account's id. */
function accountBuckets(name: string) {
  return app.table(name, { accountId: uuid().notNull(), ...bucketColumns }, (table) => [
    primaryKey({ name: `${name}_pkey`, columns: [table.accountId, table.bucketStart] }),
    index(`${name}_bucket_idx`).on(table.bucketStart),
  ]);
}

export const workerHashrate1m = workerBuckets('worker_hashrate_1m');
export const workerHashrate5m = workerBuckets('worker_hashrate_5m');
export const workerHashrate20m = workerBuckets('worker_hashrate_20m');
export const workerHashrate4h = workerBuckets('worker_hashrate_4h');
export const workerHashrate1d = workerBuckets('worker_hashrate_1d');
export const accountHashrate1m = accountBuckets('account_hashrate_1m');
export const accountHashrate5m = accountBuckets('account_hashrate_5m');
export const accountHashrate20m = accountBuckets('account_hashrate_20m');
export const accountHashrate4h = accountBuckets('account_hashrate_4h');
export const accountHashrate1d = accountBuckets('account_hashrate_1d');

/**
 * Worker minutes of flushes not yet folded into `worker_hashrate_1m`: one row of columns a flush
 * (`flush-writes.ts`), as cheap to write for 100,000 workers as for one.
 */
export const workerMinuteLog = app.table('worker_minute_log', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  workerIds: integer().array().notNull(),
  bucketStarts: bigint({ mode: 'number' }).array().notNull(),
  acceptedDifficulty: doublePrecision().array().notNull(),
  rejectedDifficulty: doublePrecision().array().notNull(),
  acceptedShares: integer().array().notNull(),
  rejectedShares: integer().array().notNull(),
});

/** First and last share of a miner, an operator or the pool (chart availability), and its worker counts. */
export const accountActivity = app.table(
  'account_activity',
  {
    accountId: uuid().primaryKey(),
    kind: text().$type<'miner' | 'operator' | 'pool'>().notNull(),
    firstShareAt: at().notNull(),
    lastShareAt: at().notNull(),
    /** Its hardware workers by status as of the engine's last tick: list totals and counts read them. */
    workersStable: integer().notNull().default(0),
    workersUnavailable: integer().notNull().default(0),
    workersOff: integer().notNull().default(0),
    workersRemoved: integer().notNull().default(0),
  },
  (table) => [check('account_activity_kind_check', sql`${table.kind} in ('miner', 'operator', 'pool')`)],
);

/** Batch ids already counted, committed with their buckets so a batch counts exactly once. */
export const ingestBatches = app.table(
  'ingest_batches',
  {
    batchId: text().primaryKey(),
    receivedAt: at().notNull(),
    accepted: integer().notNull(),
    rejected: integer().notNull(),
  },
  (table) => [index('ingest_batches_received_idx').on(table.receivedAt)],
);

/** Up to where each resolution's buckets have been rolled up from the finer one. */
export const rollupState = app.table('rollup_state', {
  resolution: text().primaryKey(),
  closedThrough: at().notNull(),
});

/**
 * Virtual mining: the donor's hashrate, a share of it or a fixed rate, counts as a boundary
 * worker of the recipient while the contract runs. The money engine pays for it.
 */
export const virtualMiningContracts = app.table(
  'virtual_mining_contracts',
  {
    id: uuid().primaryKey().defaultRandom(),
    donorMinerId: uuid()
      .notNull()
      .references(() => miners.id),
    recipientMinerId: uuid()
      .notNull()
      .references(() => miners.id),
    hashRateShare: doublePrecision(),
    fixedHashRate: doublePrecision(),
    startsAt: at().notNull(),
    endsAt: at(),
    createdAt: at().notNull().defaultNow(),
  },
  (table) => [
    index('virtual_mining_contracts_recipient_idx').on(table.recipientMinerId),
    check(
      'virtual_mining_contracts_rate_check',
      sql`(${table.hashRateShare} is null) <> (${table.fixedHashRate} is null)
        and coalesce(${table.hashRateShare}, 0) between 0 and 1 and coalesce(${table.fixedHashRate}, 0) >= 0`,
    ),
    check('virtual_mining_contracts_parties_check', sql`${table.donorMinerId} <> ${table.recipientMinerId}`),
  ],
);

export const miningSchema = {
  workers,
  workerHashrate1m,
  workerMinuteLog,
  workerHashrate5m,
  workerHashrate20m,
  workerHashrate4h,
  workerHashrate1d,
  accountHashrate1m,
  accountHashrate5m,
  accountHashrate20m,
  accountHashrate4h,
  accountHashrate1d,
  accountActivity,
  ingestBatches,
  rollupState,
  virtualMiningContracts,
};
