import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Drizzle } from '@pool/db/database';
import type { Language } from '@pool/contract/languages';
import type { Navigation, User } from '@pool/contract/identity';
import type { Permission } from '@pool/contract/accounts';
import { flagsOf, roleAccessOf } from '@pool/contract/access';
import { miners, operators, permissions, pools, users, type AppSchema } from '../../db/schema.ts';

export function userRepository(db: Drizzle<AppSchema>) {
  return {
    /**
     * The product user of an identity, created on first sight. The e-mail follows the identity's,
     * which is where a person changes it. Writes only when the row is missing or its e-mail changed,
     * since the policy plugin calls it for every person it admits.
     */
    async ensure(id: string, email: string): Promise<void> {
      await db
        .insert(users)
        .values({ id, email })
        .onConflictDoUpdate({ target: users.id, set: { email }, setWhere: ne(users.email, email) });
    },

    async find(id: string): Promise<User | undefined> {
      const [row] = await db
        .select({ id: users.id, email: users.email, language: users.language })
        .from(users)
        .where(eq(users.id, id));
      return row && { id: row.id, email: row.email, language: row.language ?? null };
    },

    async setLanguage(id: string, language: Language): Promise<void> {
      await db.update(users).set({ language }).where(eq(users.id, id));
    },

    async navigation(id: string): Promise<Navigation> {
      const [row] = await db.select({ navigation: users.navigation }).from(users).where(eq(users.id, id));
      return row?.navigation ?? { bookmarks: [] };
    },

    async setNavigation(id: string, navigation: Navigation): Promise<void> {
      await db.update(users).set({ navigation }).where(eq(users.id, id));
    },

    async delete(id: string): Promise<void> {
      await db.delete(users).where(eq(users.id, id));
    },

    /** The user's permissions with the name of each account, ordered pool, operator, miner, platform. */
    async permissions(userId: string): Promise<Permission[]> {
      const rows = await db
        .select()
        .from(permissions)
        .where(eq(permissions.userId, userId))
        .orderBy(permissions.createdAt);
      const idsOf = (type: string) => rows.filter((row) => row.type === type).map((row) => row.accountId);
      const [minerRows, operatorRows, poolRows] = await Promise.all([
        idsOf('miner').length
          ? db
              .select({ id: miners.id, name: miners.accountName })
              .from(miners)
              .where(inArray(miners.id, idsOf('miner')))
          : [],
        idsOf('operator').length
          ? db
              .select({ id: operators.id, name: operators.operatorName })
              .from(operators)
              .where(inArray(operators.id, idsOf('operator')))
          : [],
        idsOf('pool').length
          ? db
              .select({ id: pools.id, name: pools.name })
              .from(pools)
              .where(inArray(pools.id, idsOf('pool')))
          : [],
      ]);
      const names = new Map([...minerRows, ...operatorRows, ...poolRows].map((row) => [row.id, row.name]));
      return rows.flatMap((row): Permission[] => {
        const base = {
          id: row.id,
          account_id: row.accountId,
          role: row.role,
          flags: flagsOf(roleAccessOf(row.type, row.role), row.totalFeeHide),
        };
        const name = names.get(row.accountId);
        switch (row.type) {
          case 'platform':
            return [{ ...base, type: 'platform' }];
          case 'pool':
            return name === undefined ? [] : [{ ...base, type: 'pool', pool_name: name }];
          case 'operator':
            return name === undefined ? [] : [{ ...base, type: 'operator', operator_name: name }];
          case 'miner':
            return name === undefined ? [] : [{ ...base, type: 'miner', account_name: name }];
        }
      });
    },

    async grant(
      userId: string,
      grant: { type: Permission['type']; accountId: string; role: Permission['role'] },
    ): Promise<void> {
      await db
        .insert(permissions)
        .values({ userId, ...grant })
        .onConflictDoNothing();
    },

    async hasPermission(userId: string, type: Permission['type'], accountId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: permissions.id })
        .from(permissions)
        .where(and(eq(permissions.userId, userId), eq(permissions.type, type), eq(permissions.accountId, accountId)));
      return row !== undefined;
    },
  };
}

export type UserRepository = ReturnType<typeof userRepository>;
