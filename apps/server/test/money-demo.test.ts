import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import { demoRateHistory } from '../src/demo/money.ts';
import { ledgerRepository } from '../src/modules/money/ledger/ledger-repository.ts';
import { payableAddress } from '../src/modules/payouts/wallets/address-validation.ts';
import { withdrawalRun } from '../src/modules/payouts/withdrawal/withdrawal-run.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import { fakeWebRoot, testConfig } from './support/server.ts';

// The whole server starts with the demo and its simulator, which takes long on a loaded machine.
const startsServer = { timeout: 240_000 };

describe.each(testDatabaseKinds)('the demo’s money on %s', startsServer, (kind) => {
  let database: Database;
  let server: RunningServer;
  // 10:00 UTC: yesterday is due already (09:00), so the whole simulated week is credited at start.
  const startedAt = Date.now();
  const clock = () => Date.parse('2026-03-10T10:00:00Z') + (Date.now() - startedAt);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startServer(testConfig({ SIMULATOR: 'on' }), {
      database,
      webRoot: fakeWebRoot(),
      clock,
    });
  }, startsServer.timeout);
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('has a realistic reward-rate history: about 40 to 60 sat per TH/s per day, changing every few days', () => {
    const rates = demoRateHistory(clock());
    expect(rates.length).toBeGreaterThan(30);
    for (const rate of rates) {
      expect(Number(rate.rateMsat) / 1000).toBeGreaterThanOrEqual(40);
      expect(Number(rate.rateMsat) / 1000).toBeLessThanOrEqual(60);
    }
    const gaps = rates
      .slice(1)
      .map((rate, index) => rate.effectiveFrom.getTime() - (rates[index]?.effectiveFrom.getTime() ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(2 * 86_400_000);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(6 * 86_400_000);
  });

  it('credits the simulated week on the first start: every day up to yesterday, once', async () => {
    // What the start credited, read from the tables the run wrote.
    const days = await database.query<{ day: string; status: string }>(
      `select day::text as day, status from app.job_runs where job = 'rewards' order by day`,
    );
    expect(days.map((row) => row.day)).toEqual([
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
    ]);
    expect(new Set(days.map((row) => row.status))).toEqual(new Set(['done']));
    const alice = await database.query<{ day: string; fee_bp: number }>(
      `select b.day::text as day, b.fee_bp from app.reward_breakdowns b join app.miners m on m.id = b.miner_id
       where m.account_name = 'alice_hash' order by b.day`,
    );
    expect(alice.map((row) => row.day)).toEqual(days.map((row) => row.day));
    expect(new Set(alice.map((row) => row.fee_bp))).toEqual(new Set([90]));
    // Bob's own 1.5 % started four days ago, on the 6th.
    const bob = await database.query<{ day: string; fee_bp: number }>(
      `select b.day::text as day, b.fee_bp from app.reward_breakdowns b join app.miners m on m.id = b.miner_id
       where m.account_name = 'bob_mining' order by b.day`,
    );
    expect(bob.filter((row) => row.fee_bp === 150).map((row) => row.day)[0]).toBe('2026-03-06');
    // Issue 16: northhash's customers pay its 2.5 % and 2 %; the pool keeps 0.9 %, northhash the rest.
    const customers = await database.query<{ account_name: string; fee_bp: number; fee: string; share: string }>(
      `select m.account_name, b.fee_bp, b.fee::text as fee, b.operator_share::text as share
       from app.reward_breakdowns b join app.miners m on m.id = b.miner_id
       where m.account_name in ('carol_farm', 'dave_solo') and b.gross > 0`,
    );
    expect(new Set(customers.map((row) => `${row.account_name} ${row.fee_bp}`))).toEqual(
      new Set(['carol_farm 250', 'dave_solo 200']),
    );
    for (const row of customers) expect(BigInt(row.share) > 0n && BigInt(row.share) < BigInt(row.fee)).toBe(true);
    const [operator] = await database.query<{ balance: string }>(
      `select a.balance::text as balance from app.ledger_accounts a join app.operators o on o.id = a.owner_id
       where a.kind = 'operator' and o.operator_name = 'northhash'`,
    );
    expect(BigInt(operator?.balance ?? 0)).toBe(customers.reduce((sum, row) => sum + BigInt(row.share), 0n));
    const unallocated = await database.query<{ account_name: string }>(
      'select distinct account_name from app.unallocated_funds',
    );
    expect(unallocated).toEqual([{ account_name: 'davesolo' }]);
  });

  it('tells nobody of the seeded payout addresses: no such notice waits and no mail was queued', async () => {
    expect(await database.query("select kind from app.notification_events where kind like 'miner-wallet-%'")).toEqual(
      [],
    );
    expect(
      await database.query("select subject from app.outbox where subject like '%payout address changed%'"),
    ).toEqual([]);
  });

  it('gives the demo miners payout wallets the 14:00 run pays: alice her week, not bob, who waits for 0.005 BTC', async () => {
    const wallets = await database.query<{ account_name: string; address: string; stopped_until: Date | string }>(
      `select m.account_name, w.address, w.payouts_stopped_until as stopped_until
       from app.wallets w join app.miners m on m.id = w.miner_id order by m.account_name`,
    );
    expect(wallets.map((wallet) => wallet.account_name)).toEqual([
      'alice_hash',
      'bob_mining',
      'carol_farm',
      'dave_solo',
    ]);
    for (const wallet of wallets) {
      expect(payableAddress(wallet.address, 'mainnet')).toBe(wallet.address);
      expect(new Date(wallet.stopped_until).getTime()).toBeLessThan(clock());
    }
    const [pool] = await database.query<{ id: string }>('select id from app.pools where is_current');
    const payouts = withdrawalRun({
      database,
      poolId: pool?.id ?? '',
      clock: () => Date.parse('2026-03-10T14:00:00Z'),
    });
    const [alice = '', bob = ''] = await Promise.all(
      ['alice_hash', 'bob_mining'].map(async (name) => {
        const [row] = await database.query<{ id: string }>('select id from app.miners where account_name = $1', [name]);
        return row?.id ?? '';
      }),
    );
    const ledger = ledgerRepository(database, pool?.id ?? '');
    const before = (await ledger.balanceOf('miner', alice)).balance;
    const bobBefore = (await ledger.balanceOf('miner', bob)).balance;
    expect(before).toBeGreaterThanOrEqual(100_000n);
    expect(bobBefore).toBeLessThan(500_000n);
    const [result] = await payouts.catchUp();
    expect(result?.day).toBe('2026-03-10');
    const requests = await database.query<{ miner_id: string; amount: string }>(
      'select miner_id, amount::text as amount from app.payout_requests',
    );
    expect(requests).toContainEqual({ miner_id: alice, amount: before.toString() });
    expect(requests.map((request) => request.miner_id)).not.toContain(bob);
    expect((await ledger.balanceOf('miner', alice)).balance).toBe(0n);
    expect((await ledger.balanceOf('miner', bob)).balance).toBe(bobBefore);
  });
});
