import { and, eq } from 'drizzle-orm';
import type { Drizzle } from '@pool/db/database';
import type { Miner, MinerLookup, OperatorLookup } from '@pool/contract/accounts';
import { brandColours } from '@pool/contract/pool-config-codes';
import { miners, operators, permissions, pools, watchers, type AppSchema } from '../../db/schema.ts';

export type CreateMinerOutcome = { created: Miner } | { refused: 'name_taken' | 'miner_already_exists' };

const uniqueViolation = '23505';

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === uniqueViolation;
}

function minerOf(row: typeof miners.$inferSelect): Miner {
  return {
    id: row.id,
    account_name: row.accountName,
    title: row.title,
    operator_id: row.operatorId,
    created_at: row.createdAt.toISOString(),
  };
}

export function accountRepository(db: Drizzle<AppSchema>) {
  async function findMiner(accountName: string) {
    const [row] = await db.select().from(miners).where(eq(miners.accountName, accountName));
    return row;
  }

  async function ownsAccount(userId: string, accountId: string): Promise<boolean> {
    const rows = await db
      .select({ id: permissions.id })
      .from(permissions)
      .where(and(eq(permissions.accountId, accountId), eq(permissions.userId, userId), eq(permissions.role, 'owner')));
    return rows.length > 0;
  }

  return {
    /** A miner account that is not closed. */
    async minerById(minerId: string): Promise<Miner | undefined> {
      const [row] = await db.select().from(miners).where(eq(miners.id, minerId));
      return row && !row.deletedAt ? minerOf(row) : undefined;
    },

    async lookupMiner(accountName: string): Promise<MinerLookup | undefined> {
      const row = await findMiner(accountName);
      return row && !row.deletedAt ? { id: row.id, account_name: row.accountName } : undefined;
    },

    async setTitle(minerId: string, title: string | null): Promise<void> {
      await db.update(miners).set({ title }).where(eq(miners.id, minerId));
    },

    /** Closes a miner account: its people and watchers lose access at once; its name stays taken. */
    async deleteMiner(minerId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(miners).set({ deletedAt: new Date() }).where(eq(miners.id, minerId));
        await tx.delete(permissions).where(and(eq(permissions.type, 'miner'), eq(permissions.accountId, minerId)));
        await tx.delete(watchers).where(eq(watchers.minerId, minerId));
      });
    },

    async lookupOperatorByTitle(title: string): Promise<OperatorLookup | undefined> {
      const [row] = await db
        .select({
          id: operators.id,
          operatorName: operators.operatorName,
          title: operators.title,
          pageSettings: pools.pageSettings,
        })
        .from(operators)
        .innerJoin(pools, eq(pools.id, operators.poolId))
        .where(eq(operators.title, title));
      if (!row) return undefined;
      const theme = row.pageSettings.app_theme;
      return {
        id: row.id,
        operator_name: row.operatorName,
        title: row.title,
        theme,
        logo_colour: brandColours[theme],
      };
    },

    /** Creates a miner of the pool owned by the user, in one transaction with its permission. */
    async createOwnedMiner(
      poolId: string,
      ownerId: string,
      accountName: string,
      operatorId: string | null = null,
    ): Promise<CreateMinerOutcome> {
      const existing = await findMiner(accountName);
      if (existing)
        return { refused: (await ownsAccount(ownerId, existing.id)) ? 'miner_already_exists' : 'name_taken' };
      try {
        const row = await db.transaction(async (tx) => {
          const [miner] = await tx.insert(miners).values({ poolId, accountName, operatorId }).returning();
          if (!miner) throw new Error('inserting a miner returned no row');
          await tx.insert(permissions).values({ userId: ownerId, type: 'miner', accountId: miner.id, role: 'owner' });
          return miner;
        });
        return { created: minerOf(row) };
      } catch (error) {
        if (isUniqueViolation(error)) return { refused: 'name_taken' };
        throw error;
      }
    },
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;
