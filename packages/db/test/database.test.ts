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
