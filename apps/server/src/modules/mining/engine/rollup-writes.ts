import type { Database } from '@pool/db/database';
import type { Resolution } from '@pool/contract/mining';
import { resolutionSpec, type ResolutionSpec } from '../resolutions.ts';
import { refreshCustomerHashRates } from '../../customers/figures.ts';
import { epochMs, transaction, type Query } from '../sql.ts';

export type StatWindow = '15m' | '1h' | '24h';

const statSource: Record<StatWindow, { buckets: string; columns: string; nonZero: string; changed: string }> = {
  '15m': {
    buckets: 'worker_hashrate_1m',
    columns: `hash_rate = x.accepted * 4294967296 / $3, shares = x.accepted_shares, rejected_shares = x.rejected_shares,
      reject_pct = case when x.accepted + x.rejected > 0 then x.rejected * 100 / (x.accepted + x.rejected) else 0 end`,
    nonZero: 'f.shares > 0 or f.rejected_shares > 0',
    changed:
      '(f.shares, f.rejected_shares, f.hash_rate) is distinct from (x.accepted_shares, x.rejected_shares, x.accepted * 4294967296 / $3)',
  },
  '1h': {
    buckets: 'worker_hashrate_5m',
    columns: 'hash_rate = x.accepted * 4294967296 / $3, shares = x.accepted_shares',
    nonZero: 'f.shares > 0',
    changed: '(f.shares, f.hash_rate) is distinct from (x.accepted_shares, x.accepted * 4294967296 / $3)',
  },
  '24h': {
    buckets: 'worker_hashrate_20m',
    columns: 'hash_rate = x.accepted * 4294967296 / $3, shares = x.accepted_shares',
    nonZero: 'f.shares > 0',
    changed: '(f.shares, f.hash_rate) is distinct from (x.accepted_shares, x.accepted * 4294967296 / $3)',
  },
};

const markClosedStatement = `insert into app.rollup_state (resolution, closed_through) values ($1, ${epochMs('$2::bigint')})
  on conflict (resolution) do update set closed_through = excluded.closed_through`;

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

export interface RollUpOptions {
  workerIds?: number[];
  accountIds?: string[];
  closeThrough?: number;
}

/**
 * Recomputes the buckets of a resolution that start in [from, to) from the finer resolution,
 * for every worker and account or only the given ones (late shares). Setting rather than
 * adding makes it safe to run again, which is how a restart recovers. With `closeThrough`
 * the resolution's watermark moves in the same transaction.
 */
async function rollUp(
  database: Database,
  resolution: Resolution,
  from: number,
  to: number,
  options: RollUpOptions,
): Promise<string[]> {
  const spec = resolutionSpec(resolution);
  if (!spec.finer) throw new Error('minute buckets come from shares, not from a roll-up');
  const interval = `${spec.width} milliseconds`;
  return transaction(database, async (tx) => {
    const scoped = options.workerIds !== undefined || options.accountIds !== undefined;
    if (!scoped || (options.workerIds?.length ?? 0) > 0) {
      await tx(rollupStatement(spec, 'worker', scoped), [from, to, interval, ...(scoped ? [options.workerIds] : [])]);
    }
    if (!scoped || (options.accountIds?.length ?? 0) > 0) {
      await tx(rollupStatement(spec, 'account', scoped), [from, to, interval, ...(scoped ? [options.accountIds] : [])]);
    }
    if (options.closeThrough !== undefined) await tx(markClosedStatement, [resolution, options.closeThrough]);
    const accounts = await tx<{ account_id: string }>(
      `select distinct account_id from app.account_hashrate_${spec.table}
       where bucket_start >= ${epochMs('$1::bigint')} and bucket_start < ${epochMs('$2::bigint')}`,
      [from, to],
    );
    return accounts.map((row) => row.account_id);
  });
}

/**
 * Writes a window's figures into its table, the only place list pages sort on. Only workers that
 * shared since the window began, or still show figures, are visited, and only changed rows are
 * written, so idle workers cost nothing.
 */
async function refreshWorkerStats(
  query: Query,
  window: StatWindow,
  from: number,
  to: number,
  workerIds?: number[],
): Promise<number> {
  const source = statSource[window];
  const figures = `app.worker_figures_${window}`;
  const rows = await query<{ miner_id: string }>(
    `update ${figures} f set ${source.columns}
     from (
       select f.worker_id, coalesce(sum(b.accepted_difficulty), 0) as accepted, coalesce(sum(b.rejected_difficulty), 0) as rejected,
         coalesce(sum(b.accepted_shares), 0)::int as accepted_shares, coalesce(sum(b.rejected_shares), 0)::int as rejected_shares
       from ${figures} f
       join app.workers w on w.id = f.worker_id
       left join app.${source.buckets} b on b.worker_id = f.worker_id
         and b.bucket_start >= ${epochMs('$1::bigint')} and b.bucket_start < ${epochMs('$2::bigint')}
       where (w.last_share_at >= ${epochMs('$1::bigint')} or ${source.nonZero})
         ${workerIds ? 'and f.worker_id = any($4::int[])' : ''}
       group by f.worker_id
     ) x
     where f.worker_id = x.worker_id and ${source.changed}
     returning f.miner_id`,
    [from, to, (to - from) / 1000, ...(workerIds ? [workerIds] : [])],
  );
  // The customer list shows the 15-minute and 24-hour sums, kept in the same transaction.
  if (window !== '1h')
    await refreshCustomerHashRates(
      query,
      rows.map((row) => row.miner_id),
    );
  return rows.length;
}

/** Roll-ups into the coarser resolutions, their watermarks and the workers' current figures. */
export function rollupWrites(database: Database) {
  const query: Query = (text, params) => database.query(text, params);

  return {
    async rollupState(): Promise<Map<Resolution, number>> {
      const rows = await query<{ resolution: Resolution; closed_through: Date }>(
        'select resolution, closed_through from app.rollup_state',
      );
      return new Map(rows.map((row) => [row.resolution, row.closed_through.getTime()]));
    },

    rollUp: (resolution: Resolution, from: number, to: number, options: RollUpOptions = {}): Promise<string[]> =>
      rollUp(database, resolution, from, to, options),

    async markClosed(resolution: Resolution, closedThrough: number): Promise<void> {
      await query(markClosedStatement, [resolution, closedThrough]);
    },

    async accountsWithMinute(from: number, to: number): Promise<string[]> {
      const rows = await query<{ account_id: string }>(
        `select distinct account_id from app.account_hashrate_1m
         where bucket_start >= ${epochMs('$1::bigint')} and bucket_start < ${epochMs('$2::bigint')}`,
        [from, to],
      );
      return rows.map((row) => row.account_id);
    },

    refreshWorkerStats: (window: StatWindow, from: number, to: number, workerIds?: number[]): Promise<number> =>
      transaction(database, (tx) => refreshWorkerStats(tx, window, from, to, workerIds)),
  };
}

export type RollupWrites = ReturnType<typeof rollupWrites>;
