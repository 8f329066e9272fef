// Issue 16's list figure, a section of `npm run bench:money` (alone: BENCH_SECTIONS=customers):
// on a database of its own, an operator with 2,000 customers and 50,000 workers whose rewards of
// the last days were booked by the real reward run (the operator's share included), and the p50/p99
// of `GET operators/{id}/miners` at 32 clients: the first page, pages sorted by each column, and
// searches. Each answer comes from a read of the stored per-customer figures that started after the
// request came (concurrent requests share one), so the first read after a write costs what any
// read costs; that first (cold) read is measured too.
import { applyMigrations } from '@pool/db/database';
import { buildApp } from '../src/app.ts';
import type { IdentityAdminClient } from '../src/identity-client/admin.ts';
import { refreshCustomerHashRates } from '../src/modules/customers/figures.ts';
import { miningEngine } from '../src/modules/mining/engine/engine.ts';
import { rewardRun, dayMs, dayOf } from '../src/modules/money/rewards/reward-run.ts';
import { appMigrations } from '../src/server.ts';
import { benchIdentity, createBenchDatabase, percentile } from './bench-database.ts';
import { load as loadRequests } from './load.ts';
import { fakeWebRoot, testConfig } from '../test/support/server.ts';

const scale = {
  customers: Number(process.env.BENCH_CUSTOMERS ?? 2_000),
  workersPerCustomer: Number(process.env.BENCH_WORKERS_PER_CUSTOMER ?? 25),
  rewardDays: Number(process.env.BENCH_CUSTOMER_DAYS ?? 7),
  requests: Number(process.env.BENCH_LIST_REQUESTS ?? 3_000),
};
const clients = 32;
const operatorOwnerId = '0b7d5c2e-1f0a-4c38-9d2e-6a1f2c3b4d16';
const api = '/api/backend/v0.1';

const load = (origin: string, paths: string[]) =>
  loadRequests(
    origin,
    paths.map((path) => ({ path })),
    { concurrency: clients, headers: { cookie: 'session=operator' } },
  );

export async function benchCustomerList(line: (text: string) => void) {
  const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(2);
  const now = Date.now();
  const day = dayOf(now - (now % dayMs) - dayMs);
  const { database, drop } = await createBenchDatabase('bench_customers');
  try {
    const started = performance.now();
    await applyMigrations(database, appMigrations);
    const [pool] = await database.query<{ id: string }>(
      `insert into app.pools (name, is_current, addresses, settings, page_settings)
       values ('Bench pool', true, '[{"type":"stratum","address":"stratum+tcp://stratum.bench.pool:3333"}]',
               '{"default_language":"en","available_languages":["en"],"default_fee_percent":0.9}',
               '{"tax_calculator":false,"mining_report":false,"extra_currencies":[],"app_theme":"default"}') returning id`,
    );
    const poolId = pool?.id ?? '';
    const [operator] = await database.query<{ id: string }>(
      `insert into app.operators (pool_id, operator_name, title) values ($1, 'benchop', 'Bench operator') returning id`,
      [poolId],
    );
    const operatorId = operator?.id ?? '';
    await database.query(
      `insert into app.miners (pool_id, operator_id, account_name, title)
       select $1::uuid, $2::uuid, 'customer' || n, case when n % 3 = 0 then 'Farm ' || n end from generate_series(1, $3) n`,
      [poolId, operatorId, scale.customers],
    );
    const firstDay = dayOf(Date.parse(`${day}T00:00:00Z`) - (scale.rewardDays - 1) * dayMs);
    // Workers: a tenth of them off, a twentieth unavailable, the rest stable; the activity counts agree.
    await database.query(
      `insert into app.workers (pool_id, miner_id, operator_id, worker_name, first_share_at, last_share_at)
       select $1::uuid, m.id, $2::uuid, 'rig' || w, $3::timestamptz, now() - case when w % 10 = 0 then interval '2 days' else interval '1 minute' end
       from app.miners m cross join generate_series(1, $4) w`,
      [poolId, operatorId, `${firstDay}T00:00:00Z`, scale.workersPerCustomer],
    );
    // Their figures, as the closes would have written them; the workers that are off show none.
    await database.query(
      `update app.worker_figures_15m f set hash_rate = (80 + random() * 40) * 1e12, shares = 60
       from app.workers w where w.id = f.worker_id and w.last_share_at > now() - interval '1 day'`,
    );
    for (const [window, shares] of [
      ['1h', 240],
      ['24h', 5760],
    ] as const) {
      await database.query(
        `update app.worker_figures_${window} set hash_rate = (80 + random() * 40) * 1e12, shares = $1`,
        [shares],
      );
    }
    // The engine's stat refresh keeps the customers' hashrate sums beside the workers' figures.
    const minerIds = await database.query<{ id: string }>('select id from app.miners');
    await refreshCustomerHashRates(
      (text, params) => database.query(text, params),
      minerIds.map((row) => row.id),
    );
    await database.query(
      `insert into app.account_activity (account_id, kind, first_share_at, last_share_at, workers_stable, workers_unavailable, workers_off)
       select m.id, 'miner', $1::timestamptz, now(), count(*) filter (where f.hash_rate > 0 and w.worker_name not like '%5'),
         count(*) filter (where w.worker_name like '%5'), count(*) filter (where f.hash_rate = 0)
       from app.miners m join app.workers w on w.miner_id = m.id join app.worker_figures_15m f on f.worker_id = w.id
       group by m.id`,
      [`${firstDay}T00:00:00Z`],
    );
    // Each customer's daily hashrate for the run, 25 workers' worth, and its operator's fee schedule:
    // 2 % from the start, then 2.5 % for a third of them; a tenth with a pool fee of their own.
    await database.query(
      `insert into app.account_hashrate_1d (account_id, bucket_start, accepted_difficulty, rejected_difficulty, accepted_shares, rejected_shares)
       select m.id, d, $3::int * (80 + random() * 40) * 1e12 * 86400 / 4294967296, 0, 5760, 0
       from app.miners m cross join generate_series($1::timestamptz, $2::timestamptz, interval '1 day') d`,
      [`${firstDay}T00:00:00Z`, `${day}T00:00:00Z`, scale.workersPerCustomer],
    );
    await database.query(
      `insert into app.operator_fees (operator_id, miner_id, percent_bp, starts_on)
       select $1::uuid, id, 200, $2::date - 30 from app.miners
       union all select $1::uuid, id, 250, $2::date from app.miners where substr(account_name, 9)::int % 3 = 1`,
      [operatorId, firstDay],
    );
    await database.query(
      `insert into app.fees (miner_id, percent_bp, starts_on) select id, 100, $1::date - 30 from app.miners
       where account_name like '%0'`,
      [firstDay],
    );
    await database.query(
      `insert into app.reward_rates (rate_msat, source, effective_from) values (47250, 'network', $1::timestamptz)`,
      [new Date(Date.parse(`${firstDay}T00:00:00Z`) - 10 * dayMs).toISOString()],
    );
    await database.query(`insert into app.users (id, email) values ($1, 'operator@bench.pool')`, [operatorOwnerId]);
    await database.query(
      `insert into app.permissions (user_id, type, account_id, role) values ($1, 'operator', $2, 'owner')`,
      [operatorOwnerId, operatorId],
    );
    await database.query('analyze');
    const run = rewardRun({ database, poolId, chunkSize: 5_000 });
    let booked = 0;
    for (let n = 0; n < scale.rewardDays; n += 1) {
      const result = await run.runRewardDay(dayOf(Date.parse(`${firstDay}T00:00:00Z`) + n * dayMs));
      booked += result.credited;
    }
    await database.query('analyze');
    const [shares] = await database.query<{ n: number; total: string }>(
      `select count(*)::int as n, coalesce(sum(operator_share), 0)::text as total from app.reward_breakdowns where operator_id = $1`,
      [operatorId],
    );
    line(
      `customer list: an operator with ${scale.customers} customers and ${scale.customers * scale.workersPerCustomer} workers, ${scale.rewardDays} days booked by the reward run (${booked} rewards, ${shares?.n} with the operator's share, ${shares?.total} sat) in ${seconds(started)} s`,
    );

    const engine = miningEngine({ database, pool: { id: poolId, name: 'Bench pool' }, tickInterval: 0 });
    await engine.start();
    const app = await buildApp({
      config: testConfig({ EXCHANGE_RATES_URL: 'off' }),
      database,
      poolId,
      identity: {
        public: benchIdentity('operator', operatorOwnerId, 'operator@bench.pool'),
        admin: {} as IdentityAdminClient,
      },
      version: 'bench',
      webRoot: fakeWebRoot(),
      readiness: {},
      mining: { engine },
      money: { rewards: run },
    });
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const list = `${api}/operators/${operatorId}/miners`;
      const cold = performance.now();
      const probe = await fetch(`${origin}${list}`, { headers: { cookie: 'session=operator' } });
      const coldMs = performance.now() - cold;
      if (probe.status !== 200) {
        line(`customer list: GET operators/{id}/miners answered ${probe.status}; not measured`);
        return;
      }
      const body = (await probe.json()) as { total: number; totals: { customers: number } };
      line(
        `  the first (cold) read: ${coldMs.toFixed(1)} ms — ${body.total} customers, totals over ${body.totals.customers}`,
      );
      // A write as another process makes one (a customer's title), then the next read, ten times.
      const afterWrite: number[] = [];
      for (let n = 0; n < 10; n += 1) {
        await database.query('update app.miners set title = $2 where account_name = $1', ['customer1', `Rack ${n}`]);
        const at = performance.now();
        const read = await fetch(`${origin}${list}?search=customer1&per_page=1`, {
          headers: { cookie: 'session=operator' },
        });
        const page = (await read.json()) as { items: { title: string | null }[] };
        afterWrite.push(performance.now() - at);
        if (page.items[0]?.title !== `Rack ${n}`) line(`  the read after write ${n} answered a stale title`);
      }
      afterWrite.sort((a, b) => a - b);
      line(
        `  the first read after a write, 10 writes: median ${percentile(afterWrite, 50).toFixed(1)} ms, max ${afterWrite.at(-1)?.toFixed(1)} ms`,
      );
      const sorts = ['hash_rate', 'workers', 'fee', 'earned', 'account_name'];
      const pages: { name: string; path: (n: number) => string }[] = [
        { name: 'first page, 20 a page', path: () => list },
        {
          name: 'pages 1 to 100, each sort, both ways',
          path: (n) =>
            `${list}?sort=${sorts[n % sorts.length]}&direction=${n % 2 ? 'desc' : 'asc'}&page=${1 + (n % 100)}`,
        },
        { name: 'searches by account name', path: (n) => `${list}?search=customer${1 + (n % 199)}` },
        {
          name: '100 a page, sorted by earned',
          path: (n) => `${list}?sort=earned&direction=desc&per_page=100&page=${1 + (n % 20)}`,
        },
      ];
      line(`  ${clients} clients, ${scale.requests} requests each:`);
      for (const page of pages) {
        await load(
          origin,
          Array.from({ length: 200 }, (_, n) => page.path(n)),
        );
        const measured = await load(
          origin,
          Array.from({ length: scale.requests }, (_, n) => page.path(n)),
        );
        line(
          `  ${page.name.padEnd(38)} p50 ${measured.p50.toFixed(2).padStart(7)} ms   p99 ${measured.p99.toFixed(2).padStart(7)} ms   ${(scale.requests / (measured.elapsed / 1000)).toFixed(0)} req/s${measured.failed ? `   ${measured.failed} failed` : ''}`,
        );
      }
    } finally {
      await app.close();
      await engine.stop();
    }
  } finally {
    await drop();
  }
}
