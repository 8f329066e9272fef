import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Drizzle } from '@pool/db/database';
import type { Section } from '@pool/contract/access';
import type { Watcher } from '@pool/contract/watchers';
import { miners, watchers, type AppSchema } from '../../db/schema.ts';

/** 256 random bits: a watcher link can be neither guessed nor enumerated. */
export function newWatcherToken(): string {
  return randomBytes(32).toString('base64url');
}

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
    token: watchers.token,
    name: watchers.name,
    access: watchers.access,
    minerId: watchers.minerId,
    accountName: miners.accountName,
    createdAt: watchers.createdAt,
    createdBy: watchers.createdBy,
  };
  const toWatcher = (row: {
    id: string;
    token: string;
    name: string;
    access: Section[];
    minerId: string;
    accountName: string;
    createdAt: Date;
  }): Watcher => ({
    id: row.id,
    token: row.token,
    name: row.name,
    access: row.access,
    miner_id: row.minerId,
    account_name: row.accountName,
    created_at: row.createdAt.toISOString(),
  });
  const select = () => db.select(columns).from(watchers).innerJoin(miners, eq(miners.id, watchers.minerId));

  return {
    async create(input: { minerId: string; name: string; access: Section[]; createdBy: string }): Promise<Watcher> {
      const [row] = await db
        .insert(watchers)
        .values({ ...input, token: newWatcherToken() })
        .returning({ id: watchers.id });
      if (!row) throw new Error('inserting a watcher returned no row');
      const [created] = await select().where(eq(watchers.id, row.id));
      if (!created) throw new Error('the new watcher was not found');
      return toWatcher(created);
    },

    async ofMiner(minerId: string): Promise<Watcher[]> {
      return (await select().where(eq(watchers.minerId, minerId)).orderBy(desc(watchers.createdAt))).map(toWatcher);
    },

    async createdBy(userId: string): Promise<Watcher[]> {
      return (await select().where(eq(watchers.createdBy, userId)).orderBy(desc(watchers.createdAt))).map(toWatcher);
    },

    async minerOf(watcherId: string): Promise<string | undefined> {
      const [row] = await db.select({ minerId: watchers.minerId }).from(watchers).where(eq(watchers.id, watcherId));
      return row?.minerId;
    },

    async delete(watcherId: string): Promise<void> {
      await db.delete(watchers).where(eq(watchers.id, watcherId));
    },

    /** Deletes a watcher its creator names by token; false when they created no such watcher. */
    async deleteCreatedBy(userId: string, token: string): Promise<boolean> {
      const deleted = await db
        .delete(watchers)
        .where(and(eq(watchers.createdBy, userId), eq(watchers.token, token)))
        .returning({ id: watchers.id });
      return deleted.length > 0;
    },

    async byToken(token: string): Promise<WatcherGrant | undefined> {
      const [row] = await select().where(eq(watchers.token, token));
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
