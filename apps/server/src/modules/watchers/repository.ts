import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Drizzle } from '@pool/db/database';
import { managingRoles, type Section } from '@pool/contract/access';
import type { CreatedWatcher, Watcher } from '@pool/contract/watchers';
import { miners, permissions, users, watchers, type AppSchema } from '../../db/schema.ts';

/** 256 random bits: a watcher link can be neither guessed nor enumerated. */
export function newWatcherToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, so a reader of the table holds no working link. */
export const hashWatcherToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface WatcherGrant {
  watcherId: string;
  name: string;
  minerId: string;
  accountName: string;
  access: Section[];
}

export function watcherRepository(db: Drizzle<AppSchema>) {
  const columns = {
    id: watchers.id,
    name: watchers.name,
    access: watchers.access,
    minerId: watchers.minerId,
    accountName: miners.accountName,
    createdAt: watchers.createdAt,
    creatorId: users.id,
    creatorEmail: users.email,
  };
  const toWatcher = (row: {
    id: string;
    name: string;
    access: Section[];
    minerId: string;
    accountName: string;
    createdAt: Date;
    creatorId: string | null;
    creatorEmail: string | null;
  }): Watcher => ({
    id: row.id,
    name: row.name,
    access: row.access,
    miner_id: row.minerId,
    account_name: row.accountName,
    created_at: row.createdAt.toISOString(),
    created_by: row.creatorId && row.creatorEmail ? { id: row.creatorId, email: row.creatorEmail } : null,
  });
  const select = () =>
    db
      .select(columns)
      .from(watchers)
      .innerJoin(miners, eq(miners.id, watchers.minerId))
      .leftJoin(users, eq(users.id, watchers.createdBy));

  /**
   * A link lives only as long as its creator manages the watched miner: owner or admin through the
   * miner, its operator or its pool. Whoever loses that (removed, demoted, deleted) takes their
   * links down with them at once, whatever else cleans up after them.
   */
  const creatorManages = and(
    isNull(miners.deletedAt),
    exists(
      db
        .select({ one: sql`1` })
        .from(permissions)
        .where(
          and(
            eq(permissions.userId, watchers.createdBy),
            inArray(permissions.role, [...managingRoles]),
            or(
              and(eq(permissions.type, 'miner'), eq(permissions.accountId, miners.id)),
              and(eq(permissions.type, 'operator'), eq(permissions.accountId, miners.operatorId)),
              and(eq(permissions.type, 'pool'), eq(permissions.accountId, miners.poolId)),
            ),
          ),
        ),
    ),
  );

  return {
    /** The answer carries the token: the one time it is seen, since only its hash is stored. */
    async create(input: {
      minerId: string;
      name: string;
      access: Section[];
      createdBy: string;
    }): Promise<CreatedWatcher> {
      const token = newWatcherToken();
      const [row] = await db
        .insert(watchers)
        .values({ ...input, tokenHash: hashWatcherToken(token) })
        .returning({ id: watchers.id });
      if (!row) throw new Error('inserting a watcher returned no row');
      const [created] = await select().where(eq(watchers.id, row.id));
      if (!created) throw new Error('the new watcher was not found');
      return { ...toWatcher(created), token };
    },

    /** Every link of the miner, with who made it, so its managers can see and delete each one. */
    async ofMiner(minerId: string): Promise<Watcher[]> {
      return (await select().where(eq(watchers.minerId, minerId)).orderBy(desc(watchers.createdAt))).map(toWatcher);
    },

    /** The links the person made on miners they still manage. */
    async createdBy(userId: string): Promise<Watcher[]> {
      return (
        await select()
          .where(and(eq(watchers.createdBy, userId), creatorManages))
          .orderBy(desc(watchers.createdAt))
      ).map(toWatcher);
    },

    async minerOf(watcherId: string): Promise<string | undefined> {
      const [row] = await db.select({ minerId: watchers.minerId }).from(watchers).where(eq(watchers.id, watcherId));
      return row?.minerId;
    },

    async delete(watcherId: string): Promise<void> {
      await db.delete(watchers).where(eq(watchers.id, watcherId));
    },

    /** Deletes a watcher its creator names by token; the id of what was deleted, if anything. */
    async deleteCreatedBy(userId: string, token: string): Promise<string | undefined> {
      const [deleted] = await db
        .delete(watchers)
        .where(and(eq(watchers.createdBy, userId), eq(watchers.tokenHash, hashWatcherToken(token))))
        .returning({ id: watchers.id });
      return deleted?.id;
    },

    async byToken(token: string): Promise<WatcherGrant | undefined> {
      const [row] = await select().where(and(eq(watchers.tokenHash, hashWatcherToken(token)), creatorManages));
      return (
        row && {
          watcherId: row.id,
          name: row.name,
          minerId: row.minerId,
          accountName: row.accountName,
          access: row.access,
        }
      );
    },
  };
}

export type WatcherRepository = ReturnType<typeof watcherRepository>;
