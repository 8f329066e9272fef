import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import type { CustomerPage, CustomerRow } from '@pool/contract/customers';
import { flushWrites } from '../src/modules/mining/engine/flush-writes.ts';
import { applyRetention } from '../src/modules/mining/engine/retention.ts';
import { rollupWrites } from '../src/modules/mining/engine/rollup-writes.ts';
import { hashesPerDifficulty } from '../src/modules/mining/hashrate.ts';
import { dayMs, dayOf, rewardRun, startOf } from '../src/modules/money/rewards/reward-run.ts';
import { rewardTerms } from '../src/modules/money/rewards/terms-repository.ts';
import type { TestBrowser } from './support/browser.ts';
import { testFactory, type TestFactory, type TestMiner, type TestOperator } from './support/factory.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const api = '/api/backend/v0.1';
const minute = 60_000;

/**
 * Issue 16: the customer list answers from figures stored per customer and from rows it read
 * before while nothing changed. Every write that changes a figure, made by the writers the
 * product has (the engine's stat refresh and worker counts, retention, the reward run, plain SQL
 * from another process), shows in the very next read, and the stored sums equal the sums of
 * their sources.
 */
describe.each(testDatabaseKinds)('the customer list after writes on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  let factory: TestFactory;
  let operator: TestOperator;
  let browser: TestBrowser;
  let alpha: TestMiner;
  let beta: TestMiner;
  const workerIds: number[] = [];
  /** The window of the engine's 15-minute stat refresh the first test ran. */
  const window = { from: 0, to: 0 };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
    factory = await testFactory(database, server);
    operator = await factory.newOperator();
    browser = await factory.signIn(operator.owner);
    alpha = await factory.newMiner({ operator });
    beta = await factory.newMiner({ operator });
    await rewardTerms(database).setDefaultFeePercent(factory.pool.id, 1);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const list = async (query = '') => {
    const response = await browser.json<CustomerPage>(`${api}/operators/${operator.id}/miners${query}`);
    expect(response.status).toBe(200);
    return response.body;
  };
  const rowOf = async (miner: TestMiner): Promise<CustomerRow> => {
    const found = (await list()).items.find((item) => item.id === miner.id);
    if (!found) throw new Error(`${miner.accountName} is not listed`);
    return found;
  };
  /** The stored figures against the sums of their sources, for every miner of the pool. */
  const drift = () =>
    database.query(
      `select m.id from app.miners m
       left join app.customer_figures f on f.miner_id = m.id
       left join (select w.miner_id, sum(f15.hash_rate) as h15, sum(f24.hash_rate) as h24 from app.workers w
         join app.worker_figures_15m f15 on f15.worker_id = w.id join app.worker_figures_24h f24 on f24.worker_id = w.id
         where w.behaviour = 'hardware' group by w.miner_id) w on w.miner_id = m.id
       left join (select miner_id, sum(operator_share) as operator_earned, sum(fee - operator_share) as pool_earned
         from app.reward_breakdowns group by miner_id) b on b.miner_id = m.id
       where (coalesce(f.hash_rate_15m, 0), coalesce(f.hash_rate_24h, 0), coalesce(f.operator_earned, 0), coalesce(f.pool_earned, 0))
         is distinct from (coalesce(w.h15, 0), coalesce(w.h24, 0), coalesce(b.operator_earned, 0), coalesce(b.pool_earned, 0))`,
    );

  it('shows a worker’s refreshed hashrate, new status counts and removal in the next read', async () => {
    expect(await rowOf(alpha)).toMatchObject({ hash_rate_15m: 0, workers: { stable: 0, off: 0 } });
    const now = Date.now();
    const to = now - (now % minute);
    const from = to - 15 * minute;
    Object.assign(window, { from, to });
    for (const name of ['rig1', 'rig2']) {
      const [row] = await database.query<{ id: number }>(
        `insert into app.workers (pool_id, miner_id, operator_id, worker_name, first_share_at, last_share_at)
         values ($1, $2, $3, $4, $5, $5) returning id`,
        [factory.pool.id, alpha.id, operator.id, name, new Date(to - minute).toISOString()],
      );
      workerIds.push(row?.id ?? 0);
    }
    // 100 TH/s over 15 minutes from each rig, all of it in minutes 5 to 9 of the window, as the
    // flush counts shares into minute buckets: the test server's own engine, refreshing the next
    // minutes' windows, finds the same sums.
    const perMinute = (100e12 * 900) / hashesPerDifficulty / 5;
    await database.query(
      `insert into app.worker_hashrate_1m (worker_id, bucket_start, accepted_difficulty, rejected_difficulty, accepted_shares, rejected_shares)
       select w, to_timestamp(($2::bigint + n * 60000) / 1000.0), $3::float8, 0, 10, 0
       from unnest($1::int[]) w cross join generate_series(5, 9) n`,
      [workerIds, from, perMinute],
    );
    expect(await rollupWrites(database).refreshWorkerStats('15m', from, to)).toBe(2);
    const refreshed = await rowOf(alpha);
    expect(refreshed.hash_rate_15m).toBeCloseTo(200e12, -3);
    expect((await list()).totals.hash_rate_15m).toBeCloseTo(200e12, -3);

    // The engine's worker counts: an account's first flush, then a tick that finds a rig off.
    await database.query(
      `insert into app.account_activity (account_id, kind, first_share_at, last_share_at) values ($1, 'miner', now(), now())`,
      [alpha.id],
    );
    await flushWrites(database).writeWorkerCounts([
      { accountId: alpha.id, counts: { stable: 1, unavailable: 0, off: 1, removed: 0 } },
    ]);
    expect((await rowOf(alpha)).workers).toEqual({ stable: 1, unavailable: 0, off: 1, removed: 0 });
    expect((await list()).totals.workers).toMatchObject({ stable: 1, off: 1 });

    // Retention drops a rig that stopped long ago; the sum follows without it.
    await database.query(`update app.workers set last_share_at = $2 where id = $1`, [
      workerIds[1],
      new Date(now - 40 * dayMs).toISOString(),
    ]);
    expect(await applyRetention(database, now, 30 * dayMs, dayMs)).toEqual([workerIds[1]]);
    expect((await rowOf(alpha)).hash_rate_15m).toBeCloseTo(100e12, -3);
    expect(await drift()).toEqual([]);
  });

  it('shows a reward booked by a run of another process (earned and balance) in the next read', async () => {
    const day = dayOf(Date.now() - 2 * dayMs);
    expect(await rowOf(beta)).toMatchObject({ earned: 0, balance: 0 });
    await database.query(
      `insert into app.operator_fees (operator_id, miner_id, percent_bp, starts_on) values ($1, $2, 300, $3::date)`,
      [operator.id, beta.id, day],
    );
    expect((await rowOf(beta)).fee_percent).toBe(3);
    await rewardTerms(database).setRate({
      rateMsat: 50_000_000n,
      source: 'manual',
      effectiveFrom: new Date(startOf(day) - dayMs),
      setBy: null,
    });
    await database.query(
      `insert into app.account_hashrate_1d (account_id, bucket_start, accepted_difficulty, rejected_difficulty, accepted_shares, rejected_shares)
       values ($1, $2, $3, 0, 100, 0)`,
      [beta.id, new Date(startOf(day)).toISOString(), (200e12 * 86_400) / hashesPerDifficulty],
    );
    await rewardRun({ database, poolId: factory.pool.id, clock: () => Date.now() }).runRewardDay(day);
    const [booked] = await database.query<{ net: string; operator_share: string }>(
      `select net::text, operator_share::text from app.reward_breakdowns where miner_id = $1 and day = $2::date`,
      [beta.id, day],
    );
    expect(BigInt(booked?.operator_share ?? 0) > 0n).toBe(true);
    const row = await rowOf(beta);
    expect(row).toMatchObject({ earned: Number(booked?.operator_share), balance: Number(booked?.net) });
    expect((await list('?sort=earned&direction=desc')).items[0]?.id).toBe(beta.id);
    expect(await drift()).toEqual([]);
  });

  it('keeps answering every change (titles, the pool’s default fee) once the engine folds the change rows', async () => {
    const before = await list();
    for (let n = 0; n < 70; n += 1) {
      await database.query('update app.miners set title = $2 where id = $1', [beta.id, `Farm ${n}`]);
    }
    expect((await rowOf(beta)).title).toBe('Farm 69');
    const changes = async () => {
      const [row] = await database.query<{ n: number; total: string }>(
        'select count(*)::int as n, coalesce(sum(weight), 0)::text as total from app.customer_list_changes where scope_id = $1',
        [operator.id],
      );
      return row;
    };
    const unfolded = await changes();
    // The engine's minute refresh, over the window it already wrote: no figure changes, a fold.
    await rollupWrites(database).refreshWorkerStats('15m', window.from, window.to);
    expect(await changes()).toEqual({ n: 1, total: unfolded?.total });
    expect((await rowOf(beta)).title).toBe('Farm 69');
    // A flush that only moves share times changes nothing the list shows: no change row.
    await database.query(`update app.account_activity set last_share_at = now() where account_id = $1`, [alpha.id]);
    expect((await changes())?.total).toBe(unfolded?.total);
    await database.query('update app.miners set title = null where id = $1', [beta.id]);
    expect((await rowOf(beta)).title).toBeNull();
    expect((await list()).totals).toEqual(before.totals);
    // The pool's default fee is the fee of a customer without one of its own.
    expect((await rowOf(alpha)).fee_percent).toBe(1);
    await rewardTerms(database).setDefaultFeePercent(factory.pool.id, 2);
    expect((await rowOf(alpha)).fee_percent).toBe(2);
  });
});
