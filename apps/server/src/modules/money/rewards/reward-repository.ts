import type { Query } from '../../mining/sql.ts';
import { toBigInt } from '../ledger/ledger-repository.ts';

/** The reward run's reads and its own rows (breakdowns, unallocated funds); the ledger writes the rest. */

export interface DayBucket {
  minerId: string;
  accountName: string;
  operatorId: string | null;
  deleted: boolean;
  acceptedDifficulty: number;
}

export interface ContractRow extends Record<string, unknown> {
  id: string;
  donor_miner_id: string;
  recipient_miner_id: string;
  hash_rate_share: number | null;
  fixed_hash_rate: number | null;
  starts_at: Date | string;
  ends_at: Date | string | null;
}

export interface BreakdownRow {
  transferId: string;
  minerId: string;
  day: string;
  hashRate: number;
  rateMsat: bigint;
  gross: bigint;
  feeBp: number;
  fee: bigint;
  shared: bigint;
  net: bigint;
  /** The promo code that lowered the fee and the fee before it; absent when none did. */
  promoCodeId?: string | null;
  feeBpBefore?: number | null;
  feeBefore?: bigint | null;
  /** A customer's operator and its share of the fee (issue 16); absent for a miner of no operator. */
  operatorId?: string | null;
  operatorShare?: bigint;
}

export interface UnallocatedRow {
  transferId: string;
  day: string;
  accountName: string;
  hashRate: number;
  amount: bigint;
}

export function rewardReads(query: Query) {
  return {
    /**
     * Every miner of the pool with a 1-day bucket on the day and no reward for it yet (deleted
     * ones flagged), by id: a run resumed over a day credited in full reads nothing to do.
     */
    async uncreditedBuckets(poolId: string, day: string, dayStart: string): Promise<DayBucket[]> {
      const rows = await query<{
        id: string;
        account_name: string;
        operator_id: string | null;
        deleted: boolean;
        accepted_difficulty: number;
      }>(
        `select m.id, m.account_name, m.operator_id, m.deleted_at is not null as deleted, b.accepted_difficulty
         from app.account_hashrate_1d b join app.miners m on m.id = b.account_id
         where b.bucket_start = $2 and m.pool_id = $1 and b.accepted_difficulty > 0
           and not exists (select 1 from app.reward_breakdowns r where r.miner_id = m.id and r.day = $3::date)
         order by m.id`,
        [poolId, dayStart, day],
      );
      return rows.map((row) => ({
        minerId: row.id,
        accountName: row.account_name,
        operatorId: row.operator_id,
        deleted: row.deleted,
        acceptedDifficulty: Number(row.accepted_difficulty),
      }));
    },

    /** Accepted work of names no live miner had on the day, per name. */
    async unallocatedWork(poolId: string, day: string): Promise<Map<string, number>> {
      const rows = await query<{ account_name: string; accepted_difficulty: number }>(
        `select account_name, accepted_difficulty from app.unallocated_hashrate_1d
         where pool_id = $1 and day = $2::date and accepted_difficulty > 0`,
        [poolId, day],
      );
      return new Map(rows.map((row) => [row.account_name, Number(row.accepted_difficulty)]));
    },

    async unallocatedNames(poolId: string, day: string): Promise<Set<string>> {
      const rows = await query<{ account_name: string }>(
        'select account_name from app.unallocated_funds where pool_id = $1 and day = $2::date',
        [poolId, day],
      );
      return new Set(rows.map((row) => row.account_name));
    },

    /** Contracts of these donors that ran for some of [from, to). */
    contractsRunning(donors: string[], from: string, to: string): Promise<ContractRow[]> {
      return query<ContractRow>(
        `select id, donor_miner_id, recipient_miner_id, hash_rate_share, fixed_hash_rate, starts_at, ends_at
         from app.virtual_mining_contracts
         where donor_miner_id = any($1::uuid[]) and starts_at < $3 and (ends_at is null or ends_at > $2)
         order by donor_miner_id, created_at, id`,
        [donors, from, to],
      );
    },

    /** The first time any share (of a miner or of an unknown name) was counted; null when none was. */
    async firstShareAt(poolId: string): Promise<Date | null> {
      const [row] = await query<{ at: Date | string | null }>(
        `select least(
           (select min(a.first_share_at) from app.account_activity a where a.account_id = $1),
           (select min(day)::timestamp at time zone 'UTC' from app.unallocated_hashrate_1d where pool_id = $1)
         ) as at`,
        [poolId],
      );
      return row?.at ? new Date(row.at) : null;
    },

    /** The pool's domain for unallocated funds' metadata: its stratum host, else its app host, else its name. */
    async poolDomain(poolId: string): Promise<string> {
      const [row] = await query<{ name: string; addresses: { type: string; address: string }[] | string }>(
        'select name, addresses from app.pools where id = $1',
        [poolId],
      );
      if (!row) return '';
      const addresses = (typeof row.addresses === 'string' ? JSON.parse(row.addresses) : row.addresses) as {
        type: string;
        address: string;
      }[];
      for (const type of ['stratum', 'app']) {
        const address = addresses.find((entry) => entry.type === type)?.address;
        if (!address) continue;
        try {
          const host = new URL(address).hostname;
          if (host) return host;
        } catch {
          // not a URL: try the next address
        }
      }
      return row.name;
    },

    /** What a finished day credited: to miners (count), to unallocated funds (count) and in all (gross). */
    async dayTotals(poolId: string, day: string): Promise<{ credited: number; unallocated: number; total: bigint }> {
      const [row] = await query<{ credited: number; unallocated: number; total: string | null }>(
        `select
           (select count(*)::int from app.reward_breakdowns b join app.miners m on m.id = b.miner_id
             where b.day = $2::date and m.pool_id = $1) as credited,
           (select count(*)::int from app.unallocated_funds where day = $2::date and pool_id = $1) as unallocated,
           ((select coalesce(sum(b.gross), 0) from app.reward_breakdowns b join app.miners m on m.id = b.miner_id
             where b.day = $2::date and m.pool_id = $1)
            + (select coalesce(sum(amount), 0) from app.unallocated_funds where day = $2::date and pool_id = $1))::text as total`,
        [poolId, day],
      );
      return { credited: row?.credited ?? 0, unallocated: row?.unallocated ?? 0, total: toBigInt(row?.total ?? 0) };
    },
  };
}

export async function insertBreakdowns(query: Query, rows: BreakdownRow[]): Promise<void> {
  if (rows.length === 0) return;
  await query(
    `insert into app.reward_breakdowns (transfer_id, miner_id, day, hash_rate, rate_msat, gross, fee_bp, fee, shared, net,
       promo_code_id, fee_bp_before, fee_before, operator_id, operator_share)
     select * from unnest($1::uuid[], $2::uuid[], $3::date[], $4::float8[], $5::bigint[], $6::bigint[], $7::int[],
       $8::bigint[], $9::bigint[], $10::bigint[], $11::uuid[], $12::int[], $13::bigint[], $14::uuid[], $15::bigint[])`,
    [
      rows.map((row) => row.transferId),
      rows.map((row) => row.minerId),
      rows.map((row) => row.day),
      rows.map((row) => row.hashRate),
      rows.map((row) => row.rateMsat.toString()),
      rows.map((row) => row.gross.toString()),
      rows.map((row) => row.feeBp),
      rows.map((row) => row.fee.toString()),
      rows.map((row) => row.shared.toString()),
      rows.map((row) => row.net.toString()),
      rows.map((row) => row.promoCodeId ?? null),
      rows.map((row) => row.feeBpBefore ?? null),
      rows.map((row) => row.feeBefore?.toString() ?? null),
      rows.map((row) => row.operatorId ?? null),
      rows.map((row) => (row.operatorShare ?? 0n).toString()),
    ],
  );
}

export async function insertUnallocatedFunds(
  query: Query,
  poolId: string,
  poolDomain: string,
  rows: UnallocatedRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await query(
    `insert into app.unallocated_funds (transfer_id, pool_id, day, pool_domain, account_name, hash_rate, amount)
     select t.transfer_id, $6, t.day, $7, t.account_name, t.hash_rate, t.amount
     from unnest($1::uuid[], $2::date[], $3::text[], $4::float8[], $5::bigint[]) as t(transfer_id, day, account_name, hash_rate, amount)`,
    [
      rows.map((row) => row.transferId),
      rows.map((row) => row.day),
      rows.map((row) => row.accountName),
      rows.map((row) => row.hashRate),
      rows.map((row) => row.amount.toString()),
      poolId,
      poolDomain,
    ],
  );
}
