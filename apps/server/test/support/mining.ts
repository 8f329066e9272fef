import type { Database } from '@pool/db/database';
import { applyMigrations } from '@pool/db/database';
import { openTestDatabase, type TestDatabaseKind } from '@pool/db/testing';
import { schema } from '../../src/db/schema.ts';
import { seedDemo } from '../../src/demo/seed.ts';
import { appMigrations } from '../../src/server.ts';

export interface MiningTestDatabase {
  database: Database;
  pool: { id: string; name: string };
  /** Demo miners by account name. */
  miners: Record<string, string>;
  operatorId: string;
}

/** A migrated database with the demo pool's accounts and no mining data. */
export async function miningTestDatabase(kind: TestDatabaseKind): Promise<MiningTestDatabase> {
  const database = await openTestDatabase(kind);
  await applyMigrations(database, appMigrations);
  const [pool] = await database.query<{ id: string }>(
    `insert into app.pools (name, is_current, addresses, settings, page_settings)
     values ('Test pool', true, '[]', '{"default_language":"en","available_languages":["en"]}',
             '{"tax_calculator":false,"mining_report":false,"extra_currencies":[],"app_theme":"default"}') returning id`,
  );
  if (!pool) throw new Error('no pool');
  await seedDemo(database.orm(schema), pool.id);
  const miners = Object.fromEntries(
    (await database.query<{ id: string; account_name: string }>('select id, account_name from app.miners')).map(
      (row) => [row.account_name, row.id],
    ),
  );
  const [operator] = await database.query<{ id: string }>('select id from app.operators');
  return { database, pool: { id: pool.id, name: 'Test pool' }, miners, operatorId: operator?.id ?? '' };
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
