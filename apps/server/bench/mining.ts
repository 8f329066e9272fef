// `npm run bench:mining`: figures, never assertions. Builds a synthetic pool on the real
// PostgreSQL (and a demo-sized one on PGlite), measures ingest end to end over HTTP and the
// latency of charts and worker lists against the same answers computed from raw shares.
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { applyMigrations, openDatabase, type Database } from '@pool/db/database';
import { buildApp } from '../src/app.ts';
import type { IdentityAdminClient } from '../src/identity-client/admin.ts';
import { miningEngine, type MiningEngine } from '../src/modules/mining/engine/engine.ts';
import { resolutionSpecs } from '../src/modules/mining/resolutions.ts';
import { appMigrations } from '../src/server.ts';
import { benchIdentity, createBenchDatabase } from './bench-database.ts';
import { load, warmUp } from './load.ts';
import { clusterReads } from './cluster-reads.ts';
import { profiled } from './cpu-profile.ts';
import { measureTake } from './aggregator-take.ts';
import { cpuPerRequest, cpuTimes, cpuUsed } from './cpu-time.ts';
import { fakeWebRoot, testConfig } from '../test/support/server.ts';

const scale = {
  workers: Number(process.env.BENCH_WORKERS ?? 100_000),
  miners: Number(process.env.BENCH_MINERS ?? 2_000),
  bigMinerWorkers: 5_000,
  operatorWorkers: 50_000,
  ingestShares: Number(process.env.BENCH_INGEST_SHARES ?? 3_000_000),
  readRequests: Number(process.env.BENCH_READ_REQUESTS ?? 10_000),
  ingestInFlight: Number(process.env.BENCH_INGEST_IN_FLIGHT ?? 64),
  /** The engine's ticks during the ingest, as in production; 0 leaves them out, to compare. */
  tickInterval: Number(process.env.BENCH_TICK_INTERVAL ?? 5000),
};
/** BENCH_SKIP=reads,baseline,ingest leaves parts out while tuning; the full run measures everything. */
const skipped = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const skipBaseline = skipped.has('baseline') || skipped.has('reads');
const staffId = '0b7d5c2e-1f0a-4c38-9d2e-6a1f2c3b4d02';
const ingestKey = 'bench-ingest-key-0123456789';
const api = '/api/backend/v0.1';
const minute = 60_000;

const identity = benchIdentity('staff', staffId, 'staff@bench.pool');

const line = (text: string) => process.stdout.write(`${text}\n`);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** Stands for a share's time in a request body; the load client writes the time it sends, less the request's lag. */
const sentAt = '@sent-at@';

const headers = { cookie: 'session=staff', authorization: `Bearer ${ingestKey}` };

/** GETs of each path, 32 (or `concurrency`) at a time. */
const loadPaths = (origin: string, paths: { path: string }[], concurrency = 32) =>
  load(origin, paths, { concurrency, headers });

/** The synthetic pool: miners (the first has 5,000 workers), an operator with half the workers. */
async function buildPool(database: Database, now: number) {
  const started = performance.now();
  await applyMigrations(database, appMigrations);
  const [pool] = await database.query<{ id: string }>(
    `insert into app.pools (name, is_current, addresses, settings, page_settings)
     values ('Bench pool', true, '[]', '{"default_language":"en","available_languages":["en"]}',
             '{"tax_calculator":false,"mining_report":false,"extra_currencies":[],"app_theme":"default"}') returning id`,
  );
  const poolId = pool?.id ?? '';
  const [operator] = await database.query<{ id: string }>(
    `insert into app.operators (pool_id, operator_name, title) values ($1, 'bench_operator', 'Bench') returning id`,
    [poolId],
  );
  const operatorId = operator?.id ?? '';
  const rest = scale.workers - scale.bigMinerWorkers;
  const perMiner = rest / (scale.miners - 1);
  // Miner 1 holds 5,000 workers; miners 2.. hold the rest evenly; the operator manages miners
  // 1.. up to half the pool's workers.
  const operatorMiners = 1 + Math.ceil((scale.operatorWorkers - scale.bigMinerWorkers) / perMiner);
  await database.query(
    `insert into app.miners (pool_id, operator_id, account_name)
     select $1, case when n <= $3 then $2::uuid end, 'bench_miner_' || n from generate_series(1, $4) n`,
    [poolId, operatorId, operatorMiners, scale.miners],
  );
  await database.query(`insert into app.users (id, email) values ($1, 'staff@bench.pool')`, [staffId]);
  await database.query(
    `insert into app.permissions (user_id, type, account_id, role) values ($1, 'pool', $2, 'admin')`,
    [staffId, poolId],
  );
  await database.query(
    `insert into app.workers (pool_id, miner_id, operator_id, worker_name, first_share_at, last_share_at)
     select $1, m.id, m.operator_id, 'w-' || n, $2::timestamptz - interval '7 days', $2::timestamptz - random() * interval '30 seconds'
     from generate_series(1, $3) n
     join app.miners m on m.account_name = 'bench_miner_' ||
       case when n <= $4 then 1 else 2 + ((n - $4 - 1) % ($5 - 1)) end`,
    [poolId, new Date(now).toISOString(), scale.workers, scale.bigMinerWorkers, scale.miners],
  );
  // Their figures, as the closes would have written them: 50 to 150 TH/s each.
  await database.query(
    'update app.worker_figures_15m set hash_rate = (random() + 0.5) * 1e14, shares = 60, reject_pct = random()',
  );
  await database.query(
    `update app.worker_figures_1h f set hash_rate = q.hash_rate * (0.95 + random() * 0.1), shares = 240
     from app.worker_figures_15m q where q.worker_id = f.worker_id`,
  );
  await database.query(
    `update app.worker_figures_24h f set hash_rate = q.hash_rate, shares = 5760
     from app.worker_figures_15m q where q.worker_id = f.worker_id`,
  );
  // Account buckets for 7 days at every resolution, as the engine would have rolled them up.
  for (const spec of resolutionSpecs) {
    const from = Math.floor((now - Math.min(spec.accountRetention, 7 * 24 * 60 * minute)) / spec.width) * spec.width;
    const to = Math.floor(now / spec.width) * spec.width;
    await database.query(
      `insert into app.account_hashrate_${spec.table} (account_id, bucket_start, accepted_difficulty, rejected_difficulty, accepted_shares, rejected_shares)
       select a.id, t, a.workers * 1e14 * ($3::float8 / 1000) / 4294967296 * (0.95 + random() * 0.1), 0,
         (a.workers * $3::float8 / 15000)::int, 0
       from (select miner_id as id, count(*) as workers from app.workers group by miner_id
             union all select operator_id, count(*) from app.workers where operator_id is not null group by operator_id
             union all select pool_id, count(*) from app.workers group by pool_id) a
       cross join generate_series(timestamptz 'epoch' + $1::bigint * interval '1 ms', timestamptz 'epoch' + $2::bigint * interval '1 ms' - interval '1 ms', $3::bigint * interval '1 ms') t`,
      [from, to, spec.width],
    );
    await database.query(
      `insert into app.account_activity (account_id, kind, first_share_at, last_share_at)
       select miner_id, 'miner', min(first_share_at), max(last_share_at) from app.workers group by miner_id
       union all select pool_id, 'pool', min(first_share_at), max(last_share_at) from app.workers group by pool_id
       union all select operator_id, 'operator', min(first_share_at), max(last_share_at) from app.workers where operator_id is not null group by operator_id
       on conflict do nothing`,
    );
  }
  for (const spec of resolutionSpecs) {
    await database.query(
      `insert into app.rollup_state values ($1, timestamptz 'epoch' + $2::bigint * interval '1 ms')`,
      [spec.name, Math.floor(now / spec.width) * spec.width],
    );
  }
  await database.query('analyze');
  const [bigMiner] = await database.query<{ id: string }>(
    `select id from app.miners where account_name = 'bench_miner_1'`,
  );
  const [counted] = await database.query<{ workers: number }>(
    'select count(*)::int as workers from app.workers where operator_id = $1',
    [operatorId],
  );
  line(
    `pool built in ${seconds(started)} s: ${scale.workers} workers, ${scale.miners} miners, 7 days of account buckets; operator with ${counted?.workers} workers`,
  );
  return { poolId, operatorId, bigMinerId: bigMiner?.id ?? '' };
}

/** Raw shares of the last 15 minutes at one share per 15 s per worker: what a naive design reads. */
async function buildRawShares(database: Database, now: number) {
  const started = performance.now();
  await database.query(`create unlogged table app.bench_raw_shares (worker_id int, miner_id uuid, operator_id uuid, pool_id uuid,
    at timestamptz, difficulty float8, accepted boolean)`);
  await database.query(
    `insert into app.bench_raw_shares
     select w.id, w.miner_id, w.operator_id, w.pool_id, $1::timestamptz - (k * 15 + random() * 15) * interval '1 second', 2e4, random() > 0.01
     from app.workers w cross join generate_series(0, 59) k`,
    [new Date(now).toISOString()],
  );
  await database.query('create index on app.bench_raw_shares (miner_id, at)');
  await database.query('create index on app.bench_raw_shares (operator_id, at)');
  await database.query('create index on app.bench_raw_shares (pool_id, at)');
  await database.query('analyze app.bench_raw_shares');
  const [count] = await database.query<{ n: number }>('select count(*)::int as n from app.bench_raw_shares');
  line(`raw shares for the baseline: ${count?.n} (15 minutes), built in ${seconds(started)} s`);
}

async function serve(database: Database, poolId: string, now: () => number, engine: MiningEngine, cacheTtl = 0) {
  const app = await buildApp({
    config: testConfig({ INGEST_KEY: ingestKey }),
    database,
    poolId,
    identity: { public: identity, admin: {} as IdentityAdminClient },
    version: 'bench',
    webRoot: fakeWebRoot(),
    readiness: {},
    mining: { engine, clock: now, cacheTtl },
  });
  app.get('/bench/raw', async (request) => rawQuery(database, request.query as Record<string, string>));
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, origin };
}

/** The baseline: the same answers aggregated from raw shares at every request. */
async function rawQuery(database: Database, query: Record<string, string>) {
  const scope = query.scope ?? 'pool_id';
  const id = query.id ?? '';
  if (query.kind === 'list') {
    return database.query(
      `select w.id, w.worker_name, s.hash_rate from app.workers w join (
         select worker_id, sum(difficulty) filter (where accepted) * 4294967296 / 900 as hash_rate
         from app.bench_raw_shares where ${scope} = $1 and at >= now() - interval '15 minutes' group by worker_id) s on s.worker_id = w.id
       order by s.hash_rate desc, w.id desc limit 50`,
      [id],
    );
  }
  return database.query(
    `select date_trunc('minute', at) as bucket, sum(difficulty) filter (where accepted) * 4294967296 / 60 as hash_rate, count(*) as shares
     from app.bench_raw_shares where ${scope} = $1 and at >= now() - interval '15 minutes' group by 1 order by 1`,
    [id],
  );
}

/**
 * Requests sent to a route before it is timed. With 64, the first read timed ran before V8 had
 * optimised the request path: the cached pool chart read 2,345 req/s first and 3,332 when timed
 * again in the same run, so whichever route came first looked slowest.
 */
const readWarmup = 1_000;

/**
 * The ceiling: a bare Fastify route (no hooks, no logger, a constant answer) on this machine, now,
 * through the same client at the same concurrency. No read of the product can be faster. Measured
 * again right before each read, so that both see the same machine (other work on it varies).
 */
async function bareCeiling(requests: number, print = true): Promise<number> {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  const origin = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    const paths = (count: number) => Array.from({ length: count }, () => ({ path: '/bare' }));
    await loadPaths(origin, paths(readWarmup));
    const result = await loadPaths(origin, paths(requests));
    const rate = requests / (result.elapsed / 1000);
    if (print)
      line(
        `  ${'bare Fastify route (the ceiling)'.padEnd(44)} p50 ${result.p50.toFixed(2).padStart(8)} ms   p99 ${result.p99.toFixed(2).padStart(8)} ms   ${rate.toFixed(0)} req/s`,
      );
    return rate;
  } finally {
    await bare.close();
  }
}

async function measureReads(
  origin: string,
  queries: { name: string; path: string }[],
  requests: number,
  warmup = readWarmup,
  withCeiling = false,
) {
  const results: Record<string, { p50: number; p99: number }> = {};
  for (const query of queries) {
    const ceiling = withCeiling ? await bareCeiling(requests, false) : undefined;
    if (warmup > 0)
      await loadPaths(
        origin,
        Array.from({ length: warmup }, () => ({ path: query.path })),
      );
    const cpuBefore = cpuTimes();
    const result = await loadPaths(
      origin,
      Array.from({ length: requests }, () => ({ path: query.path })),
    );
    const cost = cpuPerRequest(cpuBefore, cpuTimes(), requests);
    results[query.name] = result;
    const rate = requests / (result.elapsed / 1000);
    const fraction = ceiling
      ? `   ${((rate / ceiling) * 100).toFixed(1).padStart(5)} % of a bare route (${ceiling.toFixed(0)} req/s just before)`
      : '';
    line(
      `  ${query.name.padEnd(44)} p50 ${result.p50.toFixed(2).padStart(8)} ms   p99 ${result.p99.toFixed(2).padStart(8)} ms   ${rate.toFixed(0)} req/s${fraction}${result.failed ? `   ${result.failed} failed` : ''}`,
    );
    if (cost)
      line(`  ${''.padEnd(44)} CPU a request: server's main thread ${cost.main} µs, PostgreSQL ${cost.postgres} µs`);
  }
  return results;
}

/** Updates of worker rows so far, and how many were heap-only (HOT): the row's own page, no index written. */
async function workerRowUpdates(database: Database): Promise<{ all: number; hot: number }> {
  const [row] = await database.query<{ all: string; hot: string }>(
    `select n_tup_upd::text as all, n_tup_hot_upd::text as hot from pg_stat_user_tables
     where schemaname = 'app' and relname = 'workers'`,
  );
  return { all: Number(row?.all ?? 0), hot: Number(row?.hot ?? 0) };
}

/** PostgreSQL's counters once they have settled: each connection reports them within seconds of going idle. */
async function settledWorkerRowUpdates(database: Database, before: { all: number }) {
  let last = await workerRowUpdates(database);
  for (let wait = 0; wait < 24; wait += 1) {
    await sleep(500);
    const now = await workerRowUpdates(database);
    if (now.all === last.all && now.all > before.all) return now;
    last = now;
  }
  return last;
}

/**
 * Batches of 5,000 events over every worker, as many stratum servers would send them at once
 * (BENCH_INGEST_IN_FLIGHT); each answer comes after its commit. The engine ticks as in
 * production, and each batch's shares carry the time it is sent, less `lag`: 0 for shares on
 * time, minutes for a backlog a stratum server sends after an outage, every share late.
 */
async function measureIngest(
  origin: string,
  database: Database,
  engine: MiningEngine,
  label: string,
  total: number,
  lag = 0,
  profile = false,
) {
  const workers = await database.query<{ account_name: string; worker_name: string }>(
    'select m.account_name, w.worker_name from app.workers w join app.miners m on m.id = w.miner_id',
  );
  const batchSize = 5000;
  const templates = Array.from({ length: 20 }, (_, t) =>
    JSON.stringify(
      Array.from({ length: batchSize }, (_, i) => {
        const worker = workers[(t * batchSize + i) % workers.length];
        return {
          pool: 'Bench pool',
          account_name: worker?.account_name,
          worker_name: worker?.worker_name,
          difficulty: 65536,
          accepted: i % 100 !== 0,
          at: sentAt,
        };
      }),
    ),
  );
  const batches = Math.max(1, Math.round(total / batchSize));
  const requests = Array.from({ length: batches }, (_, n) => ({
    path: `${api}/ingest/shares`,
    body: `{"batch_id":"${label}-${n}","events":@events@}`,
    template: n % templates.length,
    lag,
  }));
  // Started as a minute begins, the run fills that minute (and the minutes the backlog reached),
  // and pays below for their close: a run shorter than the close delay would otherwise end first.
  await sleep((61 * 1000 - (Date.now() % minute)) % minute);
  const updatesBefore = label !== 'pglite' ? await workerRowUpdates(database) : undefined;
  const before = engine.counters().counted;
  const cpuBefore = cpuTimes();
  const ticking =
    scale.tickInterval > 0
      ? setInterval(() => {
          engine.tick().catch((error: unknown) => line(`    a tick failed: ${String(error)}`));
        }, scale.tickInterval)
      : undefined;
  // The profile covers the sending and the drain below: the waits for a minute to begin and for
  // its close to be due would only add idle time.
  const sending = () =>
    load(origin, requests, { concurrency: scale.ingestInFlight, headers, method: 'POST', templates }).finally(() =>
      clearInterval(ticking),
    );
  const profiledRun = profile ? await profiled(sending, `ingest-${label}`) : undefined;
  const result = profiledRun ? profiledRun.result : await sending();
  const counted = engine.counters().counted - before;
  const rate = counted / (result.elapsed / 1000);
  line(
    `  ingest over HTTP, ${label}: ${counted} shares committed in ${(result.elapsed / 1000).toFixed(1)} s = ${rate.toFixed(0)} shares/s (batch p50 ${result.p50.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms${result.failed ? `, ${result.failed} failed` : ''})`,
  );
  // What the batches did not wait for is work all the same: a run that left it undone would read fast.
  const drainStarted = performance.now();
  await engine.flush();
  const drained = performance.now() - drainStarted;
  const cpu = cpuUsed(cpuBefore, cpuTimes());
  if (profiledRun) {
    line('    where the aggregating thread spent the sending (self time, idle included):');
    for (const cost of profiledRun.costs.slice(0, 8))
      line(`      ${(cost.share * 100).toFixed(1).padStart(5)} %  ${cost.name}`);
  }
  line(
    `    the background writes left then (fold, share times, closes) took ${(drained / 1000).toFixed(1)} s more: ${(counted / ((result.elapsed + drained) / 1000)).toFixed(0)} shares/s with them`,
  );
  line(`    ${cpu} (${((result.elapsed + drained) / 1000).toFixed(1)} s on ${availableParallelism()} cores)`);
  // The close of the run's minute, once it is due: its roll-ups and every mining worker's figures.
  const closeDue = Math.floor(Date.now() / minute) * minute + minute + 5500;
  await sleep(Math.max(0, closeDue - Date.now()));
  const closeStarted = performance.now();
  await engine.tick();
  const closed = performance.now() - closeStarted;
  const work = result.elapsed + drained + closed;
  line(
    `    the close that followed took ${(closed / 1000).toFixed(1)} s: ${(counted / (work / 1000)).toFixed(0)} shares/s counting the background writes and the close`,
  );
  if (updatesBefore) {
    const after = await settledWorkerRowUpdates(database, updatesBefore);
    const all = after.all - updatesBefore.all;
    const hot = after.hot - updatesBefore.hot;
    line(
      all === 0
        ? "    worker rows were not updated: the shares were older than the workers' last ones"
        : `    worker rows were updated ${all.toLocaleString('en')} times (their share times), ${((hot / all) * 100).toFixed(0)} % of them on the row's own page without writing an index (HOT)`,
    );
  }
  return rate;
}

/** Fills every resolution's retention for 1,000 workers and measures what a worker costs on disk. */
async function bytesPerWorker(database: Database) {
  const sample = 1000;
  let total = 0;
  for (const spec of resolutionSpecs) {
    const table = `app.worker_hashrate_${spec.table}`;
    const rows = Math.round(spec.workerRetention / spec.width);
    await database.query(`truncate ${table}`);
    await database.query(
      `insert into ${table} (worker_id, bucket_start, accepted_difficulty, rejected_difficulty, accepted_shares, rejected_shares)
       select w.id, date_bin($2::bigint * interval '1 ms', now(), timestamptz 'epoch') - k * $2::bigint * interval '1 ms',
         random() * 1e6, random() * 1e4, 4, 0
       from (select id from app.workers order by id limit $1) w cross join generate_series(1, $3) k`,
      [sample, spec.width, rows],
    );
    await database.query(`vacuum analyze ${table}`);
    const [size] = await database.query<{ bytes: number }>(
      `select pg_total_relation_size($1::regclass)::float8 as bytes`,
      [table],
    );
    const perWorker = (size?.bytes ?? 0) / sample;
    total += perWorker;
    line(
      `  ${spec.name.padEnd(6)} ${String(rows).padStart(4)} rows a worker, ${(perWorker / rows).toFixed(0)} bytes a row with indexes, ${(perWorker / 1024).toFixed(1)} KB a worker`,
    );
  }
  const [row] = await database.query<{ bytes: number; workers: number }>(
    `select (pg_total_relation_size('app.workers') + pg_total_relation_size('app.worker_figures_15m')
       + pg_total_relation_size('app.worker_figures_1h') + pg_total_relation_size('app.worker_figures_24h'))::float8 as bytes,
       count(*)::float8 as workers from app.workers`,
  );
  const workerRow = (row?.bytes ?? 0) / (row?.workers || 1);
  line(
    `  the worker row and its figures in each window, with their indexes: ${(workerRow / 1024).toFixed(1)} KB; in all ${((total + workerRow) / 1024).toFixed(1)} KB a worker`,
  );
}

async function postgresRun() {
  line('== PostgreSQL (real server)');
  const { database, url, drop } = await createBenchDatabase('bench_mining');
  try {
    const now = Date.now();
    const { poolId, operatorId, bigMinerId } = await buildPool(database, now);
    if (!skipBaseline) await buildRawShares(database, now);
    const engine = miningEngine({ database, pool: { id: poolId, name: 'Bench pool' }, tickInterval: 0 });
    const startedEngine = performance.now();
    await engine.start();
    line(`engine started with ${engine.counters().workers} workers in ${seconds(startedEngine)} s`);
    const queries = [
      { name: 'pool chart PT15M (100,000 workers)', path: `${api}/pools/${poolId}/charts?period=PT15M` },
      { name: 'pool chart P1D', path: `${api}/pools/${poolId}/charts?period=P1D` },
      { name: 'miner chart PT15M (5,000 workers)', path: `${api}/miners/${bigMinerId}/charts?period=PT15M` },
      { name: 'miner chart P1W (5,000 workers)', path: `${api}/miners/${bigMinerId}/charts?period=P1W` },
      {
        name: 'worker list by hash_rate_1h (50,000 workers)',
        path: `${api}/operators/${operatorId}/workers?sort=hash_rate_1h&direction=desc&per_page=50`,
      },
    ];
    if (!skipped.has('reads')) {
      const cachedServer = await serve(database, poolId, Date.now, engine, 1000);
      line(`reads with the 1 s read cache, 32 concurrent clients over HTTP, ${scale.readRequests} requests each:`);
      await bareCeiling(scale.readRequests);
      await measureReads(cachedServer.origin, queries, scale.readRequests, readWarmup, true);
      if (!skipped.has('profile')) {
        const chart = queries.slice(0, 1);
        const { costs } = await profiled(
          () => measureReads(cachedServer.origin, chart, scale.readRequests, 0),
          'cached-pool-chart',
        );
        line('  where the server spent the cached pool chart (main thread, self time, idle included):');
        for (const cost of costs.slice(0, 12)) line(`    ${(cost.share * 100).toFixed(1).padStart(5)} %  ${cost.name}`);
      }
      await cachedServer.app.close();
    }
    if (!skipped.has('reads')) {
      line(`the pool chart served by several processes on one port (WEB_CONCURRENCY), 32 clients:`);
      await clusterReads({
        url,
        poolId,
        personId: staffId,
        path: `${api}/pools/${poolId}/charts?period=PT15M`,
        requests: scale.readRequests,
        warmup: readWarmup,
        processes: [1, 2],
        load: loadPaths,
        line,
      });
    }
    const { app, origin } = await serve(database, poolId, Date.now, engine);
    try {
      if (!skipped.has('reads')) {
        line(
          `reads computed every time (no cache), 32 concurrent clients over HTTP, ${scale.readRequests} requests each:`,
        );
        await bareCeiling(scale.readRequests);
        const engineReads = await measureReads(origin, queries, scale.readRequests, readWarmup, true);
        if (!skipped.has('profile')) {
          const list = queries.filter((query) => query.name.startsWith('worker list'));
          const { costs } = await profiled(
            () => measureReads(origin, list, scale.readRequests, 0),
            'uncached-worker-list',
          );
          line('  where the server spent the uncached worker list (main thread, self time, idle included):');
          for (const cost of costs.slice(0, 10))
            line(`    ${(cost.share * 100).toFixed(1).padStart(5)} %  ${cost.name}`);
        }
        if (!skipBaseline) {
          line('baseline: the same from raw shares (15 minutes of them), 32 concurrent clients, 32 requests each:');
          const raw = await measureReads(
            origin,
            [
              { name: 'pool chart PT15M from raw shares', path: `/bench/raw?scope=pool_id&id=${poolId}` },
              { name: 'miner chart PT15M from raw shares', path: `/bench/raw?scope=miner_id&id=${bigMinerId}` },
              {
                name: 'worker list by hash rate from raw shares',
                path: `/bench/raw?kind=list&scope=operator_id&id=${operatorId}`,
              },
            ],
            32,
            0,
          );
          const ratio = (a: string, b: string) =>
            `${((raw[a]?.p50 ?? NaN) / (engineReads[b]?.p50 ?? NaN)).toFixed(0)}x at p50, ${((raw[a]?.p99 ?? NaN) / (engineReads[b]?.p99 ?? NaN)).toFixed(0)}x at p99`;
          line(
            `  ratio pool chart: ${ratio('pool chart PT15M from raw shares', 'pool chart PT15M (100,000 workers)')}`,
          );
          line(
            `  ratio miner chart: ${ratio('miner chart PT15M from raw shares', 'miner chart PT15M (5,000 workers)')}`,
          );
          line(
            `  ratio worker list: ${ratio('worker list by hash rate from raw shares', 'worker list by hash_rate_1h (50,000 workers)')}`,
          );
          await database.query('drop table app.bench_raw_shares');
        }
      }
      if (!skipped.has('ingest')) {
        line(
          'ingest end to end (HTTP transport to committed batches, their minutes in the flushes’ log, one Node process for the aggregator):',
        );
        await measureIngest(origin, database, engine, 'pg', scale.ingestShares);
        line('  a backlog sent after an outage, every share 10 minutes late:');
        await measureIngest(origin, database, engine, 'pg-late', scale.ingestShares, 10 * minute);
        // Profiled on a run of its own: the sampling profiler slows the run it watches (139,672
        // shares/s profiled against 153,957-170,929 unprofiled, same code), so the rates above go
        // without it.
        if (!skipped.has('profile')) {
          line('  again on time, with the CPU profiler on (slower for it):');
          await measureIngest(origin, database, engine, 'pg-profiled', scale.ingestShares / 3, 0, true);
        }
      }
      line('disk per worker at full retention (1,000 workers sampled):');
      await bytesPerWorker(database);
    } finally {
      await app.close();
      await engine.stop();
    }
  } finally {
    await drop();
  }
}

async function pgliteRun() {
  line('== PGlite (embedded), demo-sized pool: 25 workers over 4 miners');
  const database = await openDatabase({ inMemory: true });
  const saved = { ...scale };
  Object.assign(scale, { workers: 25, miners: 4, bigMinerWorkers: 10, operatorWorkers: 15 });
  try {
    const now = Date.now();
    const { poolId, operatorId, bigMinerId } = await buildPool(database, now);
    await buildRawShares(database, now);
    const engine = miningEngine({ database, pool: { id: poolId, name: 'Bench pool' }, tickInterval: 0 });
    await engine.start();
    const { app, origin } = await serve(database, poolId, Date.now, engine);
    try {
      line('reads at 32 concurrent clients over HTTP, 500 requests each:');
      await bareCeiling(500);
      await measureReads(
        origin,
        [
          { name: 'pool chart P1D', path: `${api}/pools/${poolId}/charts?period=P1D` },
          { name: 'miner chart PT15M', path: `${api}/miners/${bigMinerId}/charts?period=PT15M` },
          {
            name: 'worker list by hash_rate_1h',
            path: `${api}/operators/${operatorId}/workers?sort=hash_rate_1h&direction=desc`,
          },
          { name: 'pool chart PT15M from raw shares', path: `/bench/raw?scope=pool_id&id=${poolId}` },
        ],
        500,
        64,
        true,
      );
      await measureIngest(origin, database, engine, 'pglite', 500_000);
    } finally {
      await app.close();
      await engine.stop();
    }
  } finally {
    Object.assign(scale, saved);
    await database.close();
  }
}

const started = performance.now();
const take = measureTake(scale.workers, scale.miners);
line(
  `aggregator hand-over to a flush, ${scale.workers.toLocaleString('en')} workers each sharing: p50 ${take.p50.toFixed(1)} ms, max ${take.max.toFixed(1)} ms (a pause of the API thread once a flush)`,
);
await warmUp();
await postgresRun();
await pgliteRun();
line(`bench finished in ${seconds(started)} s`);
