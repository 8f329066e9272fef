import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../src/database.ts';
import { openTestDatabase, testDatabaseKinds } from '../src/testing.ts';

describe.each(testDatabaseKinds)('database on %s', (kind) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('answers a ping and runs SQL', async () => {
    database = await openTestDatabase(kind);
    await database.ping();
    expect(database.description).toMatch(kind === 'pglite' ? /PGlite/ : /PostgreSQL/);
  });

  it('runs a hot statement as a plain one, and on PostgreSQL plans it once per connection', async () => {
    database = await openTestDatabase(kind);
    const text = 'select $1::int + 1 as next';
    for (let n = 0; n < 8; n += 1) expect(await database.queryOften(text, [n])).toEqual([{ next: n + 1 }]);
    if (kind === 'pglite') return;
    // Run one after another, the calls reuse the pool's one idle connection, which this asks too.
    const [prepared] = await database.query<{ statements: number; plans: number; generic: number }>(
      `select count(*)::int as statements, sum(custom_plans + generic_plans)::int as plans, sum(generic_plans)::int as generic
       from pg_prepared_statements where statement = $1`,
      [text],
    );
    expect(prepared).toEqual({ statements: 1, plans: 8, generic: 3 });
  });
});

describe('PGlite data directory', () => {
  it('keeps rows across a close and a reopen', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pool-db-'));
    try {
      const first = await openDatabase({ dataDir });
      if (first.driver.kind !== 'pglite') throw new Error('expected PGlite');
      await first.driver.pglite.exec('create table kept (value int); insert into kept values (42);');
      await first.close();
      const second = await openDatabase({ dataDir });
      if (second.driver.kind !== 'pglite') throw new Error('expected PGlite');
      const result = await second.driver.pglite.query<{ value: number }>('select value from kept');
      expect(result.rows).toEqual([{ value: 42 }]);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
