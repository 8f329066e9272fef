import type { Database } from '@pool/db/database';
import type { PaymentDirection, PaymentStatus, PaymentType } from '@pool/contract/money-codes';
import type { BlockchainRequestStatus } from '@pool/contract/payout-codes';
import { toBigInt } from '../ledger/ledger-repository.ts';

/** Whose money a read is about: a miner, an operator or a pool, by its id (the ledger account's owner). */
export type MoneyOwnerKind = 'miner' | 'operator' | 'pool';

export interface PaymentFilter {
  types?: PaymentType[];
  direction?: PaymentDirection;
  status?: PaymentStatus;
  /** Inclusive bounds in time. */
  from?: Date;
  /** Exclusive. */
  until?: Date;
}

export interface PaymentRow {
  id: string;
  type: PaymentType;
  direction: PaymentDirection;
  status: PaymentStatus;
  amount: bigint;
  createdAt: Date;
  counterparty: string | null;
  breakdown: {
    day: string;
    hashRate: number;
    rateMsat: bigint;
    gross: bigint;
    feeBp: number;
    fee: bigint;
    shared: bigint;
    net: bigint;
    promo: { code: string; feeBpBefore: number; feeBefore: bigint } | null;
  } | null;
  sharingType: 'profit_sharing' | 'referral' | null;
  /** A payout's request on its way to the chain (issue 14); null for other payments. */
  payout: {
    requestId: string;
    status: BlockchainRequestStatus;
    address: string;
    txid: string | null;
  } | null;
}

interface PaymentRecord extends Record<string, unknown> {
  id: string;
  type: PaymentType;
  amount: unknown;
  status: PaymentStatus;
  created_at: Date | string;
  counterparty: string | null;
  day: string | null;
  hash_rate: number | null;
  rate_msat: unknown;
  gross: unknown;
  fee_bp: number | null;
  fee: unknown;
  shared: unknown;
  net: unknown;
  promo_code: string | null;
  fee_bp_before: number | null;
  fee_before: unknown;
  sharing_type: 'profit_sharing' | 'referral' | null;
  payout_request_id: string | null;
  payout_status: BlockchainRequestStatus | null;
  payout_address: string | null;
  payout_txid: string | null;
}

/** Types that make up what an account earned by mining: its net rewards and what contracts moved. */
export const earningTypes: readonly PaymentType[] = [
  'reward',
  'virtual_mining_reward',
  'virtual_mining_transfer',
  'profit_sharing',
];

/**
 * The money reads of spec 7 over the ledger (the engine's tables, migration 0007): payments as an
 * account sees them, what it earned, the days it mined and was not yet credited, the monthly report
 * and the platform's unallocated funds. Writes go through the engine's ledger functions only.
 */
export function moneyReads(database: Database) {
  const query = <Row extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    database.query<Row>(text, params);

  async function accountIdOf(kind: MoneyOwnerKind, ownerId: string): Promise<string | null> {
    const [row] = await query<{ id: string }>('select id from app.ledger_accounts where kind = $1 and owner_id = $2', [
      kind,
      ownerId,
    ]);
    return row?.id ?? null;
  }

  function filterSql(filter: PaymentFilter, params: unknown[]): string {
    const parts: string[] = [];
    if (filter.types?.length) {
      params.push(filter.types);
      parts.push(`e.payment_type = any($${params.length}::text[])`);
    }
    if (filter.direction) parts.push(filter.direction === 'incoming' ? 'e.amount > 0' : 'e.amount < 0');
    if (filter.status) {
      params.push(filter.status);
      parts.push(`t.status = $${params.length}`);
    }
    if (filter.from) {
      params.push(filter.from.toISOString());
      parts.push(`e.created_at >= $${params.length}::timestamptz`);
    }
    if (filter.until) {
      params.push(filter.until.toISOString());
      parts.push(`e.created_at < $${params.length}::timestamptz`);
    }
    return parts.map((part) => ` and ${part}`).join('');
  }

  return {
    accountIdOf,

    /** The miner's account name and pool, when it exists (deleted miners' money stays readable by staff). */
    async minerById(minerId: string): Promise<{ id: string; accountName: string; poolId: string } | undefined> {
      const [row] = await query<{ id: string; account_name: string; pool_id: string }>(
        'select id, account_name, pool_id from app.miners where id = $1',
        [minerId],
      );
      return row ? { id: row.id, accountName: row.account_name, poolId: row.pool_id } : undefined;
    },

    /** A live miner of the pool by its account name. */
    async minerByAccountName(
      poolId: string,
      accountName: string,
    ): Promise<{ id: string; accountName: string } | undefined> {
      const [row] = await query<{ id: string; account_name: string }>(
        'select id, account_name from app.miners where pool_id = $1 and account_name = $2 and deleted_at is null',
        [poolId, accountName.trim().toLowerCase()],
      );
      return row ? { id: row.id, accountName: row.account_name } : undefined;
    },

    /**
     * One page of the account's payments, newest first: each entry with its transfer, the reward's
     * breakdown and the other party (the other miner, operator or pool of the set, by name).
     */
    async payments(
      kind: MoneyOwnerKind,
      ownerId: string,
      filter: PaymentFilter,
      page: { limit: number; offset: number },
    ): Promise<{ rows: PaymentRow[]; total: number }> {
      const accountId = await accountIdOf(kind, ownerId);
      if (!accountId) return { rows: [], total: 0 };
      const params: unknown[] = [accountId];
      const where = filterSql(filter, params);
      // Only a status filter needs the transfers before the page is cut: joining them for every row
      // made the count of a five-year account cost 1,800 index lookups.
      const transfers = filter.status ? 'join app.ledger_transfers t on t.id = e.transfer_id' : '';
      const [counted] = await database.prepared<{ total: unknown }>(
        `select count(*)::int as total from app.ledger_entries e ${transfers} where e.account_id = $1${where}`,
        params,
      );
      const total = Number(counted?.total ?? 0);
      if (total <= page.offset) return { total, rows: [] };
      params.push(page.limit, page.offset);
      // The page is chosen on the (account, time) index first; its transfers, the other party and
      // the breakdown are looked up for its rows only, not for every row the filter matches. Planning
      // this query cost PostgreSQL four times its run, so each connection plans it once.
      const records = await database.prepared<PaymentRecord>(
        `with page as (
           select e.id, e.transfer_id, e.account_id, e.payment_type, e.amount, e.created_at
           from app.ledger_entries e ${transfers}
           where e.account_id = $1${where}
           order by e.created_at desc, e.id desc
           limit $${params.length - 1} offset $${params.length}
         )
         select e.transfer_id as id, e.payment_type as type, e.amount::text as amount, t.status, e.created_at,
           (select coalesce(m.account_name, o.title, p.name)
              from app.ledger_entries x join app.ledger_accounts a on a.id = x.account_id
              left join app.miners m on a.kind = 'miner' and m.id = a.owner_id
              left join app.operators o on a.kind = 'operator' and o.id = a.owner_id
              left join app.pools p on a.kind = 'pool' and p.id = a.owner_id
              where x.transfer_id = e.transfer_id and x.account_id <> e.account_id and a.owner_id is not null
              order by case a.kind when 'miner' then 0 when 'operator' then 1 else 2 end, x.id limit 1) as counterparty,
           b.day::text as day, b.hash_rate, b.rate_msat::text as rate_msat, b.gross::text as gross, b.fee_bp,
           b.fee::text as fee, b.shared::text as shared, b.net::text as net,
           pc.code as promo_code, b.fee_bp_before, b.fee_before::text as fee_before,
           case when e.payment_type = 'profit_sharing' then t.memo->>'sharing_type' end as sharing_type,
           pr.id as payout_request_id, pr.status as payout_status, pr.address as payout_address, pr.txid as payout_txid
         from page e
         join app.ledger_transfers t on t.id = e.transfer_id
         left join app.reward_breakdowns b on b.transfer_id = e.transfer_id and e.payment_type = 'reward'
         left join app.promo_codes pc on pc.id = b.promo_code_id
         left join app.payout_requests pr on pr.transfer_id = e.transfer_id and e.payment_type = 'payout'
         order by e.created_at desc, e.id desc`,
        params,
      );
      return {
        total,
        rows: records.map((row) => {
          const amount = toBigInt(row.amount);
          return {
            id: row.id,
            type: row.type,
            direction: amount > 0n ? 'incoming' : 'outgoing',
            status: row.status,
            amount: amount < 0n ? -amount : amount,
            createdAt: new Date(row.created_at),
            counterparty: row.counterparty,
            breakdown:
              row.day === null
                ? null
                : {
                    day: row.day,
                    hashRate: Number(row.hash_rate),
                    rateMsat: toBigInt(row.rate_msat),
                    gross: toBigInt(row.gross),
                    feeBp: Number(row.fee_bp),
                    fee: toBigInt(row.fee),
                    shared: toBigInt(row.shared),
                    net: toBigInt(row.net),
                    promo:
                      row.promo_code === null
                        ? null
                        : {
                            code: row.promo_code,
                            feeBpBefore: Number(row.fee_bp_before),
                            feeBefore: toBigInt(row.fee_before),
                          },
                  },
            sharingType: row.sharing_type,
            payout:
              row.payout_request_id === null || row.payout_status === null
                ? null
                : {
                    requestId: row.payout_request_id,
                    status: row.payout_status,
                    address: row.payout_address ?? '',
                    txid: row.payout_txid,
                  },
          };
        }),
      };
    },

    /**
     * What the account earned by mining, net, in transfers not canceled, and since which day: the
     * settlement day of the first (a transfer's memo names it), else the UTC day it was written.
     */
    async earned(kind: MoneyOwnerKind, ownerId: string): Promise<{ amount: bigint; since: string | null }> {
      const [row] = await query<{ amount: unknown; since: string | null }>(
        `select coalesce(sum(e.amount), 0)::text as amount, min(coalesce(t.memo->>'day', to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD'))) as since
         from app.ledger_entries e
         join app.ledger_accounts a on a.id = e.account_id
         join app.ledger_transfers t on t.id = e.transfer_id
         where a.kind = $1 and a.owner_id = $2 and t.status <> 'canceled' and e.payment_type = any($3::text[])`,
        [kind, ownerId, earningTypes],
      );
      const amount = toBigInt(row?.amount ?? 0);
      return { amount, since: amount === 0n && !row?.since ? null : (row?.since ?? null) };
    },

    /**
     * Days the miners mined and were not credited: each closed day's 1-day bucket without a reward
     * breakdown, from days whose run is not done; the current day from its 5-minute buckets so far.
     */
    async uncreditedWork(
      minerIds: string[],
      today: string,
    ): Promise<{ minerId: string; day: string; acceptedDifficulty: number; partial: boolean }[]> {
      if (minerIds.length === 0) return [];
      const rows = await query<{ miner_id: string; day: string; accepted_difficulty: number; partial: boolean }>(
        `select b.account_id as miner_id, to_char(b.bucket_start at time zone 'UTC', 'YYYY-MM-DD') as day,
           b.accepted_difficulty, false as partial
         from app.account_hashrate_1d b
         where b.account_id = any($1::uuid[]) and b.accepted_difficulty > 0
           and b.bucket_start < $2::date
           and not exists (select 1 from app.reward_breakdowns r where r.miner_id = b.account_id
                           and r.day = (b.bucket_start at time zone 'UTC')::date)
           and not exists (select 1 from app.job_runs j where j.job = 'rewards' and j.status = 'done'
                           and j.day = (b.bucket_start at time zone 'UTC')::date)
         union all
         select f.account_id, $3, sum(f.accepted_difficulty), true
         from app.account_hashrate_5m f
         where f.account_id = any($1::uuid[]) and f.bucket_start >= $2::date at time zone 'UTC'
         group by f.account_id
         having sum(f.accepted_difficulty) > 0
         order by 2, 1`,
        [minerIds, today, today],
      );
      return rows.map((row) => ({
        minerId: row.miner_id,
        day: row.day,
        acceptedDifficulty: Number(row.accepted_difficulty),
        partial: row.partial,
      }));
    },

    /** The pool's live miners, for the pool's estimate of fees still to come. */
    async minerIdsOfPool(poolId: string): Promise<string[]> {
      const rows = await query<{ id: string }>('select id from app.miners where pool_id = $1 and deleted_at is null', [
        poolId,
      ]);
      return rows.map((row) => row.id);
    },

    /** A miner's reward breakdowns between two days (both included), oldest first. */
    async breakdowns(
      minerId: string,
      from: string,
      to: string,
    ): Promise<{ day: string; hashRate: number; gross: bigint; fee: bigint; net: bigint }[]> {
      const rows = await query<{ day: string; hash_rate: number; gross: unknown; fee: unknown; net: unknown }>(
        `select day::text as day, hash_rate, gross::text as gross, fee::text as fee, net::text as net
         from app.reward_breakdowns where miner_id = $1 and day between $2::date and $3::date order by day`,
        [minerId, from, to],
      );
      return rows.map((row) => ({
        day: row.day,
        hashRate: Number(row.hash_rate),
        gross: toBigInt(row.gross),
        fee: toBigInt(row.fee),
        net: toBigInt(row.net),
      }));
    },

    /** Per month (`YYYY-MM`): the miner's breakdown totals, the average hashrate of the days mined. */
    async monthlyBreakdowns(
      minerId: string,
    ): Promise<Map<string, { hashRate: number; days: number; gross: bigint; fee: bigint; net: bigint }>> {
      const rows = await query<{
        month: string;
        hash_rate: number;
        days: number;
        gross: unknown;
        fee: unknown;
        net: unknown;
      }>(
        `select to_char(day, 'YYYY-MM') as month, avg(hash_rate) as hash_rate, count(*)::int as days,
           sum(gross)::text as gross, sum(fee)::text as fee, sum(net)::text as net
         from app.reward_breakdowns where miner_id = $1 group by 1`,
        [minerId],
      );
      return new Map(
        rows.map((row) => [
          row.month,
          {
            hashRate: Number(row.hash_rate),
            days: Number(row.days),
            gross: toBigInt(row.gross),
            fee: toBigInt(row.fee),
            net: toBigInt(row.net),
          },
        ]),
      );
    },

    /** Payouts (outgoing `payout` entries not canceled) of the miner per month. */
    async monthlyPayouts(minerId: string): Promise<Map<string, bigint>> {
      const rows = await query<{ month: string; amount: unknown }>(
        `select to_char(e.created_at at time zone 'UTC', 'YYYY-MM') as month, (-sum(e.amount))::text as amount
         from app.ledger_entries e join app.ledger_accounts a on a.id = e.account_id
         join app.ledger_transfers t on t.id = e.transfer_id
         where a.kind = 'miner' and a.owner_id = $1 and e.payment_type = 'payout' and e.amount < 0
           and t.status <> 'canceled'
         group by 1`,
        [minerId],
      );
      return new Map(rows.map((row) => [row.month, toBigInt(row.amount)]));
    },

    /** The average price the proxy saw per month and symbol. */
    async monthlyRates(): Promise<Map<string, { BTCUSDT?: number; BTCRUB?: number }>> {
      const rows = await query<{ month: string; symbol: 'BTCUSDT' | 'BTCRUB'; price: string | number }>(
        `select to_char(fetched_at at time zone 'UTC', 'YYYY-MM') as month, symbol, avg(price)::text as price
         from app.exchange_rate_samples where symbol in ('BTCUSDT', 'BTCRUB') group by 1, 2`,
      );
      const months = new Map<string, { BTCUSDT?: number; BTCRUB?: number }>();
      for (const row of rows) {
        const entry = months.get(row.month) ?? {};
        entry[row.symbol] = Number(row.price);
        months.set(row.month, entry);
      }
      return months;
    },

    /** Users' e-mail addresses by id, to say who set a rate or refunded. */
    async emailsOf(userIds: string[]): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await query<{ id: string; email: string }>(
        'select id, email from app.users where id = any($1::uuid[])',
        [userIds],
      );
      return new Map(rows.map((row) => [row.id, row.email]));
    },

    /** One page of the pool's unallocated funds, newest day first, with the refunds. */
    async unallocated(
      poolId: string,
      filter: { refunded?: boolean; id?: string },
      page: { limit: number; offset: number },
    ): Promise<{
      rows: {
        id: string;
        day: string;
        amount: bigint;
        createdAt: Date;
        poolDomain: string;
        hashRate: number;
        accountName: string;
        refund: { by: string | null; at: Date; toAccount: string; minerId: string } | null;
      }[];
      total: number;
      held: bigint;
    }> {
      const refunded = filter.refunded === undefined ? null : filter.refunded;
      const records = await query<{
        transfer_id: string;
        day: string;
        amount: unknown;
        created_at: Date | string;
        pool_domain: string;
        hash_rate: number;
        account_name: string;
        refunded_by: string | null;
        refunded_at: Date | string | null;
        refunded_to_miner_id: string | null;
        refunded_to: string | null;
        total: unknown;
      }>(
        `select f.transfer_id, f.day::text as day, f.amount::text as amount, f.created_at, f.pool_domain, f.hash_rate,
           f.account_name, u.email as refunded_by, f.refunded_at, f.refunded_to_miner_id, m.account_name as refunded_to,
           count(*) over ()::int as total
         from app.unallocated_funds f
         left join app.users u on u.id = f.refunded_by
         left join app.miners m on m.id = f.refunded_to_miner_id
         where f.pool_id = $1 and ($2::boolean is null or (f.refund_transfer_id is not null) = $2::boolean)
           and ($5::uuid is null or f.transfer_id = $5::uuid)
         order by f.day desc, f.account_name, f.transfer_id
         limit $3 offset $4`,
        [poolId, refunded, page.limit, page.offset, filter.id ?? null],
      );
      const [sums] = await query<{ held: unknown; total: unknown }>(
        `select coalesce(sum(amount) filter (where refund_transfer_id is null), 0)::text as held,
           count(*) filter (where $2::boolean is null or (refund_transfer_id is not null) = $2::boolean)::int as total
         from app.unallocated_funds where pool_id = $1`,
        [poolId, refunded],
      );
      return {
        total: Number(sums?.total ?? 0),
        held: toBigInt(sums?.held ?? 0),
        rows: records.map((row) => ({
          id: row.transfer_id,
          day: row.day,
          amount: toBigInt(row.amount),
          createdAt: new Date(row.created_at),
          poolDomain: row.pool_domain,
          hashRate: Number(row.hash_rate),
          accountName: row.account_name,
          refund:
            row.refunded_at && row.refunded_to_miner_id
              ? {
                  by: row.refunded_by,
                  at: new Date(row.refunded_at),
                  toAccount: row.refunded_to ?? '',
                  minerId: row.refunded_to_miner_id,
                }
              : null,
        })),
      };
    },
  };
}

export type MoneyReads = ReturnType<typeof moneyReads>;
