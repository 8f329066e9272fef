import type { Database } from '@pool/db/database';
import type { Resolution, WorkerStatus } from '@pool/contract/mining';
import type { ShareTotals } from './hashrate.ts';
import { resolutionSpec, resolutionSpecs, type ResolutionSpec } from './resolutions.ts';
import { millisOf, transaction, type Query } from './sql.ts';

export interface MinerRow {
  id: string;
  accountName: string;
  operatorId: string | null;
  poolId: string;
}

export interface WorkerRow {
  id: number;
  minerId: string;
  operatorId: string | null;
  poolId: string;
  workerName: string;
  firstShareAt: number | null;
  lastShareAt: number | null;
}

/** Totals of one bucket of one worker (by id) or account (by uuid). */
export interface BucketDelta<Owner> extends ShareTotals {
  owner: Owner;
  bucketStart: number;
}

export interface ActivityDelta<Owner> {
  owner: Owner;
  firstShareAt: number;
  lastShareAt: number;
}

export interface FlushInput {
  batches: { batchId: string; accepted: number; rejected: number }[];
  workerMinutes: BucketDelta<number>[];
  accountMinutes: BucketDelta<string>[];
  workerActivity: ActivityDelta<number>[];
  accountActivity: (ActivityDelta<string> & { kind: 'miner' | 'operator' | 'pool' })[];
}

export type StatWindow = '15m' | '1h' | '24h';

const statSource: Record<StatWindow, { table: string; columns: string }> = {
  '15m': {
    table: 'worker_hashrate_1m',
    columns: `hash_rate_15m = x.accepted * 4294967296 / $3, shares_15m = x.accepted_shares,
      rejected_shares_15m = x.rejected_shares,
      reject_pct_15m = case when x.accepted + x.rejected > 0 then x.rejected * 100 / (x.accepted + x.rejected) else 0 end`,
  },
  '1h': {
    table: 'worker_hashrate_5m',
    columns: 'hash_rate_1h = x.accepted * 4294967296 / $3, shares_1h = x.accepted_shares',
  },
  '24h': {
    table: 'worker_hashrate_20m',
    columns: 'hash_rate_24h = x.accepted * 4294967296 / $3, shares_24h = x.accepted_shares',
  },
};
const statNonZero: Record<StatWindow, string> = {
  '15m': 'w.shares_15m > 0 or w.rejected_shares_15m > 0',
  '1h': 'w.shares_1h > 0',
  '24h': 'w.shares_24h > 0',
};
const statChanged: Record<StatWindow, string> = {
  '15m':
    '(w.shares_15m, w.rejected_shares_15m, w.hash_rate_15m) is distinct from (x.accepted_shares, x.rejected_shares, x.accepted * 4294967296 / $3)',
  '1h': '(w.shares_1h, w.hash_rate_1h) is distinct from (x.accepted_shares, x.accepted * 4294967296 / $3)',
  '24h': '(w.shares_24h, w.hash_rate_24h) is distinct from (x.accepted_shares, x.accepted * 4294967296 / $3)',
};

const epochMs = (column: string) => `(timestamptz 'epoch' + ${column} * interval '1 millisecond')`;

function bucketUpsert(table: string, ownerColumn: string, ownerType: string): string {
  return `insert into app.${table} as b (${ownerColumn}, bucket_start, accepted_difficulty, rejected_difficulty, accepted_shares, rejected_shares)
    select owner, ${epochMs('start')}, ad, rd, an, rn
    from unnest($1::${ownerType}[], $2::bigint[], $3::float8[], $4::float8[], $5::int[], $6::int[]) as t(owner, start, ad, rd, an, rn)
    on conflict (${ownerColumn}, bucket_start) do update set
      accepted_difficulty = b.accepted_difficulty + excluded.accepted_difficulty,
      rejected_difficulty = b.rejected_difficulty + excluded.rejected_difficulty,
      accepted_shares = b.accepted_shares + excluded.accepted_shares,
      rejected_shares = b.rejected_shares + excluded.rejected_shares`;
}

/**
 * A PostgreSQL array literal of numbers or uuids, which need no quoting: the driver's own
 * conversion escapes element by element, and a flush sends hundreds of thousands of them.
 */
export const arrayLiteral = (values: readonly (number | string)[]): string => `{${values.join(',')}}`;

function bucketParams<Owner extends number | string>(rows: BucketDelta<Owner>[]): unknown[] {
  return [
    arrayLiteral(rows.map((row) => row.owner)),
    arrayLiteral(rows.map((row) => row.bucketStart)),
    arrayLiteral(rows.map((row) => row.acceptedDifficulty)),
    arrayLiteral(rows.map((row) => row.rejectedDifficulty)),
    arrayLiteral(rows.map((row) => row.acceptedShares)),
    arrayLiteral(rows.map((row) => row.rejectedShares)),
  ];
}

function rollupStatement(spec: ResolutionSpec, kind: 'worker' | 'account', scoped: boolean): string {
  const finer = resolutionSpec(spec.finer ?? 'PT1M');
  const owner = kind === 'worker' ? 'worker_id' : 'account_id';
  const ownerType = kind === 'worker' ? 'int' : 'uuid';
  return `insert into app.${kind}_hashrate_${spec.table} as b (${owner}, bucket_start, accepted_difficulty, rejected_difficulty, accepted_shares, rejected_shares)
    select ${owner}, date_bin($3::interval, bucket_start, timestamptz 'epoch'), sum(accepted_difficulty), sum(rejected_difficulty),
      sum(accepted_shares), sum(rejected_shares)
    from app.${kind}_hashrate_${finer.table}
    where bucket_start >= ${epochMs('$1::bigint')} and bucket_start < ${epochMs('$2::bigint')}
      ${scoped ? `and ${owner} = any($4::${ownerType}[])` : ''}
    group by 1, 2
    on conflict (${owner}, bucket_start) do update set
      accepted_difficulty = excluded.accepted_difficulty, rejected_difficulty = excluded.rejected_difficulty,
      accepted_shares = excluded.accepted_shares, rejected_shares = excluded.rejected_shares`;
}

/** Every statement that writes mining data: the flush, roll-ups, current figures and retention. */
export function miningWriteRepository(database: Database) {
  const query: Query = (text, params) => database.query(text, params);

  return {
    async miners(accountNames?: string[]): Promise<MinerRow[]> {
      const rows = await query<{ id: string; account_name: string; operator_id: string | null; pool_id: string }>(
        `select id, account_name, operator_id, pool_id from app.miners
         where deleted_at is null ${accountNames ? 'and account_name = any($1::text[])' : ''}`,
        accountNames ? [accountNames] : [],
      );
      return rows.map((row) => ({
        id: row.id,
        accountName: row.account_name,
        operatorId: row.operator_id,
        poolId: row.pool_id,
      }));
    },

    async hasShares(accountId: string): Promise<boolean> {
      const rows = await query('select 1 from app.account_activity where account_id = $1', [accountId]);
      return rows.length > 0;
    },

    async workers(): Promise<WorkerRow[]> {
      const rows = await query<{
        id: number;
        miner_id: string;
        operator_id: string | null;
        pool_id: string;
        worker_name: string;
        first_share_at: Date | null;
        last_share_at: Date | null;
      }>(`select id, miner_id, operator_id, pool_id, worker_name, first_share_at, last_share_at
          from app.workers where behaviour = 'hardware'`);
      return rows.map((row) => ({
        id: row.id,
        minerId: row.miner_id,
        operatorId: row.operator_id,
        poolId: row.pool_id,
        workerName: row.worker_name,
        firstShareAt: millisOf(row.first_share_at),
        lastShareAt: millisOf(row.last_share_at),
      }));
    },

    /** Creates the workers that do not exist yet and answers every one's id. */
    async ensureWorkers(
      rows: { poolId: string; minerId: string; operatorId: string | null; workerName: string }[],
    ): Promise<Map<string, number>> {
      const found = await query<{ id: number; miner_id: string; worker_name: string }>(
        `with wanted as (
           select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[]) as t(pool_id, miner_id, operator_id, worker_name)
         ), created as (
           insert into app.workers (pool_id, miner_id, operator_id, worker_name)
           select pool_id, miner_id, operator_id, worker_name from wanted
           on conflict (miner_id, worker_name) do nothing
           returning id, miner_id, worker_name
         )
         select id, miner_id, worker_name from created
         union all
         select w.id, w.miner_id, w.worker_name from app.workers w join wanted using (miner_id, worker_name)`,
        [
          rows.map((row) => row.poolId),
          rows.map((row) => row.minerId),
          rows.map((row) => row.operatorId),
          rows.map((row) => row.workerName),
        ],
      );
      return new Map(found.map((row) => [`${row.miner_id}/${row.worker_name}`, row.id]));
    },

    async countedBatches(batchIds: string[]): Promise<Map<string, { accepted: number; rejected: number }>> {
      const rows = await query<{ batch_id: string; accepted: number; rejected: number }>(
        'select batch_id, accepted, rejected from app.ingest_batches where batch_id = any($1::text[])',
        [batchIds],
      );
      return new Map(rows.map((row) => [row.batch_id, { accepted: row.accepted, rejected: row.rejected }]));
    },

    /** The flush: batch ids and their minute buckets commit together, so a batch counts once. */
    async commitFlush(input: FlushInput, now: number): Promise<void> {
      await transaction(database, async (tx) => {
        if (input.batches.length > 0) {
          await tx(
            `insert into app.ingest_batches (batch_id, received_at, accepted, rejected)
             select id, ${epochMs('$4::bigint')}, a, r from unnest($1::text[], $2::int[], $3::int[]) as t(id, a, r)
             on conflict (batch_id) do nothing`,
            [
              input.batches.map((b) => b.batchId),
              input.batches.map((b) => b.accepted),
              input.batches.map((b) => b.rejected),
              now,
            ],
          );
        }
        if (input.workerMinutes.length > 0) {
          await tx(bucketUpsert('worker_hashrate_1m', 'worker_id', 'int'), bucketParams(input.workerMinutes));
        }
        if (input.accountMinutes.length > 0) {
          await tx(bucketUpsert('account_hashrate_1m', 'account_id', 'uuid'), bucketParams(input.accountMinutes));
        }
        if (input.workerActivity.length > 0) {
          await tx(
            `update app.workers w set
               first_share_at = least(coalesce(w.first_share_at, u.first_at), u.first_at),
               last_share_at = greatest(coalesce(w.last_share_at, u.last_at), u.last_at)
             from (select id, ${epochMs('f')} as first_at, ${epochMs('l')} as last_at
                   from unnest($1::int[], $2::bigint[], $3::bigint[]) as t(id, f, l)) u
             where w.id = u.id`,
            [
              arrayLiteral(input.workerActivity.map((row) => row.owner)),
              arrayLiteral(input.workerActivity.map((row) => row.firstShareAt)),
              arrayLiteral(input.workerActivity.map((row) => row.lastShareAt)),
            ],
          );
        }
        if (input.accountActivity.length > 0) {
          await tx(
            `insert into app.account_activity as a (account_id, kind, first_share_at, last_share_at)
             select id, kind, ${epochMs('f')}, ${epochMs('l')} from unnest($1::uuid[], $2::text[], $3::bigint[], $4::bigint[]) as t(id, kind, f, l)
             on conflict (account_id) do update set
               first_share_at = least(a.first_share_at, excluded.first_share_at),
               last_share_at = greatest(a.last_share_at, excluded.last_share_at)`,
            [
              input.accountActivity.map((row) => row.owner),
              input.accountActivity.map((row) => row.kind),
              input.accountActivity.map((row) => row.firstShareAt),
              input.accountActivity.map((row) => row.lastShareAt),
            ],
          );
        }
      });
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

    async rollupState(): Promise<Map<Resolution, number>> {
      const rows = await query<{ resolution: Resolution; closed_through: Date }>(
        'select resolution, closed_through from app.rollup_state',
      );
      return new Map(rows.map((row) => [row.resolution, row.closed_through.getTime()]));
    },

    /**
     * Recomputes the buckets of a resolution that start in [from, to) from the finer resolution,
     * for every worker and account or only the given ones (late shares). Setting rather than
     * adding makes it safe to run again, which is how a restart recovers. With `closeThrough`
     * the resolution's watermark moves in the same transaction.
     */
    async rollUp(
      resolution: Resolution,
      from: number,
      to: number,
      options: { workerIds?: number[]; accountIds?: string[]; closeThrough?: number } = {},
    ): Promise<string[]> {
      const spec = resolutionSpec(resolution);
      if (!spec.finer) throw new Error('minute buckets come from shares, not from a roll-up');
      const interval = `${spec.width} milliseconds`;
      return transaction(database, async (tx) => {
        const scoped = options.workerIds !== undefined || options.accountIds !== undefined;
        if (!scoped || (options.workerIds?.length ?? 0) > 0) {
          await tx(rollupStatement(spec, 'worker', scoped), [
            from,
            to,
            interval,
            ...(scoped ? [options.workerIds] : []),
          ]);
        }
        if (!scoped || (options.accountIds?.length ?? 0) > 0) {
          await tx(rollupStatement(spec, 'account', scoped), [
            from,
            to,
            interval,
            ...(scoped ? [options.accountIds] : []),
          ]);
        }
        if (options.closeThrough !== undefined) {
          await tx(
            `insert into app.rollup_state (resolution, closed_through) values ($1, ${epochMs('$2::bigint')})
             on conflict (resolution) do update set closed_through = excluded.closed_through`,
            [resolution, options.closeThrough],
          );
        }
        const accounts = await tx<{ account_id: string }>(
          `select distinct account_id from app.account_hashrate_${spec.table}
           where bucket_start >= ${epochMs('$1::bigint')} and bucket_start < ${epochMs('$2::bigint')}`,
          [from, to],
        );
        return accounts.map((row) => row.account_id);
      });
    },

    async markClosed(resolution: Resolution, closedThrough: number): Promise<void> {
      await query(
        `insert into app.rollup_state (resolution, closed_through) values ($1, ${epochMs('$2::bigint')})
         on conflict (resolution) do update set closed_through = excluded.closed_through`,
        [resolution, closedThrough],
      );
    },

    async accountsWithMinute(from: number, to: number): Promise<string[]> {
      const rows = await query<{ account_id: string }>(
        `select distinct account_id from app.account_hashrate_1m
         where bucket_start >= ${epochMs('$1::bigint')} and bucket_start < ${epochMs('$2::bigint')}`,
        [from, to],
      );
      return rows.map((row) => row.account_id);
    },

    /**
     * Writes a window's figures into the worker rows, the only place list pages sort on. Only
     * workers that shared since the window began, or still show figures, are visited, and only
     * changed rows are written, so idle workers cost nothing.
     */
    async refreshWorkerStats(window: StatWindow, from: number, to: number, workerIds?: number[]): Promise<number> {
      const source = statSource[window];
      const rows = await query<{ id: number }>(
        `update app.workers w set ${source.columns}
         from (
           select w.id, coalesce(sum(b.accepted_difficulty), 0) as accepted, coalesce(sum(b.rejected_difficulty), 0) as rejected,
             coalesce(sum(b.accepted_shares), 0)::int as accepted_shares, coalesce(sum(b.rejected_shares), 0)::int as rejected_shares
           from app.workers w
           left join app.${source.table} b on b.worker_id = w.id
             and b.bucket_start >= ${epochMs('$1::bigint')} and b.bucket_start < ${epochMs('$2::bigint')}
           where (w.last_share_at >= ${epochMs('$1::bigint')} or ${statNonZero[window]})
             ${workerIds ? 'and w.id = any($4::int[])' : ''}
           group by w.id
         ) x
         where w.id = x.id and ${statChanged[window]}
         returning w.id`,
        [from, to, (to - from) / 1000, ...(workerIds ? [workerIds] : [])],
      );
      return rows.length;
    },

    /** Records a virtual-mining contract: the recipient gets a boundary worker fed by the donor. */
    async addContract(contract: {
      donorMinerId: string;
      recipientMinerId: string;
      hashRateShare: number | null;
      fixedHashRate: number | null;
      startsAt: number;
      endsAt: number | null;
    }): Promise<string> {
      const [row] = await query<{ id: string }>(
        `insert into app.virtual_mining_contracts (donor_miner_id, recipient_miner_id, hash_rate_share, fixed_hash_rate, starts_at, ends_at)
         values ($1, $2, $3, $4, ${epochMs('$5::bigint')}, case when $6::bigint is null then null else ${epochMs('$6::bigint')} end) returning id`,
        [
          contract.donorMinerId,
          contract.recipientMinerId,
          contract.hashRateShare,
          contract.fixedHashRate,
          contract.startsAt,
          contract.endsAt,
        ],
      );
      if (!row) throw new Error('inserting a contract returned no row');
      return row.id;
    },

    /** Drops what each resolution no longer needs; answers the ids of workers removed for good. */
    async applyRetention(now: number, workerRetention: number, batchRetention: number): Promise<number[]> {
      for (const spec of resolutionSpecs) {
        await query(`delete from app.worker_hashrate_${spec.table} where bucket_start < ${epochMs('$1::bigint')}`, [
          now - spec.workerRetention,
        ]);
        await query(`delete from app.account_hashrate_${spec.table} where bucket_start < ${epochMs('$1::bigint')}`, [
          now - spec.accountRetention,
        ]);
      }
      await query(`delete from app.ingest_batches where received_at < ${epochMs('$1::bigint')}`, [
        now - batchRetention,
      ]);
      const gone = await query<{ id: number }>(
        `delete from app.workers where behaviour = 'hardware' and last_share_at < ${epochMs('$1::bigint')} returning id`,
        [now - workerRetention],
      );
      return gone.map((row) => row.id);
    },
  };
}

export type MiningWriteRepository = ReturnType<typeof miningWriteRepository>;
