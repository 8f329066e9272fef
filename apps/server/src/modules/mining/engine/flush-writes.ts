import type { Database } from '@pool/db/database';
import type { WorkerStatus } from '@pool/contract/mining';
import type { ShareTotals } from '../hashrate.ts';
import { epochMs, transaction, type Query } from '../sql.ts';

/** Totals of one bucket of one worker (by id) or account (by uuid). */
export interface BucketDelta<Owner> extends ShareTotals {
  owner: Owner;
  bucketStart: number;
}

/**
 * Bucket totals in columns, one row per owner and bucket: a flush under load holds a row for
 * nearly every worker of the pool, and columns cost no object per row.
 */
export interface BucketColumns<Owners> {
  owners: Owners;
  bucketStarts: Float64Array;
  acceptedDifficulty: Float64Array;
  rejectedDifficulty: Float64Array;
  acceptedShares: Float64Array;
  rejectedShares: Float64Array;
}

/** Empty columns of `rows` rows, to fill. */
export function bucketColumns<Owners>(owners: Owners, rows: number): BucketColumns<Owners> {
  return {
    owners,
    bucketStarts: new Float64Array(rows),
    acceptedDifficulty: new Float64Array(rows),
    rejectedDifficulty: new Float64Array(rows),
    acceptedShares: new Float64Array(rows),
    rejectedShares: new Float64Array(rows),
  };
}

export interface ActivityDelta<Owner> {
  owner: Owner;
  firstShareAt: number;
  lastShareAt: number;
}

export interface FlushInput {
  batches: { batchId: string; accepted: number; rejected: number }[];
  workerMinutes: BucketColumns<Int32Array>;
  accountMinutes: BucketDelta<string>[];
  accountActivity: (ActivityDelta<string> & { kind: 'miner' | 'operator' | 'pool' })[];
  /** Accepted work of account names no live miner has, per pool, name and UTC day (epoch ms). */
  unallocated: { poolId: string; accountName: string; day: number; acceptedDifficulty: number; shares: number }[];
}

const bucketTotals = 'accepted_difficulty, rejected_difficulty, accepted_shares, rejected_shares';

/** Adds the rows of `select owner, bucket start, ad, rd, an, rn ...` to a bucket table. */
function addToBuckets(table: string, ownerColumn: string, select: string, before = ''): string {
  return `${before}insert into app.${table} as b (${ownerColumn}, bucket_start, ${bucketTotals})
    ${select}
    on conflict (${ownerColumn}, bucket_start) do update set
      accepted_difficulty = b.accepted_difficulty + excluded.accepted_difficulty,
      rejected_difficulty = b.rejected_difficulty + excluded.rejected_difficulty,
      accepted_shares = b.accepted_shares + excluded.accepted_shares,
      rejected_shares = b.rejected_shares + excluded.rejected_shares`;
}

const upsertAccountMinutes = addToBuckets(
  'account_hashrate_1m',
  'account_id',
  `select owner, ${epochMs('start')}, ad, rd, an, rn
   from unnest($1::uuid[], $2::bigint[], $3::float8[], $4::float8[], $5::int[], $6::int[]) as t(owner, start, ad, rd, an, rn)`,
);

/** A flush's worker minutes, one row whatever the number of workers. */
const appendWorkerMinutes = `insert into app.worker_minute_log (worker_ids, bucket_starts, ${bucketTotals})
  values ($1::int[], $2::bigint[], $3::float8[], $4::float8[], $5::int[], $6::int[])`;

/**
 * Moves the whole log into the minute buckets in one statement: the rows it deletes are the rows
 * it adds, so a crash or a second fold can never count a minute twice.
 */
const foldWorkerMinutes = addToBuckets(
  'worker_hashrate_1m',
  'worker_id',
  `select owner, ${epochMs('start')}, sum(ad), sum(rd), sum(an), sum(rn)
   from logged, unnest(logged.worker_ids, logged.bucket_starts, logged.accepted_difficulty,
     logged.rejected_difficulty, logged.accepted_shares, logged.rejected_shares) as t(owner, start, ad, rd, an, rn)
   group by owner, start`,
  'with logged as (delete from app.worker_minute_log returning *) ',
);

/**
 * A PostgreSQL array literal of numbers or uuids, which need no quoting: the driver's own
 * conversion escapes element by element, and a flush sends hundreds of thousands of them.
 */
const arrayLiteral = (values: { join(separator: string): string }): string => `{${values.join(',')}}`;

function bucketParams(columns: BucketColumns<readonly (number | string)[] | Int32Array>): string[] {
  return [
    arrayLiteral(columns.owners),
    arrayLiteral(columns.bucketStarts),
    arrayLiteral(columns.acceptedDifficulty),
    arrayLiteral(columns.rejectedDifficulty),
    arrayLiteral(columns.acceptedShares),
    arrayLiteral(columns.rejectedShares),
  ];
}

function accountColumns(rows: BucketDelta<string>[]): BucketColumns<string[]> {
  const columns = bucketColumns(
    rows.map((row) => row.owner),
    rows.length,
  );
  rows.forEach((row, at) => {
    columns.bucketStarts[at] = row.bucketStart;
    columns.acceptedDifficulty[at] = row.acceptedDifficulty;
    columns.rejectedDifficulty[at] = row.rejectedDifficulty;
    columns.acceptedShares[at] = row.acceptedShares;
    columns.rejectedShares[at] = row.rejectedShares;
  });
  return columns;
}

async function insertBatches(tx: Query, batches: FlushInput['batches'], now: number): Promise<void> {
  await tx(
    `insert into app.ingest_batches (batch_id, received_at, accepted, rejected)
     select id, ${epochMs('$4::bigint')}, a, r from unnest($1::text[], $2::int[], $3::int[]) as t(id, a, r)
     on conflict (batch_id) do nothing`,
    [batches.map((b) => b.batchId), batches.map((b) => b.accepted), batches.map((b) => b.rejected), now],
  );
}

async function updateWorkerActivity(query: Query, rows: ActivityDelta<number>[]): Promise<void> {
  await query(
    `update app.workers w set
       first_share_at = least(coalesce(w.first_share_at, u.first_at), u.first_at),
       last_share_at = greatest(coalesce(w.last_share_at, u.last_at), u.last_at)
     from (select id, ${epochMs('f')} as first_at, ${epochMs('l')} as last_at
           from unnest($1::int[], $2::bigint[], $3::bigint[]) as t(id, f, l)) u
     where w.id = u.id`,
    [
      arrayLiteral(rows.map((row) => row.owner)),
      arrayLiteral(rows.map((row) => row.firstShareAt)),
      arrayLiteral(rows.map((row) => row.lastShareAt)),
    ],
  );
}

async function upsertAccountActivity(tx: Query, rows: FlushInput['accountActivity']): Promise<void> {
  await tx(
    `insert into app.account_activity as a (account_id, kind, first_share_at, last_share_at)
     select id, kind, ${epochMs('f')}, ${epochMs('l')} from unnest($1::uuid[], $2::text[], $3::bigint[], $4::bigint[]) as t(id, kind, f, l)
     on conflict (account_id) do update set
       first_share_at = least(a.first_share_at, excluded.first_share_at),
       last_share_at = greatest(a.last_share_at, excluded.last_share_at)`,
    [
      rows.map((row) => row.owner),
      rows.map((row) => row.kind),
      rows.map((row) => row.firstShareAt),
      rows.map((row) => row.lastShareAt),
    ],
  );
}

async function upsertUnallocated(tx: Query, rows: FlushInput['unallocated']): Promise<void> {
  await tx(
    `insert into app.unallocated_hashrate_1d as u (pool_id, account_name, day, accepted_difficulty, shares)
     select pool_id, account_name, (${epochMs('d')} at time zone 'UTC')::date, ad, n
     from unnest($1::uuid[], $2::text[], $3::bigint[], $4::float8[], $5::int[]) as t(pool_id, account_name, d, ad, n)
     on conflict (pool_id, account_name, day) do update set
       accepted_difficulty = u.accepted_difficulty + excluded.accepted_difficulty,
       shares = u.shares + excluded.shares`,
    [
      rows.map((row) => row.poolId),
      rows.map((row) => row.accountName),
      rows.map((row) => row.day),
      rows.map((row) => row.acceptedDifficulty),
      rows.map((row) => row.shares),
    ],
  );
}

/** What a flush writes: batch ids with their minute buckets and activity, and the worker counts. */
export function flushWrites(database: Database) {
  const query: Query = (text, params) => database.query(text, params);

  return {
    async countedBatches(batchIds: string[]): Promise<Map<string, { accepted: number; rejected: number }>> {
      const rows = await query<{ batch_id: string; accepted: number; rejected: number }>(
        'select batch_id, accepted, rejected from app.ingest_batches where batch_id = any($1::text[])',
        [batchIds],
      );
      return new Map(rows.map((row) => [row.batch_id, { accepted: row.accepted, rejected: row.rejected }]));
    },

    /**
     * The flush: batch ids and their minutes commit together, so a batch counts once. Worker
     * minutes go to the log, which `foldWorkerMinutes` moves into the buckets later.
     */
    async commitFlush(input: FlushInput, now: number): Promise<void> {
      await transaction(database, async (tx) => {
        if (input.batches.length > 0) await insertBatches(tx, input.batches, now);
        if (input.workerMinutes.owners.length > 0) await tx(appendWorkerMinutes, bucketParams(input.workerMinutes));
        if (input.accountMinutes.length > 0) {
          await tx(upsertAccountMinutes, bucketParams(accountColumns(input.accountMinutes)));
        }
        if (input.accountActivity.length > 0) await upsertAccountActivity(tx, input.accountActivity);
        if (input.unallocated.length > 0) await upsertUnallocated(tx, input.unallocated);
      });
    },

    /** Moves the worker minutes logged by flushes into `worker_hashrate_1m`. */
    async foldWorkerMinutes(): Promise<void> {
      await query(foldWorkerMinutes);
    },

    /** Moves worker rows' share times outward to these (by worker id); one statement. */
    async storeWorkerActivity(rows: ActivityDelta<number>[]): Promise<void> {
      if (rows.length > 0) await updateWorkerActivity(query, rows);
    },

    /** Stores each account's worker counts by status, as the engine counted them. */
    async writeWorkerCounts(rows: { accountId: string; counts: Record<WorkerStatus, number> }[]): Promise<void> {
      if (rows.length === 0) return;
      await query(
        `update app.account_activity a set workers_stable = u.stable, workers_unavailable = u.unavailable,
           workers_off = u.off, workers_removed = u.removed
         from unnest($1::uuid[], $2::int[], $3::int[], $4::int[], $5::int[]) as u(id, stable, unavailable, off, removed)
         where a.account_id = u.id`,
        [
          rows.map((row) => row.accountId),
          rows.map((row) => row.counts.stable),
          rows.map((row) => row.counts.unavailable),
          rows.map((row) => row.counts.off),
          rows.map((row) => row.counts.removed),
        ],
      );
    },

    async hasShares(accountId: string): Promise<boolean> {
      const rows = await query('select 1 from app.account_activity where account_id = $1', [accountId]);
      return rows.length > 0;
    },
  };
}

export type FlushWrites = ReturnType<typeof flushWrites>;
