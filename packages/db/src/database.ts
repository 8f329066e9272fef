import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * One PostgreSQL database shared by the product API and the identity service, each in its own
 * schema. Embedded PGlite by default; a real PostgreSQL when a URL is given. The raw driver is kept
 * so each app can build a drizzle instance typed with its own tables.
 */
export type DatabaseDriver =
  { readonly kind: 'pglite'; readonly pglite: PGlite } | { readonly kind: 'postgres'; readonly pool: pg.Pool };

export type Drizzle<TSchema extends Record<string, unknown> = Record<string, never>> = PgDatabase<
  PgQueryResultHKT,
  TSchema
>;

export interface Database {
  readonly driver: DatabaseDriver;
  /** Human description for logs: "PGlite in ./data" or "PostgreSQL at host:port/db". */
  readonly description: string;
  orm<TSchema extends Record<string, unknown>>(schema: TSchema): Drizzle<TSchema>;
  /** Plain parameterised SQL, for operators' scripts, tests and what drizzle cannot say. */
  query<Row extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /**
   * The same as a named prepared statement on PostgreSQL, planned once per connection and text:
   * for hot reads whose planning costs more than their run. After five runs PostgreSQL may keep
   * one generic plan for every parameter, so it suits queries whose best plan does not depend on
   * them. PGlite plans each time.
   */
  prepared<Row extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseLocation = { url: string } | { dataDir: string } | { inMemory: true };

export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  if ('url' in location) return openPostgres(location.url);
  const pglite = 'dataDir' in location ? await PGlite.create({ dataDir: location.dataDir }) : await PGlite.create();
  // PGlite keeps no prepared statements between queries: `prepared` plans each time, as `query` does.
  const pgliteQuery = async <Row extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await pglite.query<Row>(text, params)).rows;
  return {
    driver: { kind: 'pglite', pglite },
    description: 'dataDir' in location ? `PGlite in ${location.dataDir}` : 'PGlite in memory',
    orm: (schema) => drizzlePglite({ client: pglite, schema, casing: 'snake_case' }),
    query: pgliteQuery,
    prepared: pgliteQuery,
    ping: async () => {
      await pglite.query('select 1');
    },
    close: () => pglite.close(),
  };
}

/** A prepared statement's name: one per text, as node-postgres requires of a name on a connection. */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `s${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // The server can cut an idle pooled connection (a restart, a failover, a test dropping its
  // database); the pool opens a new one on the next query, so this is no reason to crash.
  pool.on('error', () => {});
  const parsed = new URL(url);
  const database: Database = {
    driver: { kind: 'postgres', pool },
    description: `PostgreSQL at ${parsed.host}${parsed.pathname}`,
    orm: (schema) => drizzlePostgres({ client: pool, schema, casing: 'snake_case' }),
    query: async <Row extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
      (await pool.query<Row>(text, params)).rows,
    prepared: async <Row extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
      (await pool.query<Row>({ name: statementName(text), text, values: params })).rows,
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
  await database.ping();
  return database;
}

export interface MigrationSet {
  /** Folder written by drizzle-kit (SQL files and meta/_journal.json). */
  readonly folder: string;
  /** Names the set's journal, `drizzle.<name>_migrations`; also keys the advisory lock. */
  readonly name: string;
}

const journalSchema = 'drizzle';
const journalTable = (set: MigrationSet) => `${set.name}_migrations`;

/**
 * Applies a migration set. On PostgreSQL an advisory lock keyed by the set's name makes two
 * processes starting together apply each migration once.
 */
export async function applyMigrations(database: Database, set: MigrationSet): Promise<void> {
  const config = {
    migrationsFolder: set.folder,
    migrationsSchema: journalSchema,
    migrationsTable: journalTable(set),
  };
  const { driver } = database;
  if (driver.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: driver.pglite }), config);
    return;
  }
  const connection = await driver.pool.connect();
  try {
    await connection.query('select pg_advisory_lock(hashtext($1))', [set.name]);
    await migratePostgres(drizzlePostgres({ client: connection }), config);
  } finally {
    await connection.query('select pg_advisory_unlock(hashtext($1))', [set.name]).catch(() => {});
    connection.release();
  }
}

/** True when every migration of the set has been applied (readiness probe). */
export async function migrationsApplied(database: Database, set: MigrationSet): Promise<boolean> {
  const { readMigrationFiles } = await import('drizzle-orm/migrator');
  const expected = readMigrationFiles({ migrationsFolder: set.folder }).length;
  try {
    const rows = await database.query<{ applied: number }>(
      `select count(*)::int as applied from "${journalSchema}"."${journalTable(set)}"`,
    );
    return (rows[0]?.applied ?? 0) >= expected;
  } catch {
    return false;
  }
}
