import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@pool/db/testing';
import type { WorkerListQuery } from '@pool/contract/mining';
import { flushWrites } from '../src/modules/mining/engine/flush-writes.ts';
import { rollupWrites } from '../src/modules/mining/engine/rollup-writes.ts';
import { miningReadRepository, type WorkerRecord } from '../src/modules/mining/read/read-repository.ts';
import { miningTestDatabase, type MiningTestDatabase } from './support/mining.ts';

/** Enough workers to fill several pages of the table. */
const workerCount = 400;

/**
 * After its flushes, the ingest writes each active worker's first and last share times. PostgreSQL writes
 * such an update without touching the table's indexes only when the new version of the row fits
 * on the row's own page, and no index holds a column it changes (migration 0017): the cheapest
 * write of the whole ingest, measured in bench:mining. The windows' figures, which change every
 * minute and are indexed for the lists, live in tables of their own (migration 0018).
 */
describe.each(testDatabaseKinds)("the workers table's pages on %s", (kind) => {
  let t: MiningTestDatabase;
  let minerId: string;
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
    minerId = miner.id;
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
    expect(columns).toContain('worker_name');
    expect(columns).not.toContain('first_share_at');
    expect(columns).not.toContain('last_share_at');
  });

  it("lists a scope's workers in the order of each window's figures, with ties broken by id", async () => {
    // Few distinct values, so that ties are many; a tenth of the workers show no 1-hour figures.
    await t.database.query('update app.worker_figures_15m set hash_rate = worker_id % 7, reject_pct = worker_id % 3');
    await t.database.query('update app.worker_figures_1h set hash_rate = worker_id % 5 where worker_id % 10 > 0');
    await t.database.query('update app.worker_figures_24h set hash_rate = (worker_id * 7) % 11');
    const read = miningReadRepository(t.database);
    const keys: Record<Exclude<WorkerListQuery['sort'], 'worker_name'>, (worker: WorkerRecord) => number> = {
      hash_rate_15m: (worker) => worker.hashRate15m,
      reject_pct_15m: (worker) => worker.rejectPct15m,
      hash_rate_1h: (worker) => worker.hashRate1h,
      hash_rate_24h: (worker) => worker.hashRate24h,
    };
    const scopes = [
      { column: 'miner_id', ids: [minerId] },
      { column: 'pool_id', ids: [t.pool.id, crypto.randomUUID()] },
    ] as const;
    for (const scope of scopes) {
      for (const [sort, key] of Object.entries(keys) as [keyof typeof keys, (worker: WorkerRecord) => number][]) {
        for (const direction of ['asc', 'desc'] as const) {
          const page = async (number: number) =>
            (
              await read.listWorkers(
                { column: scope.column, ids: [...scope.ids] },
                { sort, direction, page: number, per_page: 150 },
                Date.now(),
              )
            ).items;
          const listed = [...(await page(1)), ...(await page(2)), ...(await page(3))];
          const sign = direction === 'asc' ? 1 : -1;
          const expected = [...listed].sort((a, b) => sign * (key(a) - key(b) || a.id - b.id));
          expect(
            listed.map((worker) => worker.id),
            `${scope.column} ${sort} ${direction}`,
          ).toEqual(expected.map((worker) => worker.id));
          expect(new Set(listed.map((worker) => worker.id)).size).toBe(workerCount);
        }
      }
    }
  });

  it('gives every worker a row in each window, and writes the figures without writing the worker rows', async () => {
    const figureRows = async () =>
      Promise.all(
        ['15m', '1h', '24h'].map(async (window) => {
          const [row] = await t.database.query<{ n: number }>(
            `select count(*)::int as n from app.worker_figures_${window} f join app.workers w on w.id = f.worker_id
             where f.miner_id = w.miner_id and f.pool_id = w.pool_id and f.operator_id is not distinct from w.operator_id`,
          );
          return row?.n;
        }),
      );
    expect(await figureRows()).toEqual([workerCount, workerCount, workerCount]);

    const versions = async () =>
      (await t.database.query<{ version: string }>('select xmin::text as version from app.workers order by id')).map(
        (row) => row.version,
      );
    // A third of the workers mined one minute: 4,096 accepted and 1,024 rejected difficulty.
    const to = Date.parse('2026-05-04T10:15:00Z');
    const minute = new Date(to - 60_000).toISOString();
    await t.database.query(
      `insert into app.worker_hashrate_1m (worker_id, bucket_start, accepted_difficulty, rejected_difficulty, accepted_shares, rejected_shares)
       select id, $1::timestamptz, 4096, 1024, 1, 1 from app.workers where id % 3 = 0`,
      [minute],
    );
    await t.database.query('update app.workers set last_share_at = $1 where id % 3 = 0', [minute]);
    const before = await versions();
    expect(await rollupWrites(t.database).refreshWorkerStats('15m', to - 15 * 60_000, to)).toBeGreaterThan(0);
    const figures = await t.database.query<{ id: number; hash_rate: number; shares: number; reject_pct: number }>(
      `select worker_id as id, hash_rate, shares, reject_pct from app.worker_figures_15m where worker_id % 3 = 0`,
    );
    expect(figures.length).toBeGreaterThan(workerCount / 4);
    for (const row of figures) {
      expect(row).toEqual({ id: row.id, hash_rate: (4096 * 2 ** 32) / 900, shares: 1, reject_pct: 20 });
    }
    expect(await versions()).toEqual(before);

    // A worker removed takes its figures with it.
    await t.database.query("delete from app.workers where worker_name = 'rig-1'");
    expect(await figureRows()).toEqual([workerCount - 1, workerCount - 1, workerCount - 1]);
  });
});
