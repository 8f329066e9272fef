import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@pool/db/testing';
import { miningEngine, type MiningEngine } from '../src/modules/mining/engine/engine.ts';
import type { EngineEvent } from '../src/modules/mining/events.ts';
import { resolutionSpecs } from '../src/modules/mining/resolutions.ts';
import type { TestMiner, TestOperator } from './support/factory.ts';
import { fakeClock, miningTestDatabase, type MiningTestDatabase } from './support/mining.ts';

const minute = 60_000;

describe.each(testDatabaseKinds)('mining engine on %s', (kind) => {
  let t: MiningTestDatabase;
  let engine: MiningEngine;
  /** Carol's miner is the operator's customer, so her shares count for it and for the pool too. */
  let operator: TestOperator;
  let carol: TestMiner;
  const clock = fakeClock('2026-03-01T23:40:30Z');
  const events: EngineEvent[] = [];
  let batch = 0;

  const share = (worker: string, at: number, difficulty = 1000, accepted = true, account = 'carol_farm') => ({
    pool: 'Test pool',
    account_name: account,
    worker_name: worker,
    difficulty,
    accepted,
    at: new Date(at).toISOString(),
  });
  const submit = (shares: unknown[], batchId = `b${(batch += 1)}`) => engine.submit({ batchId, events: shares });
  // The engine's output is its tables: these reads check what it stored, roll-up by roll-up.
  const sum = async (sql: string, params: unknown[] = []) =>
    Number((await t.database.query<{ total: number | null }>(sql, params))[0]?.total ?? 0);

  beforeAll(async () => {
    t = await miningTestDatabase(kind);
    operator = await t.factory.newOperator();
    carol = await t.factory.newMiner({ operator, accountName: 'carol_farm' });
    engine = miningEngine({ database: t.database, pool: t.pool, clock: clock.now, flushInterval: 0, tickInterval: 0 });
    engine.events.subscribe((event) => events.push(event));
    await engine.start();
    // Half an hour of shares across midnight, a minute at a time, closing buckets as time passes.
    for (let step = 0; step < 30; step += 1) {
      clock.advance(minute);
      const now = clock.now();
      await submit([
        share('farm-01', now - 20_000, 1000 + step),
        share('farm-02', now - 15_000, 500),
        share('farm-02', now - 5_000, 500, false),
      ]);
      await engine.tick();
    }
  });
  afterAll(async () => {
    await engine?.stop();
    await t?.database.close();
  });

  it('rolls every resolution up to exactly the sum of its minutes, per worker and per account', async () => {
    expect(new Date(engine.closedThrough('P1D')).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    for (const spec of resolutionSpecs.filter((entry) => entry.finer)) {
      const mismatches = await t.database.query(
        `select b.worker_id, b.bucket_start from app.worker_hashrate_${spec.table} b
         where b.accepted_difficulty <> (select sum(m.accepted_difficulty) from app.worker_hashrate_1m m
           where m.worker_id = b.worker_id and m.bucket_start >= b.bucket_start
             and m.bucket_start < b.bucket_start + $1::int * interval '1 millisecond')
           or b.rejected_shares <> (select sum(m.rejected_shares) from app.worker_hashrate_1m m
           where m.worker_id = b.worker_id and m.bucket_start >= b.bucket_start
             and m.bucket_start < b.bucket_start + $1::int * interval '1 millisecond')`,
        [spec.width],
      );
      expect(mismatches, spec.name).toEqual([]);
      const accountRows = await sum(`select count(*)::int as total from app.account_hashrate_${spec.table}`);
      expect(accountRows, spec.name).toBeGreaterThan(0);
    }
    const dayOfCarol = await sum(
      `select accepted_difficulty as total from app.account_hashrate_1d where account_id = $1 and bucket_start = '2026-03-01T00:00:00Z'`,
      [carol.id],
    );
    const minutesOfCarol = await sum(
      `select sum(m.accepted_difficulty) as total from app.worker_hashrate_1m m join app.workers w on w.id = m.worker_id
       where w.miner_id = $1 and m.bucket_start < '2026-03-02T00:00:00Z'`,
      [carol.id],
    );
    expect(dayOfCarol).toBe(minutesOfCarol);
    // Carol is the operator's customer: the operator and the pool sum the same shares.
    for (const account of [operator.id, t.pool.id]) {
      expect(
        await sum(`select sum(accepted_difficulty) as total from app.account_hashrate_1m where account_id = $1`, [
          account,
        ]),
      ).toBe(await sum('select sum(accepted_difficulty) as total from app.worker_hashrate_1m'));
    }
  });

  it('writes the workers’ current figures as the average of their chart windows', async () => {
    const [row] = await t.database.query<{ hash_rate_15m: number; shares_15m: number; reject_pct_15m: number }>(
      `select f.hash_rate as hash_rate_15m, f.shares as shares_15m, f.reject_pct as reject_pct_15m
       from app.workers w join app.worker_figures_15m f on f.worker_id = w.id where w.worker_name = 'farm-02'`,
    );
    // farm-02 sends 500 accepted and 500 rejected difficulty every minute.
    expect(row?.shares_15m).toBe(15);
    expect(row?.hash_rate_15m).toBeCloseTo((15 * 500 * 2 ** 32) / 900, 3);
    expect(row?.reject_pct_15m).toBe(50);
  });

  it('counts a batch sent twice, or twice at once, only once', async () => {
    const now = clock.now();
    // A batch's shares reach the minute buckets with the background fold: wait for it each side.
    await engine.flush();
    const before = await sum(`select sum(accepted_shares) as total from app.worker_hashrate_1m`);
    const shares = [share('farm-03', now - 1000), share('farm-03', now - 2000)];
    const [first, concurrent] = await Promise.all([submit(shares, 'same'), submit(shares, 'same')]);
    const again = await submit(shares, 'same');
    expect(first).toMatchObject({ duplicate: false, accepted: 2 });
    expect(concurrent).toMatchObject({ duplicate: true, accepted: 2 });
    expect(again).toMatchObject({ duplicate: true, accepted: 2 });
    await engine.flush();
    expect(await sum(`select sum(accepted_shares) as total from app.worker_hashrate_1m`)).toBe(before + 2);
  });

  it('refuses malformed events with their reasons and still counts the rest of the batch', async () => {
    const now = clock.now();
    const result = await submit([
      share('farm-04', now - 1000),
      { ...share('farm-04', now), difficulty: -1 },
      share('farm-04', now - 60 * minute),
    ]);
    expect(result).toMatchObject({ accepted: 1, rejected: 2 });
    expect(result.rejections).toEqual([
      { index: 1, reason: 'invalid_difficulty' },
      { index: 2, reason: 'too_old' },
    ]);
    expect(engine.counters().rejected).toMatchObject({ invalid_difficulty: 1, too_old: 1 });
  });

  it('keeps the work of an account name no miner has, per name and UTC day, for unallocated funds', async () => {
    const now = clock.now();
    const result = await submit([
      share('rig-1', now - 2000, 300, true, 'nobody_here'),
      share('rig-2', now - 1000, 200, true, 'nobody_here'),
      share('rig-2', now - 1000, 700, false, 'nobody_here'),
    ]);
    expect(result).toMatchObject({ accepted: 3, rejected: 0, rejections: [] });
    // The table is what this checks: the ingest's sums for the reward run.
    const rows = await t.database.query<{
      account_name: string;
      day: string;
      accepted_difficulty: number;
      shares: number;
    }>(`select account_name, day::text as day, accepted_difficulty, shares from app.unallocated_hashrate_1d`);
    const day = new Date(now).toISOString().slice(0, 10);
    expect(rows).toEqual([{ account_name: 'nobody_here', day, accepted_difficulty: 500, shares: 2 }]);
    expect(await sum(`select count(*)::int as total from app.workers where worker_name in ('rig-1', 'rig-2')`)).toBe(0);
  });

  it('lands a late share in its own minute and recomputes the buckets that had closed', async () => {
    const late = clock.now() - 12 * minute;
    const lateMinute = new Date(late - (late % minute)).toISOString();
    const fiveMinutes = new Date(late - (late % (5 * minute))).toISOString();
    const query = (table: string, at: string) =>
      sum(
        `select b.accepted_difficulty as total from app.${table} b join app.workers w on w.id = b.worker_id
         where w.worker_name = 'farm-01' and b.bucket_start = $1`,
        [at],
      );
    const [minuteBefore, fiveBefore] = [
      await query('worker_hashrate_1m', lateMinute),
      await query('worker_hashrate_5m', fiveMinutes),
    ];
    await submit([share('farm-01', late, 7777)]);
    // Late corrections come with the next minute's close, as an on-time share's figures do.
    clock.advance(minute);
    await engine.tick();
    expect(await query('worker_hashrate_1m', lateMinute)).toBe(minuteBefore + 7777);
    expect(await query('worker_hashrate_5m', fiveMinutes)).toBe(fiveBefore + 7777);
    expect(
      await sum(
        `select accepted_difficulty as total from app.account_hashrate_5m where account_id = $1 and bucket_start = $2`,
        [carol.id, fiveMinutes],
      ),
    ).toBe(
      await sum(
        `select sum(b.accepted_difficulty) as total from app.worker_hashrate_5m b join app.workers w on w.id = b.worker_id where w.miner_id = $1 and b.bucket_start = $2`,
        [carol.id, fiveMinutes],
      ),
    );
  });

  it('announces closed buckets for the accounts that had shares, and status changes', async () => {
    const closed = events.filter((event) => event.type === 'buckets_closed' && event.resolution === 'PT5M');
    expect(closed.length).toBeGreaterThan(3);
    expect(closed.every((event) => event.type === 'buckets_closed' && event.accountIds.has(carol.id))).toBe(true);
    events.length = 0;
    clock.advance(10 * minute);
    await engine.tick();
    const changes = events.filter((event) => event.type === 'worker_status_changed');
    expect(
      changes.map((event) => event.type === 'worker_status_changed' && [event.workerName, event.from, event.to]).sort(),
    ).toEqual([
      ['farm-01', 'stable', 'unavailable'],
      ['farm-02', 'stable', 'unavailable'],
      ['farm-03', 'stable', 'unavailable'],
      ['farm-04', 'stable', 'unavailable'],
    ]);
    // The tick stores each account's counts, which list totals and status counts read.
    const [counts] = await t.database.query(
      `select workers_stable, workers_unavailable, workers_off, workers_removed from app.account_activity where account_id = $1`,
      [operator.id],
    );
    expect(counts).toEqual({ workers_stable: 0, workers_unavailable: 4, workers_off: 0, workers_removed: 0 });
  });

  it("lets a sharing worker's row trail by under 15 s, then catches it up once the worker is quiet", async () => {
    const now = clock.now();
    const stored = async () =>
      (
        await t.database.query<{ at: Date }>(
          `select last_share_at as at from app.workers where worker_name = 'farm-05'`,
        )
      )[0]?.at.getTime();
    await submit([share('farm-05', now - 10_000)]);
    await submit([share('farm-05', now - 2_000)]);
    // The rows move in the background: `flush` waits for them.
    await engine.flush();
    expect(await stored()).toBe(now - 10_000);
    clock.advance(20_000);
    await engine.tick();
    await engine.flush();
    expect(await stored()).toBe(now - 2_000);
  });

  it("catches a quiet worker's row up to its exact last share", async () => {
    const rows = await t.database.query<{ worker_name: string; last_share_at: Date }>(
      `select worker_name, last_share_at from app.workers where worker_name = 'farm-01'`,
    );
    const [lastShare] = await t.database.query<{ at: Date }>(
      `select max(bucket_start) as at from app.worker_hashrate_1m m join app.workers w on w.id = m.worker_id where w.worker_name = 'farm-01'`,
    );
    // farm-01 shared 20 s before each half-minute step: 10 s into the last minute it shared in.
    expect(rows[0]?.last_share_at.getTime()).toBe((lastShare?.at.getTime() ?? 0) + 10_000);
  });

  it('keeps each resolution only for its retention', async () => {
    clock.advance(3 * 60 * minute);
    await engine.tick();
    const oldest = async (table: string) =>
      (await t.database.query<{ at: Date | null }>(`select min(bucket_start) as at from app.${table}`))[0]?.at;
    expect(await oldest('worker_hashrate_1m')).toBeNull();
    expect(await oldest('worker_hashrate_5m')).toBeNull();
    expect(await oldest('worker_hashrate_20m')).not.toBeNull();
    expect(await oldest('account_hashrate_5m')).not.toBeNull();
    expect(await sum(`select count(*)::int as total from app.workers`)).toBe(5);
  });

  it("counts a worker's shares on a new row once retention deleted its old one", async () => {
    const before = await sum(`select count(*)::int as total from app.workers where worker_name = 'farm-01'`);
    expect(before).toBe(1);
    // Silent for over 36 days: retention deletes the row, and the names that found it must look again.
    clock.advance(37 * 24 * 60 * minute);
    await engine.tick();
    expect(await sum(`select count(*)::int as total from app.workers where worker_name = 'farm-01'`)).toBe(0);
    const result = await submit([share('farm-01', clock.now() - 1000, 4242)]);
    expect(result).toMatchObject({ accepted: 1, rejected: 0 });
    // The batch is answered once its flush commits; the minute buckets follow the log's fold.
    await engine.flush();
    expect(
      await sum(
        `select sum(m.accepted_difficulty) as total from app.worker_hashrate_1m m join app.workers w on w.id = m.worker_id
         where w.worker_name = 'farm-01'`,
      ),
    ).toBe(4242);
  });
});
