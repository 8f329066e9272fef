import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from './database.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** Both kinds of database every data test runs on (architecture note, "Data"). */
export const testDatabaseKinds: readonly TestDatabaseKind[] = ['pglite', 'postgres'];

export function testDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/**
 * A fresh, empty database: PGlite in memory, or a new database on the test PostgreSQL server that
 * is dropped again on close, so test files never see each other's rows.
 */
export async function openTestDatabase(kind: TestDatabaseKind): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ inMemory: true });
  const serverUrl = testDatabaseUrl();
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
