import type { Database } from '@pool/db/database';

/** Runs one parameterised statement; inside `transaction` it runs on the transaction's connection. */
export type Query = <Row extends Record<string, unknown>>(text: string, params?: unknown[]) => Promise<Row[]>;

/** One transaction on either driver: PGlite's own, or one pooled PostgreSQL connection. */
export async function transaction<T>(database: Database, work: (query: Query) => Promise<T>): Promise<T> {
  const { driver } = database;
  if (driver.kind === 'pglite') {
    return driver.pglite.transaction(async (tx) =>
      work(
        async <Row extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
          (await tx.query<Row>(text, params)).rows,
      ),
    );
  }
  const client = await driver.pool.connect();
  try {
    await client.query('begin');
    const result = await work(
      async <Row extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
        (await client.query<Row>(text, params)).rows,
    );
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

export const iso = (time: number): string => new Date(time).toISOString();
export const millisOf = (value: unknown): number | null =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.getTime()
      : typeof value === 'string'
        ? Date.parse(value)
        : null;

/**
 * SQL for the epoch milliseconds of a timestamptz column, read as a float8: the driver parses it as
 * a number, where a timestamptz is parsed from text into a Date on every row (a hot list's cost).
 */
export const millisSql = (column: string): string => `floor(extract(epoch from ${column}) * 1000)::float8`;

/** SQL for the timestamptz of an epoch-milliseconds expression (a bigint parameter or column). */
export const epochMs = (column: string): string => `(timestamptz 'epoch' + ${column} * interval '1 millisecond')`;
