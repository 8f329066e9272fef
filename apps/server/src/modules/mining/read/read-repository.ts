import type { Database } from '@pool/db/database';
import {
  workerStatuses,
  type Resolution,
  type WorkerBehaviour,
  type WorkerListQuery,
  type WorkerStatus,
} from '@pool/contract/mining';
import type { ShareTotals } from '../hashrate.ts';
import { resolutionSpec } from '../resolutions.ts';
import { lastShareRange, type Activity } from '../rules.ts';
import { millisOf, millisSql } from '../sql.ts';

/** Whose workers a list or count covers: one or more miners, an operator's or the pool's. */
export interface WorkerScope {
  column: 'miner_id' | 'operator_id' | 'pool_id';
  ids: string[];
}

export interface WorkerRecord {
  id: number;
  workerName: string;
  minerId: string;
  accountName: string;
  behaviour: WorkerBehaviour;
  hashRate15m: number;
  shares15m: number;
  rejectPct15m: number;
  hashRate1h: number;
  shares1h: number;
  hashRate24h: number;
  shares24h: number;
  firstShareAt: number | null;
  lastShareAt: number | null;
}

export interface Window {
  resolution: Resolution;
  from: number;
  to: number;
}

export interface ContractRecord {
  id: string;
  donorMinerId: string;
  donorAccountName: string;
  hashRateShare: number | null;
  fixedHashRate: number | null;
  startsAt: number;
  endsAt: number | null;
}

const at = (param: string) => `(timestamptz 'epoch' + ${param}::bigint * interval '1 millisecond')`;
const sums = `coalesce(sum(accepted_difficulty), 0) as ad, coalesce(sum(rejected_difficulty), 0) as rd,
  coalesce(sum(accepted_shares), 0)::float8 as an, coalesce(sum(rejected_shares), 0)::float8 as rn`;

interface SumRow extends Record<string, unknown> {
  ad: number;
  rd: number;
  an: number;
  rn: number;
}
const totalsOf = (row: SumRow | undefined): ShareTotals => ({
  acceptedDifficulty: row?.ad ?? 0,
  rejectedDifficulty: row?.rd ?? 0,
  acceptedShares: row?.an ?? 0,
  rejectedShares: row?.rn ?? 0,
});

/**
 * Each sort key: the tables a page is read from, with the one whose index under a scope holds the
 * workers in that order first (its alias), the order and its tie-break.
 */
const sortKeys: Record<WorkerListQuery['sort'], { alias: string; from: string; column: string; tie: string }> = {
  worker_name: { alias: 'w', from: 'app.workers w', column: 'w.worker_name', tie: 'w.id' },
  hash_rate_15m: { alias: 'f', from: 'app.worker_figures_15m f', column: 'f.hash_rate', tie: 'f.worker_id' },
  hash_rate_1h: { alias: 'f', from: 'app.worker_figures_1h f', column: 'f.hash_rate', tie: 'f.worker_id' },
  hash_rate_24h: { alias: 'f', from: 'app.worker_figures_24h f', column: 'f.hash_rate', tie: 'f.worker_id' },
  reject_pct_15m: { alias: 'f', from: 'app.worker_figures_15m f', column: 'f.reject_pct', tie: 'f.worker_id' },
};

interface WorkerRowSql extends Record<string, unknown> {
  id: number;
  worker_name: string;
  miner_id: string;
  account_name: string;
  behaviour: WorkerBehaviour;
  /** hash rate, shares, reject % */
  figures_15m: [number, number, number];
  /** hash rate, shares */
  figures_1h: [number, number];
  figures_24h: [number, number];
  first_share_ms: number | null;
  last_share_ms: number | null;
}

const workerColumns = (w: string) =>
  `${w}.id, ${w}.worker_name, ${w}.miner_id, ${w}.behaviour,
  ${millisSql(`${w}.first_share_at`)} as first_share_ms, ${millisSql(`${w}.last_share_at`)} as last_share_ms`;

/**
 * A worker's miner and its figures in each window (migration 0018), each looked up by key. Joined
 * instead, the five tables cost PostgreSQL 1.9 ms to plan a list page, four times its run.
 */
const lookedUpColumns = (w: string) =>
  `(select m.account_name from app.miners m where m.id = ${w}.miner_id) as account_name,
  (select array[f.hash_rate, f.shares, f.reject_pct] from app.worker_figures_15m f where f.worker_id = ${w}.id) as figures_15m,
  (select array[f.hash_rate, f.shares] from app.worker_figures_1h f where f.worker_id = ${w}.id) as figures_1h,
  (select array[f.hash_rate, f.shares] from app.worker_figures_24h f where f.worker_id = ${w}.id) as figures_24h`;

const toWorker = ({ figures_15m: m15, figures_1h: h1, figures_24h: d1, ...row }: WorkerRowSql): WorkerRecord => ({
  id: row.id,
  workerName: row.worker_name,
  minerId: row.miner_id,
  accountName: row.account_name,
  behaviour: row.behaviour,
  hashRate15m: m15[0],
  shares15m: m15[1],
  rejectPct15m: m15[2],
  hashRate1h: h1[0],
  shares1h: h1[1],
  hashRate24h: d1[0],
  shares24h: d1[1],
  firstShareAt: row.first_share_ms,
  lastShareAt: row.last_share_ms,
});

/** `%` and `_` in a search are literal characters, not patterns. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Conditions on last_share_at that select workers by status at `now` (spec 9 thresholds). */
function statusCondition(statuses: readonly WorkerStatus[], now: number, params: unknown[]): string {
  const parts = statuses.map((status) => {
    const range = lastShareRange(status, now);
    const bounds: string[] = [];
    const operators = { after: '>', notBefore: '>=', before: '<', notAfter: '<=' } as const;
    for (const key of ['after', 'notBefore', 'before', 'notAfter'] as const) {
      const bound = range[key];
      if (bound === undefined) continue;
      params.push(bound);
      bounds.push(`w.last_share_at ${operators[key]} ${at(`$${params.length}`)}`);
    }
    const within = bounds.join(' and ') || 'true';
    return range.orNever ? `((${within}) or w.last_share_at is null)` : `(${within})`;
  });
  return `(${parts.join(' or ')})`;
}

const sumOf = (counts: Record<WorkerStatus, number>, statuses: readonly WorkerStatus[]) =>
  statuses.reduce<number>((sum, status) => sum + counts[status], 0);

/** Every read of mining data: O(points) from the buckets and index scans on the worker rows. */
export function miningReadRepository(database: Database) {
  const query = <Row extends Record<string, unknown>>(text: string, params?: unknown[]) =>
    database.query<Row>(text, params);

  /**
   * The scope's condition on a table of the given alias: the one whose index is read. One account
   * compares with `=`: an `= any(array)` condition keeps PostgreSQL 15 from reading the sort-key
   * index in order.
   */
  function scopeCondition(scope: WorkerScope, params: unknown[]): (alias: string) => string {
    params.push(scope.ids.length === 1 ? scope.ids[0] : scope.ids);
    const param = `$${params.length}`;
    return scope.ids.length === 1
      ? (alias) => `${alias}.${scope.column} = ${param}::uuid`
      : (alias) => `${alias}.${scope.column} = any(${param}::uuid[])`;
  }

  async function storedCounts(scope: WorkerScope): Promise<Record<WorkerStatus, number>> {
    const [row] = await query<Record<WorkerStatus, number>>(
      `select coalesce(sum(workers_stable), 0)::int as stable, coalesce(sum(workers_unavailable), 0)::int as unavailable,
         coalesce(sum(workers_off), 0)::int as off, coalesce(sum(workers_removed), 0)::int as removed
       from app.account_activity where account_id = any($1::uuid[])`,
      [scope.ids],
    );
    return row ?? { stable: 0, unavailable: 0, off: 0, removed: 0 };
  }

  return {
    async closedThrough(): Promise<Map<Resolution, number>> {
      const rows = await query<{ resolution: Resolution; closed_through: Date }>(
        'select resolution, closed_through from app.rollup_state',
      );
      return new Map(rows.map((row) => [row.resolution, row.closed_through.getTime()]));
    },

    /** Summed buckets of one or more owners between from and to, by bucket start. */
    async series(
      owner: { kind: 'account'; ids: string[] } | { kind: 'worker'; id: number },
      { resolution, from, to }: Window,
    ): Promise<Map<number, ShareTotals>> {
      const table = `app.${owner.kind}_hashrate_${resolutionSpec(resolution).table}`;
      const ownerCondition = owner.kind === 'account' ? 'account_id = any($1::uuid[])' : 'worker_id = $1::int';
      const rows = await query<SumRow & { bucket_start: Date }>(
        `select bucket_start, ${sums} from ${table}
         where ${ownerCondition} and bucket_start >= ${at('$2')} and bucket_start < ${at('$3')}
         group by bucket_start order by bucket_start`,
        [owner.kind === 'account' ? owner.ids : owner.id, from, to],
      );
      return new Map(rows.map((row) => [row.bucket_start.getTime(), totalsOf(row)]));
    },

    /** Totals of several windows in one round trip. */
    async totals(owner: { kind: 'account'; ids: string[] } | { kind: 'worker'; id: number }, windows: Window[]) {
      const params: unknown[] = [owner.kind === 'account' ? owner.ids : owner.id];
      const ownerCondition = owner.kind === 'account' ? 'account_id = any($1::uuid[])' : 'worker_id = $1::int';
      const parts = windows.map((window, index) => {
        params.push(window.from, window.to);
        const table = `app.${owner.kind}_hashrate_${resolutionSpec(window.resolution).table}`;
        return `select ${index} as window, ${sums} from ${table}
          where ${ownerCondition} and bucket_start >= ${at(`$${params.length - 1}`)} and bucket_start < ${at(`$${params.length}`)}`;
      });
      const rows = await query<SumRow & { window: number }>(parts.join(' union all '), params);
      return windows.map((_, index) => totalsOf(rows.find((row) => row.window === index)));
    },

    async accountActivity(ids: string[]): Promise<Activity> {
      const [row] = await query<{ first_share_at: Date | null; last_share_at: Date | null }>(
        `select min(first_share_at) as first_share_at, max(last_share_at) as last_share_at
         from app.account_activity where account_id = any($1::uuid[])`,
        [ids],
      );
      return { firstShareAt: millisOf(row?.first_share_at), lastShareAt: millisOf(row?.last_share_at) };
    },

    async worker(id: number): Promise<WorkerRecord | undefined> {
      const [row] = await query<WorkerRowSql>(
        `select ${workerColumns('w')}, ${lookedUpColumns('w')} from app.workers w where w.id = $1`,
        [id],
      );
      return row && toWorker(row);
    },

    async minerOfWorker(id: number): Promise<string | undefined> {
      const [row] = await query<{ miner_id: string }>('select miner_id from app.workers where id = $1', [id]);
      return row?.miner_id;
    },

    /** A page of workers; ordered by the sort key's index, with the id breaking ties. */
    async listWorkers(
      scope: WorkerScope,
      options: Pick<WorkerListQuery, 'status' | 'sort' | 'direction' | 'search' | 'page' | 'per_page'>,
      now: number,
    ): Promise<{ items: WorkerRecord[]; total: number }> {
      const sortKey = sortKeys[options.sort];
      const params: unknown[] = [];
      const scoped = scopeCondition(scope, params);
      const conditions: string[] = [];
      if (options.status?.length) conditions.push(statusCondition(options.status, now, params));
      if (options.search) {
        params.push(likePattern(options.search));
        conditions.push(`w.worker_name ilike $${params.length}`);
      }
      const where = (alias: string) => [scoped(alias), ...conditions].join(' and ');
      const direction = options.direction === 'desc' ? 'desc' : 'asc';
      const countParams = [...params];
      // Without a name search the total comes from the counts the engine keeps per account (a
      // count(*) over 50,000 workers would cost more than the page itself), asked in the page's own
      // query: one round trip to PostgreSQL per list instead of two.
      const wanted: readonly WorkerStatus[] = options.status?.length ? options.status : workerStatuses;
      let storedTotal = '';
      if (!options.search) {
        params.push(scope.ids);
        storedTotal = `, (select coalesce(sum(${wanted.map((status) => `workers_${status}`).join(' + ')}), 0)::int
           from app.account_activity where account_id = any($${params.length}::uuid[])) as stored_total`;
      }
      params.push(options.per_page, (options.page - 1) * options.per_page);
      // The page's rows come from the sort key's index; only they are then looked up.
      const [rows, counted] = await Promise.all([
        query<WorkerRowSql & { stored_total?: number }>(
          `select p.*, ${lookedUpColumns('p')}${storedTotal}
           from (select ${workerColumns('w')}, ${sortKey.column} as sort_key
             from ${sortKey.from}${sortKey.alias === 'w' ? '' : ` join app.workers w on w.id = ${sortKey.tie}`}
             where ${where(sortKey.alias)} order by ${sortKey.column} ${direction}, ${sortKey.tie} ${direction}
             limit $${params.length - 1} offset $${params.length}) p
           order by p.sort_key ${direction}, p.id ${direction}`,
          params,
        ),
        options.search &&
          query<{ total: number }>(`select count(*)::int as total from app.workers w where ${where('w')}`, countParams),
      ]);
      const total = counted
        ? (counted[0]?.total ?? 0)
        : // A page past the last one has no row to carry the stored total.
          (rows[0]?.stored_total ?? sumOf(await storedCounts(scope), wanted));
      return { items: rows.map(toWorker), total };
    },

    /** Workers by status: stored per account by the engine, or counted when a name narrows them. */
    async statusCounts(scope: WorkerScope, now: number, name?: string): Promise<Record<WorkerStatus, number>> {
      if (!name) return storedCounts(scope);
      const params: unknown[] = [];
      const conditions = [scopeCondition(scope, params)('w')];
      params.push(likePattern(name));
      conditions.push(`w.worker_name ilike $${params.length}`);
      const filters = workerStatuses.map(
        (status) => `count(*) filter (where ${statusCondition([status], now, params)})::int as ${status}`,
      );
      const [row] = await query<Record<WorkerStatus, number>>(
        `select ${filters.join(', ')} from app.workers w where ${conditions.join(' and ')} and w.behaviour = 'hardware'`,
        params,
      );
      return row ?? { stable: 0, unavailable: 0, off: 0, removed: 0 };
    },

    async contractsOf(recipientMinerId: string): Promise<ContractRecord[]> {
      const rows = await query<{
        id: string;
        donor_miner_id: string;
        account_name: string;
        hash_rate_share: number | null;
        fixed_hash_rate: number | null;
        starts_at: Date;
        ends_at: Date | null;
      }>(
        `select c.id, c.donor_miner_id, m.account_name, c.hash_rate_share, c.fixed_hash_rate, c.starts_at, c.ends_at
         from app.virtual_mining_contracts c join app.miners m on m.id = c.donor_miner_id
         where c.recipient_miner_id = $1 order by c.starts_at, c.id`,
        [recipientMinerId],
      );
      return rows.map((row) => ({
        id: row.id,
        donorMinerId: row.donor_miner_id,
        donorAccountName: row.account_name,
        hashRateShare: row.hash_rate_share,
        fixedHashRate: row.fixed_hash_rate,
        startsAt: row.starts_at.getTime(),
        endsAt: millisOf(row.ends_at),
      }));
    },
  };
}

export type MiningReadRepository = ReturnType<typeof miningReadRepository>;
