import type { Query } from '../mining/sql.ts';
import { toBigInt } from '../money/ledger/ledger-repository.ts';

/**
 * The customer area's SQL (issue 16). A scope is an operator (its customers) or a pool (all its
 * miners). The list reads every customer of the scope in one statement of figures stored per
 * customer (worker counts by status, summed hashrates and earnings, balances), one row each, so
 * that search, sorting and paging are done over rows already in memory.
 */

export type CustomerScope = { kind: 'operator'; id: string } | { kind: 'pool'; id: string };

export interface CustomerRecord {
  id: string;
  accountName: string;
  title: string | null;
  comment: string | null;
  operatorId: string | null;
  createdAt: Date;
  workers: { stable: number; unavailable: number; off: number; removed: number };
  hashRate15m: number;
  hashRate24h: number;
  feeBp: number;
  balance: bigint;
  earned: bigint;
}

export interface OperatorFeeRecord {
  id: string;
  minerId: string;
  percentBp: number;
  startsOn: string;
  comment: string | null;
  createdAt: Date;
}

interface ListRow extends Record<string, unknown> {
  id: string;
  account_name: string;
  title: string | null;
  comment: string | null;
  operator_id: string | null;
  created_at: Date | string;
  stable: number;
  unavailable: number;
  off: number;
  removed: number;
  h15: number;
  h24: number;
  fee_bp: number | null;
  balance: string;
  earned: string;
}

const feeColumns = 'id, miner_id, percent_bp, starts_on::text as starts_on, comment, created_at';

export function customerRepository(query: Query) {
  /**
   * Every customer of the scope with its figures. The fee is the one the customer pays today: its
   * operator's fee in force, else the pool's fee in force for it, else the pool's default; a pool
   * reads the pool's own fee. Earned: the operator's shares from it (a customer's rewards credit
   * its own operator), or the pool's part of its fees. Hashrates and earnings come from
   * app.customer_figures, which their writers keep (migration 0015, figures.ts).
   */
  async function rows(
    scope: CustomerScope,
    day: string,
    defaultFeeBp: number,
    ids?: string[],
  ): Promise<CustomerRecord[]> {
    const operator = scope.kind === 'operator';
    const params: unknown[] = [scope.id, day, defaultFeeBp];
    let only = '';
    if (ids) {
      params.push(ids);
      only = ` and m.id = any($4::uuid[])`;
    }
    const scoped = operator ? 'm.operator_id = $1' : 'm.pool_id = $1';
    const operatorFee = operator
      ? `left join (select distinct on (f.miner_id) f.miner_id, f.percent_bp from app.operator_fees f
           where f.operator_id = $1 and f.starts_on <= $2::date
           order by f.miner_id, f.starts_on desc, f.created_at desc, f.id desc) of on of.miner_id = m.id`
      : '';
    const result = await query<ListRow>(
      `with c as (select m.id from app.miners m where ${scoped} and m.deleted_at is null${only})
       select m.id, m.account_name, m.title, m.comment, m.operator_id, m.created_at,
         coalesce(a.workers_stable, 0)::int as stable, coalesce(a.workers_unavailable, 0)::int as unavailable,
         coalesce(a.workers_off, 0)::int as off, coalesce(a.workers_removed, 0)::int as removed,
         coalesce(cf.hash_rate_15m, 0) as h15, coalesce(cf.hash_rate_24h, 0) as h24,
         coalesce(${operator ? 'of.percent_bp, ' : ''}pf.percent_bp, $3::int) as fee_bp,
         coalesce(la.balance, 0)::text as balance,
         coalesce(${operator ? 'cf.operator_earned' : 'cf.pool_earned'}, 0)::text as earned
       from c join app.miners m on m.id = c.id
       left join app.account_activity a on a.account_id = m.id
       left join app.customer_figures cf on cf.miner_id = m.id
       left join (select distinct on (f.miner_id) f.miner_id, f.percent_bp from app.fees f join c on c.id = f.miner_id
         where f.starts_on <= $2::date order by f.miner_id, f.starts_on desc, f.created_at desc, f.id desc) pf on pf.miner_id = m.id
       ${operatorFee}
       left join app.ledger_accounts la on la.kind = 'miner' and la.owner_id = m.id`,
      params,
    );
    return result.map((row) => ({
      id: row.id,
      accountName: row.account_name,
      title: row.title,
      comment: row.comment,
      operatorId: row.operator_id,
      createdAt: new Date(row.created_at),
      workers: {
        stable: Number(row.stable),
        unavailable: Number(row.unavailable),
        off: Number(row.off),
        removed: Number(row.removed),
      },
      hashRate15m: Number(row.h15),
      hashRate24h: Number(row.h24),
      feeBp: Number(row.fee_bp),
      balance: toBigInt(row.balance),
      earned: toBigInt(row.earned),
    }));
  }

  return {
    rows,

    /** The customer's scope facts: its pool and operator, or undefined when it is gone. */
    async minerOf(
      minerId: string,
    ): Promise<{ poolId: string; operatorId: string | null; accountName: string } | undefined> {
      const [row] = await query<{ pool_id: string; operator_id: string | null; account_name: string }>(
        'select pool_id, operator_id, account_name from app.miners where id = $1 and deleted_at is null',
        [minerId],
      );
      return row && { poolId: row.pool_id, operatorId: row.operator_id, accountName: row.account_name };
    },

    async accountNameTaken(accountName: string): Promise<boolean> {
      const rows = await query('select 1 from app.miners where account_name = $1', [accountName]);
      return rows.length > 0;
    },

    async insertMiner(miner: {
      poolId: string;
      operatorId: string | null;
      accountName: string;
      comment: string | null;
    }): Promise<{ id: string; createdAt: Date }> {
      const [row] = await query<{ id: string; created_at: Date | string }>(
        `insert into app.miners (pool_id, operator_id, account_name, comment) values ($1, $2, $3, $4)
         returning id, created_at`,
        [miner.poolId, miner.operatorId, miner.accountName, miner.comment],
      );
      if (!row) throw new Error('inserting a miner returned no row');
      return { id: row.id, createdAt: new Date(row.created_at) };
    },

    /** The owners of a miner (people with the owner role on it), who own its sub-accounts too. */
    async ownersOf(minerId: string): Promise<string[]> {
      const rows = await query<{ user_id: string }>(
        `select user_id from app.permissions where type = 'miner' and account_id = $1 and role = 'owner'`,
        [minerId],
      );
      return rows.map((row) => row.user_id);
    },

    /** An open owner invitation of a miner whose owner has not accepted yet. */
    async pendingOwnerInvite(
      minerId: string,
      now: Date,
    ): Promise<{ email: string; totalFeeHide: boolean } | undefined> {
      const [row] = await query<{ email: string; total_fee_hide: boolean }>(
        `select email, total_fee_hide from app.invites where account_type = 'miner' and account_id = $1 and role = 'owner'
           and accepted_at is null and expires_at > $2 order by created_at desc limit 1`,
        [minerId, now.toISOString()],
      );
      return row && { email: row.email, totalFeeHide: row.total_fee_hide };
    },

    async grantOwners(minerId: string, userIds: string[]): Promise<void> {
      if (userIds.length === 0) return;
      await query(
        `insert into app.permissions (user_id, type, account_id, role, total_fee_hide)
         select u, 'miner', $1, 'owner', coalesce((select bool_or(p.total_fee_hide) from app.permissions p
           where p.user_id = u and p.type = 'miner' and p.role = 'owner'), false)
         from unnest($2::uuid[]) as u on conflict do nothing`,
        [minerId, userIds],
      );
    },

    async setDetails(minerId: string, details: { title?: string | null; comment?: string | null }): Promise<void> {
      if (details.title !== undefined) {
        await query('update app.miners set title = $2 where id = $1', [minerId, details.title || null]);
      }
      if (details.comment !== undefined) {
        await query('update app.miners set comment = $2 where id = $1', [minerId, details.comment || null]);
      }
    },

    async operatorFees(minerId: string): Promise<OperatorFeeRecord[]> {
      const rows = await query<{
        id: string;
        miner_id: string;
        percent_bp: number;
        starts_on: string;
        comment: string | null;
        created_at: Date | string;
      }>(
        `select ${feeColumns} from app.operator_fees where miner_id = $1
         order by starts_on desc, created_at desc, id desc`,
        [minerId],
      );
      return rows.map((row) => ({
        id: row.id,
        minerId: row.miner_id,
        percentBp: Number(row.percent_bp),
        startsOn: row.starts_on,
        comment: row.comment,
        createdAt: new Date(row.created_at),
      }));
    },

    async addOperatorFee(fee: {
      operatorId: string;
      minerId: string;
      percentBp: number;
      startsOn: string;
      comment: string | null;
      createdBy: string | null;
    }): Promise<string> {
      const [row] = await query<{ id: string }>(
        `insert into app.operator_fees (operator_id, miner_id, percent_bp, starts_on, comment, created_by)
         values ($1, $2, $3, $4::date, $5, $6) returning id`,
        [fee.operatorId, fee.minerId, fee.percentBp, fee.startsOn, fee.comment, fee.createdBy],
      );
      if (!row) throw new Error('inserting an operator fee returned no row');
      return row.id;
    },

    async addPoolFee(fee: {
      minerId: string;
      percentBp: number;
      startsOn: string;
      comment: string | null;
      createdBy: string | null;
    }): Promise<void> {
      await query(
        `insert into app.fees (miner_id, percent_bp, starts_on, comment, created_by) values ($1, $2, $3::date, $4, $5)`,
        [fee.minerId, fee.percentBp, fee.startsOn, fee.comment, fee.createdBy],
      );
    },

    /** What the operator (or the pool) earned from one customer per day, in [from, to]. */
    async earnedByDay(
      scope: CustomerScope,
      minerId: string,
      from: string | null,
      to: string | null,
    ): Promise<{ day: string; amount: bigint }[]> {
      const amount = scope.kind === 'operator' ? 'b.operator_share' : 'b.fee - b.operator_share';
      const owner = scope.kind === 'operator' ? 'b.operator_id = $1' : 'm.pool_id = $1';
      const rows = await query<{ day: string; amount: string }>(
        `select b.day::text as day, (${amount})::text as amount from app.reward_breakdowns b
         join app.miners m on m.id = b.miner_id
         where ${owner} and b.miner_id = $2 and ($3::date is null or b.day >= $3::date) and ($4::date is null or b.day <= $4::date)
         order by b.day`,
        [scope.id, minerId, from, to],
      );
      return rows.map((row) => ({ day: row.day, amount: toBigInt(row.amount) }));
    },

    /**
     * The operator legs of the given ledger transfers, summed per transfer: what the reward run
     * credited an operator (`operatorId`, or any operator when null) in each of them.
     */
    async operatorLegs(transferIds: string[], operatorId: string | null): Promise<Map<string, bigint>> {
      if (transferIds.length === 0) return new Map();
      const rows = await query<{ transfer_id: string; amount: string }>(
        `select e.transfer_id, sum(e.amount)::text as amount from app.ledger_entries e
         join app.ledger_accounts a on a.id = e.account_id
         where e.transfer_id = any($1::uuid[]) and a.kind = 'operator' and ($2::uuid is null or a.owner_id = $2::uuid)
         group by e.transfer_id`,
        [transferIds, operatorId],
      );
      return new Map(rows.map((row) => [row.transfer_id, toBigInt(row.amount)]));
    },

    /** People with a role on the customer's own account, with their flags. */
    async people(minerId: string): Promise<{ id: string; email: string; role: string; totalFeeHide: boolean }[]> {
      const rows = await query<{ id: string; email: string; role: string; total_fee_hide: boolean }>(
        `select p.id, u.email, p.role, p.total_fee_hide from app.permissions p join app.users u on u.id = p.user_id
         where p.type = 'miner' and p.account_id = $1 order by p.created_at, p.id`,
        [minerId],
      );
      return rows.map((row) => ({ id: row.id, email: row.email, role: row.role, totalFeeHide: row.total_fee_hide }));
    },

    async setTotalFeeHide(minerId: string, permissionId: string, hide: boolean): Promise<boolean> {
      const rows = await query(
        `update app.permissions set total_fee_hide = $3 where id = $2 and type = 'miner' and account_id = $1 returning id`,
        [minerId, permissionId, hide],
      );
      return rows.length > 0;
    },
  };
}

export type CustomerRepository = ReturnType<typeof customerRepository>;
