import type { Query } from '../../mining/sql.ts';
import { toBigInt } from '../../money/ledger/ledger-repository.ts';

/** The 14:00 withdrawal's reads and its own rows (payout requests); the ledger writes the transfers. */

/** A miner the run may pay, with what its wallet says; the amount is decided on the locked balance. */
export interface PayableMiner {
  minerId: string;
  walletId: string;
  address: string;
  balance: bigint;
  /** The minimum in force: greatest(coalesce(wallet's, pool's), pool's). */
  minimum: bigint;
  /** 0: no limit. */
  maximum: bigint;
}

export interface PayoutRequestRow {
  transferId: string;
  minerId: string;
  walletId: string;
  day: string;
  address: string;
  amount: bigint;
}

/**
 * The eligibility rule of spec 9 in one place: a live miner of the pool with a BTC wallet that has
 * an address, whose payout stop has passed at the run's time, whose balance reaches the minimum in
 * force, and that has no payout request of the day yet. `$1` pool, `$2` day, `$3` run time,
 * `$4` the pool's minimum; `extra` narrows it further.
 */
function payableSql(extra: string): string {
  return `select w.miner_id, w.id as wallet_id, w.address, a.id as account_id, a.balance::text as balance,
       greatest(coalesce(w.min_payment, $4::bigint), $4::bigint)::text as minimum, w.max_payment::text as maximum
     from app.wallets w
     join app.miners m on m.id = w.miner_id
     join app.ledger_accounts a on a.kind = 'miner' and a.owner_id = w.miner_id
     where m.pool_id = $1 and m.deleted_at is null and w.currency = 'BTC' and w.address is not null
       and (w.payouts_stopped_until is null or w.payouts_stopped_until <= $3::timestamptz)
       and a.balance > 0 and a.balance >= greatest(coalesce(w.min_payment, $4::bigint), $4::bigint)
       and not exists (select 1 from app.payout_requests r where r.miner_id = w.miner_id and r.day = $2::date)
       ${extra}`;
}

interface PayableRecord extends Record<string, unknown> {
  miner_id: string;
  wallet_id: string;
  address: string;
  account_id: string;
  balance: unknown;
  minimum: unknown;
  maximum: unknown;
}

const payableOf = (row: PayableRecord): PayableMiner => ({
  minerId: row.miner_id,
  walletId: row.wallet_id,
  address: row.address,
  balance: toBigInt(row.balance),
  minimum: toBigInt(row.minimum),
  maximum: toBigInt(row.maximum),
});

export interface RunScope {
  poolId: string;
  day: string;
  runAt: Date;
  poolMinimum: bigint;
}

const scopeParams = (scope: RunScope): unknown[] => [
  scope.poolId,
  scope.day,
  scope.runAt.toISOString(),
  scope.poolMinimum.toString(),
];

export function withdrawalReads(query: Query) {
  return {
    /** The miners payable now with no request of the day, by id: what a (resumed) run has left to do. */
    async payableMinerIds(scope: RunScope): Promise<string[]> {
      const rows = await query<{ miner_id: string }>(
        `select miner_id from (${payableSql('')}) payable order by miner_id`,
        scopeParams(scope),
      );
      return rows.map((row) => row.miner_id);
    },

    /**
     * The chunk's miners still payable, their ledger accounts locked (in account id order, the
     * posting trigger's order) so the balance read is the one the transfer takes from, and a
     * second process working the same chunk waits here and then finds their requests.
     */
    async lockPayable(scope: RunScope, minerIds: string[]): Promise<PayableMiner[]> {
      await query(
        `select id from app.ledger_accounts where kind = 'miner' and owner_id = any($1::uuid[]) order by id for update`,
        [minerIds],
      );
      // A new statement: it sees what another process committed while this one waited for the locks.
      const rows = await query<PayableRecord>(payableSql('and w.miner_id = any($5::uuid[])'), [
        ...scopeParams(scope),
        minerIds,
      ]);
      return rows.map(payableOf);
    },

    /** What the day's run made: its requests (whatever became of them since) and their total. */
    async dayTotals(poolId: string, day: string): Promise<{ paid: number; total: bigint }> {
      const [row] = await query<{ paid: number; total: string | null }>(
        `select count(*)::int as paid, coalesce(sum(r.amount), 0)::text as total
         from app.payout_requests r join app.miners m on m.id = r.miner_id
         where r.day = $2::date and m.pool_id = $1`,
        [poolId, day],
      );
      return { paid: row?.paid ?? 0, total: toBigInt(row?.total ?? 0) };
    },
  };
}

/** The requests of the transfers just written, in one statement; (miner, day) is unique. */
export async function insertPayoutRequests(query: Query, rows: PayoutRequestRow[]): Promise<void> {
  if (rows.length === 0) return;
  await query(
    `insert into app.payout_requests (transfer_id, miner_id, wallet_id, day, address, amount)
     select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::date[], $5::text[], $6::bigint[])`,
    [
      rows.map((row) => row.transferId),
      rows.map((row) => row.minerId),
      rows.map((row) => row.walletId),
      rows.map((row) => row.day),
      rows.map((row) => row.address),
      rows.map((row) => row.amount.toString()),
    ],
  );
}
