import { eq } from 'drizzle-orm';
import type { Drizzle } from '@pool/db/database';
import type { PoolAddress, PoolSettings, StoredPageSettings, StoredPoolConfig } from '@pool/contract/pool-config';
import { pools, type AppSchema } from '../../db/schema.ts';

export interface NewPool {
  name: string;
  addresses: PoolAddress[];
  settings: PoolSettings;
  pageSettings: StoredPageSettings;
}

export function poolConfigRepository(db: Drizzle<AppSchema>) {
  return {
    async findCurrent(): Promise<(StoredPoolConfig & { id: string }) | undefined> {
      const [row] = await db.select().from(pools).where(eq(pools.isCurrent, true)).limit(1);
      if (!row) return undefined;
      return {
        id: row.id,
        name: row.name,
        addresses: row.addresses,
        settings: row.settings,
        page_settings: row.pageSettings,
      };
    },

    async insertCurrent(pool: NewPool): Promise<string> {
      const [row] = await db
        .insert(pools)
        .values({ ...pool, isCurrent: true })
        .returning({ id: pools.id });
      if (!row) throw new Error('inserting the current pool returned no row');
      return row.id;
    },

    async updateAddresses(id: string, addresses: PoolAddress[]): Promise<void> {
      await db.update(pools).set({ addresses }).where(eq(pools.id, id));
    },
  };
}

export type PoolConfigRepository = ReturnType<typeof poolConfigRepository>;
