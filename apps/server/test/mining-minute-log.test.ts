import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@pool/db/testing';
import { miningEngine, type MiningEngine } from '../src/modules/mining/engine/engine.ts';
import { fakeClock, miningTestDatabase, type MiningTestDatabase } from './support/mining.ts';

const minute = 60_000;

/**
 * Under load a flush appends its worker minutes to a log instead of upserting a row per worker,
 * and the log is folded into the minute buckets every few seconds: the shares must be in the
 * buckets before a bucket closes, and a writer that stops short must leave them to the next one,
 * folded exactly once.
 */
describe.each(testDatabaseKinds)('the worker-minute log on %s', (kind) => {
  let t: MiningTestDatabase;
  const clock = fakeClock('2026-05-04T10:00:10Z');
  let batch = 0;
  const engines: MiningEngine[] = [];

  /** By default, an engine that folds the log only when it starts, ticks or stops (its first flush, too). */
  async function startEngine(foldInterval = 60 * minute): Promise<MiningEngine> {
    const engine = miningEngine({
      database: t.database,
      pool: t.pool,
      clock: clock.now,
      flushInterval: 0,
      foldInterval,
      tickInterval: 0,
    });
    engines.push(engine);
    await engine.start();
    return engine;
  }
  const share = (difficulty: number, at = clock.now() - 1000) => ({
    pool: 'Test pool',
    account_name: 'dora_farm',
    worker_name: 'rig-1',
    difficulty,
    accepted: true,
    at: new Date(at).toISOString(),
  });
  const submit = (engine: MiningEngine, difficulty: number, batchId = `log-${(batch += 1)}`, at?: number) =>
    engine.submit({ batchId, events: [share(difficulty, at)] });
  const total = async (sql: string) => Number((await t.database.query<{ total: number | null }>(sql))[0]?.total ?? 0);
  const inBuckets = () => total('select sum(accepted_difficulty) as total from app.worker_hashrate_1m');
  const inFiveMinutes = () => total('select sum(accepted_difficulty) as total from app.worker_hashrate_5m');
  const inLog = () => total('select sum(d) as total from app.worker_minute_log, unnest(accepted_difficulty) d');

  beforeAll(async () => {
    t = await miningTestDatabase(kind);
    await t.factory.newMiner({ accountName: 'dora_farm' });
  });
  afterAll(async () => {
    for (const engine of engines) await engine.stop();
    await t?.database.close();
  });

  it('commits a flush to the log, and folds it into the buckets before the minute closes', async () => {
    const engine = await startEngine();
    await submit(engine, 1000);
    // The first flush's fold runs beside the flushes; `flush` waits for it.
    await engine.flush();
    expect([await inBuckets(), await inLog()]).toEqual([1000, 0]);

    await submit(engine, 200);
    await submit(engine, 30);
    // Both batches are committed (they answered), in the log only.
    expect([await inBuckets(), await inLog()]).toEqual([1000, 230]);

    // Past the five-minute bucket's end and its close delay: the tick folds, then closes.
    clock.set('2026-05-04T10:05:06Z');
    await engine.tick();
    expect([await inBuckets(), await inLog()]).toEqual([1230, 0]);
    expect(await inFiveMinutes()).toBe(1230);
    await engine.stop();
  });

  it('leaves what a writer that stopped short logged to the next one, which folds it once', async () => {
    const first = await startEngine();
    const before = await inBuckets();
    await submit(first, 5);
    await first.flush();
    await submit(first, 7, 'log-kept');
    expect([await inBuckets(), await inLog()]).toEqual([before + 5, 7]);
    // The first writer never stops: its process died with the log unfolded.

    const second = await startEngine();
    expect([await inBuckets(), await inLog()]).toEqual([before + 12, 0]);
    // The batch it logged counts once, though sent again to the next writer.
    await expect(submit(second, 7, 'log-kept')).resolves.toMatchObject({ duplicate: true });
    await startEngine();
    expect([await inBuckets(), await inLog()]).toEqual([before + 12, 0]);
  });

  // PGlite has one connection: its statements queue, and nothing can run beside another.
  it.runIf(kind === 'postgres')('answers a batch while the fold of the log is held up', async () => {
    const engine = await startEngine(0);
    await engine.flush();
    const { driver } = t.database;
    if (driver.kind !== 'postgres') throw new Error('PostgreSQL only');
    const before = await inBuckets();
    // Another session holds the minute buckets: every fold waits for it to commit.
    const holder = await driver.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table app.worker_hashrate_1m in exclusive mode');
      await expect(submit(engine, 11)).resolves.toMatchObject({ accepted: 1, duplicate: false });
      await expect(submit(engine, 13)).resolves.toMatchObject({ accepted: 1, duplicate: false });
      expect(await inBuckets()).toBe(before);
    } finally {
      await holder.query('commit');
      holder.release();
    }
    await engine.flush();
    expect([await inBuckets(), await inLog()]).toEqual([before + 24, 0]);
  });

  it.runIf(kind === 'postgres')(
    'closes a minute after the held-up fold, and answers batches meanwhile, one into that minute too',
    async () => {
      const engine = await startEngine(0);
      // This tick drops old data, which a later tick within the minute leaves alone.
      await engine.tick();
      const before = await inBuckets();
      const { driver } = t.database;
      if (driver.kind !== 'postgres') throw new Error('PostgreSQL only');
      const holder = await driver.pool.connect();
      let ticked = false;
      let closing: Promise<void> | undefined;
      const closed = engine.closedThrough('PT1M');
      try {
        await holder.query('begin');
        await holder.query('lock table app.worker_hashrate_1m in exclusive mode');
        await submit(engine, 17);
        // Nothing closes yet: the tick answers though the fold waits.
        await engine.tick();
        // The minute ends, within a minute of the last retention (which the lock would hold up):
        // its close waits for the fold, as it reads the buckets.
        const closable = clock.now() - (clock.now() % minute) + minute + 5000;
        expect(closable - clock.now()).toBeLessThan(minute);
        clock.set(closable);
        closing = engine.tick().then(() => {
          ticked = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(ticked).toBe(false);
        // The flushes go on: a share of the minute being closed is answered, and late from now.
        await expect(submit(engine, 19, undefined, clock.now() - 20_000)).resolves.toMatchObject({ accepted: 1 });
        // Readers see the minute open until its close is written.
        expect(engine.closedThrough('PT1M')).toBe(closed);
      } finally {
        await holder.query('commit');
        holder.release();
      }
      await closing;
      expect(engine.closedThrough('PT1M')).toBe(closed + minute);
      expect([await inBuckets(), await inLog()]).toEqual([before + 17 + 19, 0]);
    },
  );
});
