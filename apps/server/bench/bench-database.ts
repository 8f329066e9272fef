import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '@pool/db/database';
import type { IdentityPublicClient } from '../src/identity-client/session.ts';

/** The PostgreSQL server the benches create their databases on. */
export const benchServerUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A database of the bench's own, named `<prefix>_<time>_<random>`, and how to drop it. */
export async function createBenchDatabase(
  prefix: string,
): Promise<{ database: Database; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: benchServerUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(benchServerUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: benchServerUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

/** The p-th percentile of latencies sorted ascending. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/**
 * The identity service as the benches need it: one signed-in person, `session=<cookie>`, whose
 * whoami costs nothing, so that a figure measures the product's own work.
 */
export function benchIdentity(cookie: string, id: string, email: string): IdentityPublicClient {
  return {
    whoami: async (header) =>
      header === `session=${cookie}`
        ? {
            status: 'active',
            session: {
              id: 'bench',
              authenticated_at: new Date().toISOString(),
              authenticator_assurance_level: 'aal1',
              authentication_methods: [],
              identity: { id, traits: { email } },
            },
          }
        : { status: 'anonymous' },
  };
}
