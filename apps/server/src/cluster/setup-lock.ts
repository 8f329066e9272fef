import type { Database } from '@pool/db/database';

/**
 * Runs the start's one-time work (migrations, the pool config, the demo's seeding, the identity
 * service's migrations) one process at a time on PostgreSQL: a cluster's processes, or servers on
 * several machines sharing the database, start together, and the second finds the work done.
 * Each process still runs it, so no process serves before the database is ready for it.
 */
export async function oneStartAtATime<T>(database: Database, work: () => Promise<T>): Promise<T> {
  const { driver } = database;
  if (driver.kind !== 'postgres') return work();
  const connection = await driver.pool.connect();
  try {
    await connection.query('select pg_advisory_lock(hashtext($1))', ['pool-start']);
    return await work();
  } finally {
    await connection.query('select pg_advisory_unlock(hashtext($1))', ['pool-start']).catch(() => {});
    connection.release();
  }
}
