import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@pool/db/testing';
import { flushWrites } from '../src/modules/mining/engine/flush-writes.ts';
import { miningTestDatabase, type MiningTestDatabase } from './support/mining.ts';

/** Enough workers to fill several pages of the table. */
const workerCount = 400;

/**
 * After its flushes, the ingest writes each active worker's first and last share times. PostgreSQL writes
 * such an update without touching the table's 16 indexes only when the new version of the row
 * fits on the row's own page, and no index holds a column it changes (migration 0017): the
 * cheapest write of the whole ingest, measured in bench:mining.
 */
describe.each(testDatabaseKinds)("the workers table's pages on %s", (kind) => {
  let t: MiningTestDatabase;
  const pageOf = async () =>
    new Map(
      (
        await t.database.query<{ id: number; page: string }>(
          `select id, split_part(trim(both '()' from ctid::text), ',', 1) as page from app.workers`,
        )
      ).map((row) => [row.id, row.page]),
    );

  beforeAll(async () => {
    t = await miningTestDatabase(kind);
    const miner = await t.factory.newMiner({ accountName: 'pages_farm' });
    await t.database.query(
      `insert into app.workers (pool_id, miner_id, worker_name)
       select $1, $2, 'rig-' || n from generate_series(1, $3::int) as n`,
      [t.pool.id, miner.id, workerCount],
    );
  });
  afterAll(async () => {
    await t?.database.close();
  });

  it("keeps room on each page, so an update of the share times stays on the worker's own page", async () => {
    const before = await pageOf();
    expect(new Set(before.values()).size).toBeGreaterThan(2);

    // A quarter of the workers mined, spread over every page, as a flush finds them.
    const mined = [...before.keys()].filter((_, position) => position % 4 === 0);
    const at = Date.parse('2026-05-04T10:00:00Z');
    await flushWrites(t.database).storeWorkerActivity(
      mined.map((owner) => ({ owner, firstShareAt: at, lastShareAt: at + 1000 })),
    );

    const after = await pageOf();
    const [written] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from app.workers where last_share_at is not null',
    );
    expect(written?.n).toBe(mined.length);
    expect(mined.filter((id) => after.get(id) !== before.get(id))).toEqual([]);
  });

  it('has no index on the share times a flush writes', async () => {
    const indexed = await t.database.query<{ column: string }>(
      `select distinct a.attname as column
       from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
       where i.indrelid = 'app.workers'::regclass`,
    );
    const columns = indexed.map((row) => row.column);
    expect(columns).toContain('hash_rate_1h');
    expect(columns).not.toContain('first_share_at');
    expect(columns).not.toContain('last_share_at');
  });
});
