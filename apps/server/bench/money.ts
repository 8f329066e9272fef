// `npm run bench:money`: figures, never assertions. On a database of its own on the real
// PostgreSQL: the processing earnings of the pool and of one miner before any run (three days
// not credited), the daily reward run for 100,000 miners, once without sharing and once with virtual-mining
// contracts, profit splits, referrals and promo codes, the same run again (a no-op), the run
// resumed over a day already credited, the 14:00 withdrawal for them (again, and resumed), and
// the p50/p99 of a payments page of an account with five years of daily rewards at 32 clients,
// read from the database and then remembered until money changes;
// then, on a database of its own, issue 16's customer list (bench/customers-list.ts).
import { cpus, loadavg } from 'node:os';
import { applyMigrations, type Database } from '@pool/db/database';
import { buildApp } from '../src/app.ts';
import type { IdentityAdminClient } from '../src/identity-client/admin.ts';
import { miningEngine } from '../src/modules/mining/engine/engine.ts';
import { rewardRun, dayMs, dayOf } from '../src/modules/money/rewards/reward-run.ts';
import { demoPayoutAddress } from '../src/demo/wallets.ts';
import { withdrawalRun } from '../src/modules/payouts/withdrawal/withdrawal-run.ts';
import { batchDesk } from '../src/modules/payouts/batches/batch-desk.ts';
import { batchRun } from '../src/modules/payouts/batches/batch-run.ts';
import { manualDesk } from '../src/modules/payouts/broadcast/payout-chain.ts';
import { scheduleService } from '../src/modules/payouts/schedule/schedule-service.ts';
import { appMigrations } from '../src/server.ts';
import { benchIdentity, createBenchDatabase } from './bench-database.ts';
import { load as loadRequests, warmUp } from './load.ts';
import { fakeWebRoot, testConfig } from '../test/support/server.ts';
import { benchCustomerList } from './customers-list.ts';

const scale = {
  miners: Number(process.env.BENCH_MINERS ?? 100_000),
  historyDays: Number(process.env.BENCH_HISTORY_DAYS ?? 5 * 365),
  pageRequests: Number(process.env.BENCH_PAGE_REQUESTS ?? 3_000),
  chunkSize: Number(process.env.BENCH_CHUNK ?? 5_000),
};
const clients = 32;
const ownerId = '0b7d5c2e-1f0a-4c38-9d2e-6a1f2c3b4d04';
const api = '/api/backend/v0.1';

const identity = benchIdentity('owner', ownerId, 'owner@bench.pool');

const line = (text: string) => process.stdout.write(`${text}\n`);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(2);

/**
 * The synthetic pool: 100,000 miners that each mined 50 to 500 TH/s on the day and the two days
 * before, 1 % with a fee of their own, 100 unknown account names, and one miner with five years of
 * daily rewards already in the ledger. From the day on (not the days before, so one run of each is
 * measured): 1,000 virtual-mining contracts, 10 % of the miners splitting 10 % of their net to
 * another, 10 % referred by another miner, and 10 % with a promo code halving their fee.
 */
async function buildPool(database: Database, day: string) {
  const started = performance.now();
  await applyMigrations(database, appMigrations);
  const [pool] = await database.query<{ id: string }>(
    `insert into app.pools (name, is_current, addresses, settings, page_settings)
     values ('Bench pool', true, '[{"type":"stratum","address":"stratum+tcp://stratum.bench.pool:3333"}]',
             '{"default_language":"en","available_languages":["en"],"default_fee_percent":0.9}',
             '{"tax_calculator":false,"mining_report":false,"extra_currencies":[],"app_theme":"default"}') returning id`,
  );
  const poolId = pool?.id ?? '';
  await database.query(
    `insert into app.miners (pool_id, account_name) select $1, 'bench_miner_' || n from generate_series(1, $2) n`,
    [poolId, scale.miners],
  );
  await database.query(
    `insert into app.account_hashrate_1d (account_id, bucket_start, accepted_difficulty, rejected_difficulty, accepted_shares, rejected_shares)
     select id, d, (50 + random() * 450) * 1e12 * 86400 / 4294967296, 0, 5760, 0
     from app.miners cross join (values ($1::timestamptz - interval '2 days'), ($1::timestamptz - interval '1 day'), ($1::timestamptz)) as days(d)`,
    [`${day}T00:00:00Z`],
  );
  await database.query(
    `insert into app.account_activity (account_id, kind, first_share_at, last_share_at)
     select id, 'miner', $1::timestamptz - interval '2 days', $1::timestamptz + interval '1 day' - interval '1 second' from app.miners`,
    [`${day}T00:00:00Z`],
  );
  await database.query(
    `insert into app.fees (miner_id, percent_bp, starts_on) select id, 150, $1::date - 3 from app.miners
     where account_name like 'bench_miner_%00'`,
    [day],
  );
  await database.query(
    `insert into app.virtual_mining_contracts (donor_miner_id, recipient_miner_id, hash_rate_share, starts_at)
     select d.id, r.id, 0.2, $1::timestamptz
     from generate_series(1, 1000) n
     join app.miners d on d.account_name = 'bench_miner_' || (n * 2)
     join app.miners r on r.account_name = 'bench_miner_' || (n * 2 + 1)`,
    [`${day}T00:00:00Z`],
  );
  await seedSharing(database, poolId, day);
  await database.query(
    `insert into app.unallocated_hashrate_1d (pool_id, account_name, day, accepted_difficulty, shares)
     select $1, 'unknown_' || n, $2::date, 100e12 * 86400 / 4294967296, 5760 from generate_series(1, 100) n`,
    [poolId, day],
  );
  await database.query(
    `insert into app.reward_rates (rate_msat, source, effective_from) values (47250, 'network', $1::timestamptz)`,
    [new Date(Date.parse(`${day}T00:00:00Z`) - (scale.historyDays + 10) * dayMs).toISOString()],
  );
  const [history] = await database.query<{ id: string }>(
    `select id from app.miners where account_name = 'bench_miner_1'`,
  );
  const minerId = history?.id ?? '';
  await seedHistory(database, poolId, minerId, day);
  await database.query(`insert into app.users (id, email) values ($1, 'owner@bench.pool')`, [ownerId]);
  await database.query(
    `insert into app.permissions (user_id, type, account_id, role) values ($1, 'miner', $2, 'owner'), ($1, 'pool', $3, 'admin')`,
    [ownerId, minerId, poolId],
  );
  await database.query('analyze');
  line(
    `pool built in ${seconds(started)} s: ${scale.miners} miners mining on ${day} and the two days before, ${scale.historyDays} days of rewards for one of them`,
  );
  return { poolId, minerId };
}

/**
 * Issue 15's sharing from the day on: miners ending in 3 split 10 % of their net to the next miner,
 * those ending in 5 were referred by the one before (the pool's 10 % of the fee for 365 days), and
 * those ending in 7 have a promo code that halves their fee (relative, 50 %).
 */
async function seedSharing(database: Database, poolId: string, day: string) {
  const byNumber = `(select id, substr(account_name, 13)::int as n from app.miners where account_name like 'bench_miner_%')`;
  await database.query(
    `insert into app.profit_splits (donor_miner_id, recipient_miner_id, percent_bp, starts_on)
     select d.id, r.id, 1000, $1::date from ${byNumber} d join ${byNumber} r on r.n = d.n + 1 where d.n % 10 = 3`,
    [day],
  );
  await database.query(
    `insert into app.referrer_codes (miner_id, code)
     select id, 'bench' || n from ${byNumber} m where n % 10 = 4`,
  );
  await database.query(
    `insert into app.referrals (referred_miner_id, referrer_code_id, referrer_miner_id, percent_bp, starts_on, ends_on)
     select d.id, c.id, c.miner_id, 1000, $1::date, $1::date + 365
     from ${byNumber} d join app.referrer_codes c on c.code = 'bench' || (d.n - 1) where d.n % 10 = 5`,
    [day],
  );
  const [promo] = await database.query<{ id: string }>(
    `insert into app.promo_codes (pool_id, code, status, type, fee_type, fee_bp, effective_from)
     values ($1, 'BENCHHALF', 'active', 'universal', 'relative', 5000, $2::timestamptz - interval '30 days') returning id`,
    [poolId, `${day}T00:00:00Z`],
  );
  await database.query(
    `insert into app.promo_code_uses (promo_code_id, miner_id, starts_on)
     select $1, id, $2::date from ${byNumber} m where n % 10 = 7`,
    [promo?.id, day],
  );
}

/** Five years of daily rewards of one miner, as the run writes them: transfer, three legs, breakdown. */
async function seedHistory(database: Database, poolId: string, minerId: string, day: string) {
  const accounts = async (kind: string, owner: string | null) => {
    const [row] = await database.query<{ id: string }>(
      `insert into app.ledger_accounts (kind, owner_id, pool_id, may_go_negative) values ($1::text, $2::uuid, $3::uuid, $1::text = 'reward_clearing') returning id`,
      [kind, owner, poolId],
    );
    return row?.id ?? '';
  };
  const clearing = await accounts('reward_clearing', null);
  const miner = await accounts('miner', minerId);
  const pool = await accounts('pool', poolId);
  await database.query(
    `with days as (
       select d::date as day, (9000 + (random() * 3000)::int)::bigint as gross
       from generate_series($1::date - $2::int, $1::date - 1, interval '1 day') d
     ), transfers as (
       insert into app.ledger_transfers (idempotency_key, created_at, memo)
       select 'reward:' || day || ':' || $3::text, day + interval '33 hours', jsonb_build_object('kind', 'reward', 'day', day, 'gross', gross)
       from days returning id, created_at, (memo->>'gross')::bigint as gross
     )
     insert into app.ledger_entries (transfer_id, account_id, amount, payment_type, created_at)
     select t.id, leg.account, leg.amount, 'reward', t.created_at
     from transfers t cross join lateral (values
       ($4::uuid, -t.gross), ($5::uuid, t.gross - t.gross * 90 / 10000), ($6::uuid, t.gross * 90 / 10000)) as leg(account, amount)`,
    [day, scale.historyDays, minerId, clearing, miner, pool],
  );
  await database.query(
    `insert into app.reward_breakdowns (transfer_id, miner_id, day, hash_rate, rate_msat, gross, fee_bp, fee, shared, net)
     select id, $1::uuid, (memo->>'day')::date, (memo->>'gross')::bigint * 1e15 / 47250, 47250, (memo->>'gross')::bigint, 90,
       (memo->>'gross')::bigint * 90 / 10000, 0, (memo->>'gross')::bigint - (memo->>'gross')::bigint * 90 / 10000
     from app.ledger_transfers where idempotency_key like 'reward:%:' || $1::text`,
    [minerId],
  );
}

/**
 * The 14:00 withdrawal of the day after `day` for the pool's miners: 90 % with an address whose stop
 * has passed, 1 % of those capped at a maximum, the pool's minimum lowered to 1,000 sat so the two
 * days credited above reach it. Then the same run again, and the run resumed over a day paid in full.
 */
async function benchWithdrawal(database: Database, poolId: string, day: string) {
  const payoutDay = dayOf(Date.parse(`${day}T00:00:00Z`) + dayMs);
  await database.query(
    `update app.pools set settings = settings || '{"min_payout_satoshis":1000}'::jsonb where id = $1`,
    [poolId],
  );
  // Each miner its own address, as on a real pool: the batch's outputs and its CSV have one line each.
  const payable = await database.query<{ id: string; account_name: string }>(
    `select id, account_name from app.miners where account_name not like '%0'`,
  );
  await database.query(
    `insert into app.wallets (miner_id, address, max_payment, payouts_stopped_until)
     select id, address, case when account_name like '%00' then 5000 else 0 end, $4::timestamptz - interval '1 day'
     from unnest($1::uuid[], $2::text[], $3::text[]) as t(id, account_name, address)`,
    [
      payable.map((miner) => miner.id),
      payable.map((miner) => miner.account_name),
      payable.map((miner) => demoPayoutAddress(miner.account_name, 'mainnet')),
      `${payoutDay}T00:00:00Z`,
    ],
  );
  await database.query('analyze');
  const withdrawals = withdrawalRun({
    database,
    poolId,
    chunkSize: scale.chunkSize,
    clock: () => Date.parse(`${payoutDay}T14:00:00Z`),
  });
  let started = performance.now();
  const paid = await withdrawals.runPayoutDay(payoutDay);
  line(
    `14:00 withdrawal, ${scale.miners} miners (chunks of ${scale.chunkSize}): ${seconds(started)} s — ${paid.paid} payouts, total ${paid.total} sat`,
  );
  started = performance.now();
  const again = await withdrawals.runPayoutDay(payoutDay).then(
    () => 'paid again (wrong)',
    (error: unknown) => (error as { code?: string }).code ?? 'failed',
  );
  line(`the same withdrawal again: ${seconds(started)} s — ${again}`);
  await database.query(`update app.job_runs set status = 'running', finished_at = null where job = 'payouts'`);
  const [before] = await database.query<{ n: number }>('select count(*)::int as n from app.payout_requests');
  started = performance.now();
  const resumed = await withdrawals.runPayoutDay(payoutDay);
  const [after] = await database.query<{ n: number }>('select count(*)::int as n from app.payout_requests');
  line(
    `the withdrawal resumed over a day paid in full: ${seconds(started)} s — ${resumed.paid} payouts, ${(after?.n ?? 0) - (before?.n ?? 0)} new requests`,
  );
}

/**
 * The batch of the withdrawal's requests (about 100,000 at full scale): the 15:00 schedule claimed
 * with every request put into one batch, its CSV export, then the manual desk's txid and
 * completion, which completes each payment and settles it (payouts in flight -> paid out).
 */
async function benchBatch(database: Database, poolId: string, payoutDay: string) {
  const at = (time: string) => () => Date.parse(`${payoutDay}T${time}Z`);
  await scheduleService({ database, poolId, mode: 'manual', network: 'mainnet', clock: at('14:30:00') }).schedules();
  const batches = batchRun({ database, poolId, broadcast: manualDesk, confirmations: 3, clock: at('15:00:00') });
  let started = performance.now();
  const made = await batches.batchDue();
  line(`the batch at 15:00: ${seconds(started)} s — ${made?.count ?? 0} requests, total ${made?.total ?? 0n} sat`);
  if (!made?.batchId) return;
  const desk = batchDesk({ database, poolId, confirmations: 3, clock: at('15:10:00') });
  started = performance.now();
  const { csv } = await desk.exportOf(made.batchId);
  line(`its CSV export: ${seconds(started)} s — ${csv.length} bytes`);
  started = performance.now();
  await desk.recordTxid(made.batchId, 'f'.repeat(64));
  line(`its txid recorded (requests sent): ${seconds(started)} s`);
  started = performance.now();
  const completed = await desk.complete(made.batchId);
  line(`its completion, ${completed.count} payments settled: ${seconds(started)} s — ${completed.status}`);
}

/** The processing earnings card of the pool and of one miner, one request at a time. */
async function benchProcessing(app: Awaited<ReturnType<typeof buildApp>>, poolId: string, minerId: string) {
  try {
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    for (const [name, path, requests] of [
      [`the pool's, ${scale.miners} miners`, `${api}/pools/${poolId}/processing-earnings`, 5],
      ['one miner’s', `${api}/miners/${minerId}/processing-earnings`, 200],
    ] as const) {
      const measured = await load(
        origin,
        Array.from({ length: requests }, () => path),
        1,
      );
      line(
        `processing earnings, ${name} (3 days not credited), ${requests} requests one at a time: p50 ${measured.p50.toFixed(1)} ms, p99 ${measured.p99.toFixed(1)} ms${measured.failed ? `, ${measured.failed} failed` : ''}`,
      );
    }
  } finally {
    await app.close();
  }
}

const load = (origin: string, paths: string[], concurrency: number) =>
  loadRequests(
    origin,
    paths.map((path) => ({ path })),
    { concurrency, headers: { cookie: 'session=owner' } },
  );

async function main() {
  // BENCH_SECTIONS=customers (or =pool) runs one section alone; both by default.
  const sections = (process.env.BENCH_SECTIONS ?? 'pool,customers').split(',');
  if (!sections.includes('pool')) return;
  const now = Date.now();
  // The settlement day that ended last midnight; the run may credit it at once.
  const day = dayOf(now - (now % dayMs) - dayMs);
  const { database, drop } = await createBenchDatabase('bench_money');
  try {
    // Figures compare run to run only on a machine as idle: the load says how idle it was.
    const loadAverage = () =>
      loadavg()
        .map((value) => value.toFixed(1))
        .join(' ');
    line(`bench:money on ${database.description}, ${cpus().length} cores, load ${loadAverage()}`);
    const { poolId, minerId } = await buildPool(database, day);
    const run = rewardRun({ database, poolId, chunkSize: scale.chunkSize });
    const engine = miningEngine({ database, pool: { id: poolId, name: 'Bench pool' }, tickInterval: 0 });
    await engine.start();
    const appWith = (readCache: boolean) =>
      buildApp({
        config: testConfig({ EXCHANGE_RATES_URL: 'off' }),
        database,
        poolId,
        identity: { public: identity, admin: {} as IdentityAdminClient },
        version: 'bench',
        webRoot: fakeWebRoot(),
        readiness: {},
        mining: { engine },
        money: { rewards: run, readCache },
      });

    // Before the runs every miner has three days mined and not credited, as each morning before
    // 09:00 has one: the pool's estimate goes over all of them, with each miner's fee.
    await benchProcessing(await appWith(true), poolId, minerId);

    // Two days before first: every miner's ledger account opens then. The day before is the steady
    // state without sharing, the day itself the steady state with it.
    const dayBefore = dayOf(Date.parse(`${day}T00:00:00Z`) - dayMs);
    const twoDaysBefore = dayOf(Date.parse(`${day}T00:00:00Z`) - 2 * dayMs);
    let started = performance.now();
    const first = await run.runRewardDay(twoDaysBefore);
    line(
      `reward run, ${scale.miners} miners, their accounts opened on the way (chunks of ${scale.chunkSize}): ${seconds(started)} s — credited ${first.credited}`,
    );
    started = performance.now();
    const plain = await run.runRewardDay(dayBefore);
    line(
      `reward run, ${scale.miners} miners, the next day, without sharing: ${seconds(started)} s — credited ${plain.credited}, total ${plain.total} sat`,
    );
    started = performance.now();
    const result = await run.runRewardDay(day);
    line(
      `reward run, ${scale.miners} miners, the day after, with sharing: ${seconds(started)} s — credited ${result.credited}, unallocated ${result.unallocated}, total ${result.total} sat`,
    );
    const [shared] = await database.query<{ vm: number; splits: number; referrals: number; promos: number }>(
      `select (select count(*)::int from app.ledger_transfers where idempotency_key like 'vm:' || $1 || ':%') as vm,
         (select count(*)::int from app.ledger_transfers where idempotency_key like 'split:' || $1 || ':%') as splits,
         (select count(*)::int from app.ledger_transfers where idempotency_key like 'referral:' || $1 || ':%') as referrals,
         (select count(*)::int from app.reward_breakdowns where day = $1::date and promo_code_id is not null) as promos`,
      [day],
    );
    line(
      `  with ${shared?.vm} virtual-mining transfers, ${shared?.splits} profit splits, ${shared?.referrals} referral shares, ${shared?.promos} rewards under a promo code`,
    );

    started = performance.now();
    const again = await run.runRewardDay(day).then(
      () => 'credited again (wrong)',
      (error: unknown) => (error as { code?: string }).code ?? 'failed',
    );
    line(`the same run again: ${seconds(started)} s — ${again}`);

    // A process that died after the last chunk, before marking the day done: the resumed run
    // finds every miner credited and writes nothing.
    await database.query(`update app.job_runs set status = 'running', finished_at = null where day = $1`, [day]);
    const [entriesBefore] = await database.query<{ n: number }>('select count(*)::int as n from app.ledger_entries');
    started = performance.now();
    const resumed = await run.runRewardDay(day);
    const [entriesAfter] = await database.query<{ n: number }>('select count(*)::int as n from app.ledger_entries');
    line(
      `the run resumed over a day fully credited: ${seconds(started)} s — credited ${resumed.credited}, ${(entriesAfter?.n ?? 0) - (entriesBefore?.n ?? 0)} new entries`,
    );

    await benchWithdrawal(database, poolId, day);
    await benchBatch(database, poolId, dayOf(Date.parse(`${day}T00:00:00Z`) + dayMs));

    // The runs wrote 600,000 entries since the last analyze; autovacuum would have analyzed them
    // before a day's worth of readers came, so the reads are measured on fresh statistics too.
    await database.query('analyze');
    try {
      const [rows] = await database.query<{ n: number }>(
        `select count(*)::int as n from app.ledger_entries e join app.ledger_accounts a on a.id = e.account_id
         where a.kind = 'miner' and a.owner_id = $1`,
        [minerId],
      );
      const pages: { name: string; path: (n: number) => string }[] = [
        { name: 'first page, 20 a page', path: () => `${api}/miners/${minerId}/payments` },
        { name: 'pages 1 to 50, 20 a page', path: (n) => `${api}/miners/${minerId}/payments?page=${1 + (n % 50)}` },
        {
          name: 'rewards of one year, 100 a page',
          path: (n) =>
            `${api}/miners/${minerId}/payments?type=reward&from=2024-01-01&to=2024-12-31&per_page=100&page=${1 + (n % 4)}`,
        },
      ];
      const measurePages = async (origin: string) => {
        for (const page of pages) {
          await load(
            origin,
            Array.from({ length: 200 }, (_, n) => page.path(n)),
            clients,
          );
          const measured = await load(
            origin,
            Array.from({ length: scale.pageRequests }, (_, n) => page.path(n)),
            clients,
          );
          line(
            `  ${page.name.padEnd(34)} p50 ${measured.p50.toFixed(2).padStart(7)} ms   p99 ${measured.p99.toFixed(2).padStart(7)} ms   ${(scale.pageRequests / (measured.elapsed / 1000)).toFixed(0)} req/s${measured.failed ? `   ${measured.failed} failed` : ''}`,
          );
        }
      };
      // From the database first, then remembered: a reader's first look at a page costs the former.
      for (const readCache of [false, true]) {
        const app = await appWith(readCache);
        try {
          const origin = await app.listen({ port: 0, host: '127.0.0.1' });
          const probe = await fetch(`${origin}${api}/miners/${minerId}/payments`, {
            headers: { cookie: 'session=owner' },
          });
          if (probe.status !== 200) {
            line(`payments page: GET miners/{id}/payments answered ${probe.status}; not measured`);
            return;
          }
          line(
            `payments page of an account with ${rows?.n} payments (${scale.historyDays} days), ${clients} clients, ${readCache ? 'remembered until money changes' : 'read from the database every time'}:`,
          );
          await measurePages(origin);
        } finally {
          await app.close();
        }
      }
    } finally {
      await engine.stop();
      line(`load at the end ${loadAverage()}`);
    }
  } finally {
    await drop();
  }
}

await warmUp();
await main();
if ((process.env.BENCH_SECTIONS ?? 'pool,customers').split(',').includes('customers')) await benchCustomerList(line);
