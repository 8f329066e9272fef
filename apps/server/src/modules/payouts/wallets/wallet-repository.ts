import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '@pool/db/database';
import { pools } from '../../../db/schema.ts';
import { walletChanges, wallets } from '../schema.ts';

export type WalletRow = typeof wallets.$inferSelect;

/** One change of a wallet, as the service decided it on the locked row. */
export type WalletChange =
  { field: 'address'; value: string } | { field: 'min_payment' | 'max_payment'; value: bigint };

/** Who made a change, for the wallet's history and audits. */
export interface ChangeAuthor {
  identityId: string;
  email: string;
  ip: string;
}

export interface AddressChange {
  address: string;
  at: Date;
  by: string | null;
}

/** An address history longer than this is an audit's business, not a screen's. */
const addressHistoryLength = 50;

export function walletRepository(database: Database) {
  const db = database.orm({ wallets, walletChanges, pools });

  const walletsOfMiner = (minerId: string) =>
    db.select().from(wallets).where(eq(wallets.minerId, minerId)).orderBy(asc(wallets.createdAt));

  return {
    /**
     * The miner's wallets, its BTC one made on first need. The insert does nothing when another
     * request made it first (one wallet per miner and currency), so two first reads make one.
     */
    async walletsOf(minerId: string): Promise<WalletRow[]> {
      const found = await walletsOfMiner(minerId);
      if (found.length > 0) return found;
      await db.insert(wallets).values({ minerId, currency: 'BTC' }).onConflictDoNothing();
      return walletsOfMiner(minerId);
    },

    async find(walletId: string): Promise<WalletRow | undefined> {
      const [row] = await db.select().from(wallets).where(eq(wallets.id, walletId));
      return row;
    },

    /** The addresses the wallet has had, newest first. */
    async addressHistory(walletId: string): Promise<AddressChange[]> {
      return db
        .select({ address: walletChanges.value, at: walletChanges.createdAt, by: walletChanges.changedByEmail })
        .from(walletChanges)
        .where(and(eq(walletChanges.walletId, walletId), eq(walletChanges.field, 'address')))
        .orderBy(desc(walletChanges.createdAt), desc(walletChanges.id))
        .limit(addressHistoryLength);
    },

    /** The pool setting `min_payout_satoshis` as stored (text of the JSON value), or null when unset. */
    async storedPoolMinimum(poolId: string): Promise<string | null> {
      const [row] = await db
        .select({ value: sql<string | null>`${pools.settings}->>'min_payout_satoshis'` })
        .from(pools)
        .where(eq(pools.id, poolId));
      return row?.value ?? null;
    },

    /**
     * Applies the change `decide` makes of the wallet as it is now, with the payout stop and its
     * history row, in one transaction. The row is locked first, so two changes at once are decided
     * one after the other, each on what the other left. `decide` answers undefined for no change
     * (nothing is written) and throws to refuse (nothing is written either).
     */
    async change(
      walletId: string,
      decide: (wallet: WalletRow) => WalletChange | undefined,
      { author, at, stoppedUntil }: { author: ChangeAuthor; at: Date; stoppedUntil: Date },
    ): Promise<WalletRow | undefined> {
      return db.transaction(async (tx) => {
        const [locked] = await tx.select().from(wallets).where(eq(wallets.id, walletId)).for('update');
        if (!locked) return undefined;
        const change = decide(locked);
        if (!change) return locked;
        const value =
          change.field === 'address'
            ? { address: change.value }
            : change.field === 'min_payment'
              ? { minPayment: change.value }
              : { maxPayment: change.value };
        const [updated] = await tx
          .update(wallets)
          .set({ ...value, payoutsStoppedUntil: stoppedUntil, updatedAt: at })
          .where(eq(wallets.id, walletId))
          .returning();
        await tx.insert(walletChanges).values({
          walletId,
          field: change.field,
          value: String(change.value),
          changedBy: author.identityId,
          changedByEmail: author.email,
          ipAddress: author.ip,
          createdAt: at,
        });
        return updated;
      });
    },
  };
}

export type WalletRepository = ReturnType<typeof walletRepository>;
