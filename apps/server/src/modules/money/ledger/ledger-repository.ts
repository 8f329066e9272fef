import type { Database } from '@pool/db/database';
import type { PaymentType } from '@pool/contract/money-codes';
import { transaction, type Query } from '../../mining/sql.ts';
import type { LedgerAccountKind } from '../schema.ts';

/**
 * The double-entry ledger's writes (architecture note, "Money"). The database holds the rules
 * (migration 0007): a transfer's legs sum to zero, entries are never changed, and a balance that
 * must not go negative cannot. This module only has to write each set in one statement and once.
 */

/** A ledger account by what it belongs to: miner, operator and pool accounts by owner, the platform's by pool. */
export type AccountRef =
  | { kind: 'miner' | 'operator'; ownerId: string }
  | { kind: 'pool'; ownerId: string }
  | { kind: 'reward_clearing' | 'unallocated' | 'payouts_in_flight' | 'paid_out'; ownerId?: undefined };

export interface Leg {
  account: AccountRef;
  /** Satoshis: + credits the account, - debits it. */
  amount: bigint;
  /** The payment as this account sees it. */
  type: PaymentType;
}

export interface NewTransfer {
  /** Makes a repeated write a no-op: `reward:<day>:<miner_id>`, `vm:<day>:<contract_id>`, ... */
  key: string;
  legs: Leg[];
  memo?: Record<string, unknown>;
  status?: 'pending' | 'completed';
  reverses?: string;
}

/** bigint columns arrive as numbers from PGlite and as strings from node-postgres. */
export function toBigInt(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return BigInt(Math.trunc(value));
  if (typeof value === 'string') return BigInt(value);
  if (value === null || value === undefined) return 0n;
  throw new Error('not an integer amount');
}

const platformKinds = new Set<LedgerAccountKind>(['reward_clearing', 'unallocated', 'payouts_in_flight', 'paid_out']);
const refKey = (ref: AccountRef): string => `${ref.kind}:${ref.ownerId ?? ''}`;

/** The ledger's statements inside one transaction; a run posts a chunk's transfers together. */
export function ledgerWrites(query: Query, poolId: string) {
  const accountIds = new Map<string, string>();

  /** Finds or opens the accounts; answers their ids by `kind:owner`. */
  async function ensureAccounts(refs: AccountRef[]): Promise<Map<string, string>> {
    const wanted = [...new Map(refs.map((ref) => [refKey(ref), ref])).values()].filter(
      (ref) => !accountIds.has(refKey(ref)),
    );
    const owned = wanted.filter((ref) => !platformKinds.has(ref.kind));
    const platform = wanted.filter((ref) => platformKinds.has(ref.kind));
    if (owned.length > 0) {
      const rows = await query<{ id: string; kind: string; owner_id: string }>(
        `with wanted as (select * from unnest($1::text[], $2::uuid[]) as t(kind, owner_id)),
         created as (
           insert into app.ledger_accounts (kind, owner_id, pool_id)
           select kind, owner_id, $3 from wanted order by kind, owner_id
           on conflict (kind, owner_id) where owner_id is not null do nothing
           returning id, kind, owner_id
         )
         select id, kind, owner_id from created
         union all
         select a.id, a.kind, a.owner_id from app.ledger_accounts a join wanted w using (kind, owner_id)`,
        [owned.map((ref) => ref.kind), owned.map((ref) => ref.ownerId), poolId],
      );
      for (const row of rows) accountIds.set(`${row.kind}:${row.owner_id}`, row.id);
      // An account another transaction opened meanwhile is not in that statement's snapshot.
      const late = owned.filter((ref) => !accountIds.has(refKey(ref)));
      if (late.length > 0) {
        const found = await query<{ id: string; kind: string; owner_id: string }>(
          `select a.id, a.kind, a.owner_id from app.ledger_accounts a
           join unnest($1::text[], $2::uuid[]) as t(kind, owner_id) using (kind, owner_id)`,
          [late.map((ref) => ref.kind), late.map((ref) => ref.ownerId)],
        );
        for (const row of found) accountIds.set(`${row.kind}:${row.owner_id}`, row.id);
      }
    }
    for (const ref of platform) {
      await query(
        `insert into app.ledger_accounts (kind, pool_id, may_go_negative) values ($1, $2, $1 = 'reward_clearing')
         on conflict (kind, pool_id) where owner_id is null do nothing`,
        [ref.kind, poolId],
      );
      const [row] = await query<{ id: string }>(
        'select id from app.ledger_accounts where kind = $1 and pool_id = $2 and owner_id is null',
        [ref.kind, poolId],
      );
      if (row) accountIds.set(refKey(ref), row.id);
    }
    return accountIds;
  }

  /** Writes the transfers whose keys are new, without legs yet; answers their ids by key. */
  async function insertTransfers(transfers: NewTransfer[]): Promise<Map<string, string>> {
    if (transfers.length === 0) return new Map();
    const created = await query<{ id: string; idempotency_key: string }>(
      `insert into app.ledger_transfers (idempotency_key, status, memo, reverses)
       select key, status, memo::jsonb, reverses from unnest($1::text[], $2::text[], $3::text[], $4::uuid[])
         as t(key, status, memo, reverses)
       on conflict (idempotency_key) do nothing
       returning id, idempotency_key`,
      [
        transfers.map((transfer) => transfer.key),
        transfers.map((transfer) => transfer.status ?? 'completed'),
        transfers.map((transfer) => (transfer.memo ? JSON.stringify(transfer.memo) : null)),
        transfers.map((transfer) => transfer.reverses ?? null),
      ],
    );
    return new Map(created.map((row) => [row.idempotency_key, row.id]));
  }

  /**
   * Writes every leg of the transfers just written, in one INSERT: the database checks at its end
   * that each set sums to zero and moves the balances. Callers make it the transaction's last
   * statement, since it holds the locks of the hot accounts (reward clearing, the pool) until commit.
   */
  async function insertLegs(transfers: NewTransfer[], written: Map<string, string>): Promise<void> {
    const ids = await ensureAccounts(transfers.flatMap((transfer) => transfer.legs.map((leg) => leg.account)));
    const legs = transfers.flatMap((transfer) => {
      const transferId = written.get(transfer.key);
      if (!transferId) return [];
      return transfer.legs
        .filter((leg) => leg.amount !== 0n)
        .map((leg) => {
          const accountId = ids.get(refKey(leg.account));
          if (!accountId) throw new Error(`no ledger account for ${refKey(leg.account)}`);
          return { transferId, accountId, amount: leg.amount.toString(), type: leg.type };
        });
    });
    if (legs.length === 0) return;
    await query(
      `insert into app.ledger_entries (transfer_id, account_id, amount, payment_type)
       select * from unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::text[])`,
      [
        legs.map((leg) => leg.transferId),
        legs.map((leg) => leg.accountId),
        legs.map((leg) => leg.amount),
        legs.map((leg) => leg.type),
      ],
    );
  }

  /** Posts the transfers whose keys are new with all their legs; answers the ids written, by key. */
  async function post(transfers: NewTransfer[]): Promise<Map<string, string>> {
    const written = await insertTransfers(transfers);
    await insertLegs(transfers, written);
    return written;
  }

  return { ensureAccounts, insertTransfers, insertLegs, post };
}

export interface Balance {
  balance: bigint;
  /** When an entry last moved it; null when nothing ever did. */
  updatedAt: Date | null;
}

export function ledgerRepository(database: Database, poolId: string) {
  return {
    /** Posts one transfer unless its key was posted before; answers its id and whether it is new. */
    async post(transfer: NewTransfer): Promise<{ id: string; created: boolean }> {
      return transaction(database, async (query) => {
        const written = await ledgerWrites(query, poolId).post([transfer]);
        const id = written.get(transfer.key);
        if (id) return { id, created: true };
        const [row] = await query<{ id: string }>('select id from app.ledger_transfers where idempotency_key = $1', [
          transfer.key,
        ]);
        if (!row) throw new Error(`transfer ${transfer.key} was neither written nor found`);
        return { id: row.id, created: false };
      });
    },

    /**
     * A correction: a new set with every leg of the transfer negated, under its own key. A transfer
     * is reversed at most once (a unique key on `reverses`).
     */
    async reverse(transferId: string, key: string, memo?: Record<string, unknown>) {
      return transaction(database, async (query) => {
        const legs = await query<{
          kind: LedgerAccountKind;
          owner_id: string | null;
          amount: unknown;
          payment_type: PaymentType;
        }>(
          `select a.kind, a.owner_id, e.amount::text as amount, e.payment_type
           from app.ledger_entries e join app.ledger_accounts a on a.id = e.account_id
           where e.transfer_id = $1 order by e.id`,
          [transferId],
        );
        if (legs.length === 0) throw new Error(`transfer ${transferId} has no entries`);
        const transfer: NewTransfer = {
          key,
          reverses: transferId,
          memo: { kind: 'reversal', reverses: transferId, ...memo },
          legs: legs.map((leg) => ({
            account: { kind: leg.kind, ownerId: leg.owner_id ?? undefined } as AccountRef,
            amount: -toBigInt(leg.amount),
            type: leg.payment_type,
          })),
        };
        const written = await ledgerWrites(query, poolId).post([transfer]);
        const id = written.get(key);
        if (id) return { id, created: true };
        const [row] = await query<{ id: string }>('select id from app.ledger_transfers where idempotency_key = $1', [
          key,
        ]);
        if (!row) throw new Error(`reversal ${key} was neither written nor found`);
        return { id: row.id, created: false };
      });
    },

    /** The account's balance: the sum of its entries, kept by the database as they are written. */
    async balanceOf(kind: 'miner' | 'operator' | 'pool', ownerId: string): Promise<Balance> {
      const [row] = await database.query<{ balance: unknown; updated_at: Date | string | null }>(
        `select a.balance::text as balance,
           (select max(e.created_at) from app.ledger_entries e where e.account_id = a.id) as updated_at
         from app.ledger_accounts a where a.kind = $1 and a.owner_id = $2`,
        [kind, ownerId],
      );
      if (!row) return { balance: 0n, updatedAt: null };
      return { balance: toBigInt(row.balance), updatedAt: row.updated_at ? new Date(row.updated_at) : null };
    },
  };
}

export type LedgerRepository = ReturnType<typeof ledgerRepository>;
