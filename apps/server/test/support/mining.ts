import type { Database } from '@pool/db/database';
import type { TestDatabaseKind } from '@pool/db/testing';
import { migratedTestDatabase, testFactory, type TestFactory } from './factory.ts';

export interface MiningTestDatabase {
  database: Database;
  pool: { id: string; name: string };
  /** Makes the accounts and people a test mines for. */
  factory: TestFactory;
}

/** A migrated database with a test pool, no accounts and no mining data. */
export async function miningTestDatabase(kind: TestDatabaseKind): Promise<MiningTestDatabase> {
  const database = await migratedTestDatabase(kind);
  const factory = await testFactory(database);
  return { database, pool: { id: factory.pool.id, name: factory.pool.name }, factory };
}

/** A clock the test moves by hand. */
export function fakeClock(start: string | number) {
  let now = typeof start === 'number' ? start : Date.parse(start);
  return {
    now: () => now,
    set: (time: string | number) => {
      now = typeof time === 'number' ? time : Date.parse(time);
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}
