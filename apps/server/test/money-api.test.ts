import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import type {
  Balance,
  CurrentFee,
  EarnedAllTime,
  Fee,
  FeeList,
  MiningReportList,
  MiningReportMonth,
  PaymentsPage,
  RewardRate,
  RewardRateHistory,
  RewardRunResult,
  UnallocatedPage,
  UnallocatedTransaction,
} from '@pool/contract/money';
import type { ErrorBody } from '@pool/contract/errors';
import { transaction } from '../src/modules/mining/sql.ts';
import { btcOf, csvField, exportFileName } from '../src/modules/money/export/csv.ts';
import { ledgerRepository, ledgerWrites } from '../src/modules/money/ledger/ledger-repository.ts';
import { insertBreakdowns, insertUnallocatedFunds } from '../src/modules/money/rewards/reward-repository.ts';
import { rewardTerms } from '../src/modules/money/rewards/terms-repository.ts';
import type { TestBrowser } from './support/browser.ts';
import { testFactory, type TestFactory, type TestMiner } from './support/factory.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { awayFromMidnight, midnightWaitTimeout } from './support/midnight.ts';

const api = '/api/backend/v0.1';
const dayMs = 86_400_000;

describe('payments CSV', () => {
  it('quotes fields as RFC 4180 says: commas, quotes and line breaks in quotes, quotes doubled', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('')).toBe('');
  });

  it('writes BTC from integer satoshis with exactly 8 decimals', () => {
    expect(btcOf(0)).toBe('0.00000000');
    expect(btcOf(1)).toBe('0.00000001');
    expect(btcOf(7451)).toBe('0.00007451');
    expect(btcOf(2_100_000_000_000_000)).toBe('21000000.00000000');
    expect(btcOf(-123_456_789)).toBe('-1.23456789');
  });

  it('names the file after the account, the period and the UTC day', () => {
    expect(exportFileName('alice_hash', 30, Date.parse('2026-11-23T23:59:59Z'))).toBe(
      'payments-alice_hash-30d-2026-11-23.csv',
    );
  });
});

/**
 * The money API over ledger rows the engine's own functions write (the ledger's post, the reward
 * breakdowns and unallocated funds of the reward run), so the database's balancing triggers hold.
 * Every figure below is worked out by hand in the comments.
 */
describe.each(testDatabaseKinds)('money API on %s', (kind) => {
  // Its tests take today from the clock, as the server does.
  beforeAll(awayFromMidnight, midnightWaitTimeout);
  let database: Database;
  let server: TestServer;
  let factory: TestFactory;
  let alice: TestMiner;
  let bob: TestMiner;
  const as: Record<string, TestBrowser> = {};
  const tokens = { payments: '', workers: '' };
  let unallocatedId = '';
  /** A settled day: yesterday (UTC); the fixture's reward is for it. Taken once away from midnight. */
  let day = '';
  let month = '';

  beforeAll(async () => {
    day = new Date(Date.now() - dayMs).toISOString().slice(0, 10);
    month = day.slice(0, 7);
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
    factory = await testFactory(database, server);
    const aliceOwner = await factory.newPerson();
    alice = await factory.newMiner({ owner: aliceOwner, accountName: `alice_${kind}` });
    bob = await factory.newMiner({ accountName: `bob_${kind}` });
    const poolAdmin = await factory.newPerson({ totp: true });
    await factory.grant(poolAdmin, factory.pool, 'admin');
    const platformAdmin = await factory.newPerson({ totp: true });
    await factory.grant(platformAdmin, factory.platform, 'admin');
    const viewer = await factory.newPerson();
    await factory.grant(viewer, alice, 'viewer');
    const accountant = await factory.newPerson();
    await factory.grant(accountant, alice, 'accountant');
    for (const [name, person] of Object.entries({
      alice: aliceOwner,
      bob: bob.owner,
      poolAdmin,
      platformAdmin,
      viewer,
      accountant,
    })) {
      as[name] = await factory.signIn(person);
    }
    tokens.payments = (await factory.newWatcher(alice, { by: aliceOwner, access: ['Payments'] })).token;
    tokens.workers = (await factory.newWatcher(alice, { by: aliceOwner, access: ['Workers'] })).token;

    // Alice's reward for the day: 150 TH/s at 50.123 sat per TH/s per day, fee 0.9 %.
    // gross = floor(150e12 × 50,123 msat / 1e15) = floor(7,518.45) = 7,518; fee = floor(7,518 × 90 / 10,000) = 67;
    // net = 7,451. Then a virtual-mining contract moves 1,000 of it to bob.
    const ledger = ledgerRepository(database, factory.pool.id);
    await transaction(database, async (query) => {
      const key = `reward:${day}:${alice.id}`;
      const written = await ledgerWrites(query, factory.pool.id).post([
        {
          key,
          memo: { kind: 'reward', day, miner_id: alice.id },
          legs: [
            { account: { kind: 'reward_clearing' }, amount: -7518n, type: 'reward' },
            { account: { kind: 'miner', ownerId: alice.id }, amount: 7451n, type: 'reward' },
            { account: { kind: 'pool', ownerId: factory.pool.id }, amount: 67n, type: 'reward' },
          ],
        },
      ]);
      await insertBreakdowns(query, [
        {
          transferId: written.get(key) ?? '',
          minerId: alice.id,
          day,
          hashRate: 150e12,
          rateMsat: 50_123n,
          gross: 7518n,
          feeBp: 90,
          fee: 67n,
          shared: 1000n,
          net: 7451n,
        },
      ]);
    });
    await ledger.post({
      key: `vm:${day}:${randomUUID()}`,
      memo: { kind: 'virtual_mining', day },
      legs: [
        { account: { kind: 'miner', ownerId: alice.id }, amount: -1000n, type: 'virtual_mining_transfer' },
        { account: { kind: 'miner', ownerId: bob.id }, amount: 1000n, type: 'virtual_mining_reward' },
      ],
    });
    // Shares of a name no miner has: 20 TH/s -> floor(20e12 × 50,123 / 1e15) = 1,002 sat to unallocated funds.
    await transaction(database, async (query) => {
      const key = `unallocated:${day}:${factory.pool.id}:ghost_rig`;
      const written = await ledgerWrites(query, factory.pool.id).post([
        {
          key,
          memo: { kind: 'unallocated', day, account_name: 'ghost_rig' },
          legs: [
            { account: { kind: 'reward_clearing' }, amount: -1002n, type: 'reward' },
            { account: { kind: 'unallocated' }, amount: 1002n, type: 'reward' },
          ],
        },
      ]);
      unallocatedId = written.get(key) ?? '';
      await insertUnallocatedFunds(query, factory.pool.id, 'pool.example.com', [
        { transferId: unallocatedId, day, accountName: 'ghost_rig', hashRate: 20e12, amount: 1002n },
      ]);
    });
    // A whole server and six signed-in people (two with a second factor): on a loaded machine
    // this takes longer than the default hook timeout.
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const get = <T>(who: string, path: string) => {
    const browser = as[who];
    if (!browser) throw new Error(`no browser for ${who}`);
    return browser.json<T>(`${api}${path}`);
  };
  const send = <T>(who: string, method: string, path: string, body: unknown) => {
    const browser = as[who];
    if (!browser) throw new Error(`no browser for ${who}`);
    return browser.json<T>(`${api}${path}`, { method, body: JSON.stringify(body) });
  };
  const asWatcher = async (token: string, path: string) => {
    const response = await fetch(`${server.listeningOn}${api}${path}`, { headers: { 'x-watcher-token': token } });
    return { status: response.status, body: await response.json() };
  };
  const fieldsOf = (body: unknown) => ((body as ErrorBody).error.fields ?? []).map((field) => field.field).sort();

  it('answers balances as the sums of entries: alice 7,451 − 1,000, bob 1,000, the pool its fee of 67', async () => {
    const own = await get<Balance>('alice', `/miners/${alice.id}/balance`);
    expect(own.status).toBe(200);
    expect(own.body.balance).toBe(6451);
    expect(own.body.updated_at).not.toBeNull();
    expect((await get<Balance>('bob', `/miners/${bob.id}/balance`)).body.balance).toBe(1000);
    expect((await get<Balance>('poolAdmin', `/pools/${factory.pool.id}/balance`)).body).toMatchObject({ balance: 67 });
    const nothing = await get<Balance>('poolAdmin', `/miners/${(await factory.newMiner()).id}/balance`);
    expect(nothing.body).toEqual({ balance: 0, updated_at: null });
  });

  it('answers what was earned by mining: the net less what contracts moved away', async () => {
    const earned = (await get<EarnedAllTime>('alice', `/miners/${alice.id}/earned-all-time`)).body;
    // 7,451 net less the 1,000 a contract moved to bob; since the settlement day of the first reward.
    expect(earned).toEqual({ amount: 6451, since: day });
    expect((await get<EarnedAllTime>('bob', `/miners/${bob.id}/earned-all-time`)).body.amount).toBe(1000);
  });

  it('lists payments newest first with the reward breakdown to the satoshi, filters and pages', async () => {
    const all = await get<PaymentsPage>('alice', `/miners/${alice.id}/payments`);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(2);
    expect(all.body.items.map((item) => [item.type, item.direction, item.amount, item.counterparty])).toEqual([
      ['virtual_mining_transfer', 'outgoing', 1000, bob.accountName],
      ['reward', 'incoming', 7451, factory.pool.name],
    ]);
    expect(all.body.items[1]?.reward).toEqual({
      day,
      hash_rate: 150e12,
      rate: 50.123,
      gross: 7518,
      fee_percent: 0.9,
      fee: 67,
      shared: 1000,
      net: 7451,
    });
    expect(all.body.items[1]?.status).toBe('completed');

    const rewards = await get<PaymentsPage>('alice', `/miners/${alice.id}/payments?type=reward`);
    expect(rewards.body.items.map((item) => item.type)).toEqual(['reward']);
    const both = await get<PaymentsPage>(
      'alice',
      `/miners/${alice.id}/payments?type=reward&type=virtual_mining_transfer&direction=incoming`,
    );
    expect(both.body.items.map((item) => item.type)).toEqual(['reward']);
    const second = await get<PaymentsPage>('alice', `/miners/${alice.id}/payments?per_page=1&page=2`);
    expect(second.body).toMatchObject({ total: 2, page: 2, per_page: 1 });
    expect(second.body.items.map((item) => item.type)).toEqual(['reward']);
    const beyond = await get<PaymentsPage>('alice', `/miners/${alice.id}/payments?per_page=1&page=3`);
    expect(beyond.body).toMatchObject({ items: [], total: 2 });
    const before = await get<PaymentsPage>('alice', `/miners/${alice.id}/payments?to=2025-01-01`);
    expect(before.body).toMatchObject({ items: [], total: 0 });
    const written = all.body.items[1]?.created_at.slice(0, 10) ?? '';
    const within = await get<PaymentsPage>('alice', `/miners/${alice.id}/payments?from=${written}&to=${written}`);
    expect(within.body.items.map((item) => item.id)).toEqual(all.body.items.map((item) => item.id));
    const pending = await get<PaymentsPage>('alice', `/miners/${alice.id}/payments?status=pending`);
    expect(pending.body.total).toBe(0);
    const fee = await get<PaymentsPage>('poolAdmin', `/pools/${factory.pool.id}/payments`);
    expect(fee.body.items.map((item) => [item.type, item.amount, item.counterparty])).toEqual([
      ['reward', 67, alice.accountName],
    ]);
  });

  it('refuses payment queries out of range with field errors', async () => {
    for (const [query, fields] of [
      ['per_page=0', ['per_page']],
      ['per_page=101', ['per_page']],
      ['page=0', ['page']],
      ['page=abc', ['page']],
      ['type=bonus', ['type']],
      ['direction=sideways', ['direction']],
      ['status=lost', ['status']],
      ['from=2026-13-01', ['from']],
      ['from=2026-11-20&to=2026-11-19', ['to']],
    ] as const) {
      const response = await get<ErrorBody>('alice', `/miners/${alice.id}/payments?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error.code).toBe('validation_failed');
      expect(fieldsOf(response.body), query).toEqual(fields);
    }
  });

  it('exports the last 7, 30 or 90 days as an RFC 4180 CSV file in BTC with 8 decimals and UTC times', async () => {
    const browser = as.alice as TestBrowser;
    const response = await browser.fetch(`${api}/miners/${alice.id}/payments/export?days=7`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="payments-${alice.accountName}-7d-${today}.csv"`,
    );
    const text = await response.text();
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at_utc,type,direction,status,amount_btc,counterparty,reward_day,hash_rate_hs,rate_sat_per_ths_day,gross_btc,fee_percent,fee_btc,shared_btc,net_btc',
    );
    const list = (await get<PaymentsPage>('alice', `/miners/${alice.id}/payments`)).body.items;
    expect(lines.slice(1)).toEqual([
      `${list[0]?.id},${list[0]?.created_at},virtual_mining_transfer,outgoing,completed,0.00001000,${bob.accountName},,,,,,,,`,
      `${list[1]?.id},${list[1]?.created_at},reward,incoming,completed,0.00007451,${factory.pool.name},${day},150000000000000,50.123,0.00007518,0.9,0.00000067,0.00001000,0.00007451`,
    ]);
    expect(list[0]?.created_at).toMatch(/Z$/);
    for (const days of ['0', '10', '365', 'week', '']) {
      const refused = await get<ErrorBody>('alice', `/miners/${alice.id}/payments/export?days=${days}`);
      expect(refused.status, days).toBe(400);
      expect(fieldsOf(refused.body)).toEqual(['days']);
    }
    const watcher = await fetch(`${server.listeningOn}${api}/miners/${alice.id}/payments/export?days=90`, {
      headers: { 'x-watcher-token': tokens.payments },
    });
    expect(watcher.status).toBe(200);
    expect((await watcher.text()).trimEnd().split('\r\n')).toHaveLength(3);
  });

  it('answers the mining report of a month with its days, and every month from January 2025', async () => {
    const report = await get<MiningReportMonth>('alice', `/miners/${alice.id}/mining-report?month=${month}`);
    expect(report.status).toBe(200);
    expect(report.body).toEqual({
      month,
      hash_rate: 150e12,
      days_mined: 1,
      gross: 7518,
      fees: 67,
      net: 7451,
      payouts: 0,
      btc_usd: null,
      btc_rub: null,
      days: [{ day, hash_rate: 150e12, gross: 7518, fee: 67, net: 7451 }],
    });
    const list = await get<MiningReportList>('alice', `/miners/${alice.id}/mining-report`);
    const now = new Date();
    const months = (now.getUTCFullYear() - 2025) * 12 + now.getUTCMonth() + 1;
    expect(list.body.items).toHaveLength(months);
    expect(list.body.items.at(-1)?.month).toBe('2025-01');
    expect(list.body.items.find((item) => item.month === month)).toMatchObject({ net: 7451, days_mined: 1 });
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
    for (const bad of ['2024-12', '2025-13', '2025-1', 'May', next]) {
      const refused = await get<ErrorBody>('alice', `/miners/${alice.id}/mining-report?month=${bad}`);
      expect(refused.status, bad).toBe(400);
      expect(fieldsOf(refused.body)).toEqual(['month']);
    }
  });

  it('sets a fee from tomorrow for pool staff with step-up, and refuses bad percents changing nothing', async () => {
    const before = await get<CurrentFee>('alice', `/miners/${alice.id}/fees/current`);
    expect(before.body).toEqual({ percent: 0.9, start_date: null, fee: null });
    for (const body of [{ percent: 101 }, { percent: -1 }, { percent: 0.001 }, { percent: '1' }, {}]) {
      const refused = await send<ErrorBody>('poolAdmin', 'POST', `/miners/${alice.id}/fees`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(refused.body)).toEqual(['percent']);
    }
    const owner = await send<ErrorBody>('alice', 'POST', `/miners/${alice.id}/fees`, { percent: 0 });
    expect(owner.status).toBe(403);
    // Pool staff without a recent second factor: the step-up rule refuses the critical change.
    const staff = await factory.newPerson();
    await factory.grant(staff, factory.pool, 'admin');
    as.staffWithoutTotp = await factory.signIn(staff);
    const noStepUp = await send<ErrorBody>('staffWithoutTotp', 'POST', `/miners/${alice.id}/fees`, { percent: 2 });
    expect(noStepUp.status).toBe(403);
    expect(noStepUp.body.error.code).toBe('additional_authentication_required');
    const platformWithoutTotp = await factory.newPerson();
    await factory.grant(platformWithoutTotp, factory.platform, 'admin');
    as.platformWithoutTotp = await factory.signIn(platformWithoutTotp);
    const rate = await send<ErrorBody>('platformWithoutTotp', 'PUT', '/platform/rewards/rates/current', { rate: 60 });
    expect(rate.body.error.code).toBe('additional_authentication_required');
    expect((await get<FeeList>('alice', `/miners/${alice.id}/fees`)).body).toEqual({ items: [], default_percent: 0.9 });

    const created = await send<Fee>('poolAdmin', 'POST', `/miners/${alice.id}/fees`, {
      percent: 1.5,
      comment: 'volume, "tier 2"',
    });
    expect(created.status).toBe(201);
    const tomorrow = new Date(Date.now() + dayMs).toISOString().slice(0, 10);
    expect(created.body).toMatchObject({
      percent: 1.5,
      start_date: tomorrow,
      end_date: null,
      period: null,
      comment: 'volume, "tier 2"',
    });
    // It starts tomorrow: today the pool default is still in force.
    expect((await get<CurrentFee>('alice', `/miners/${alice.id}/fees/current`)).body.percent).toBe(0.9);
    expect((await get<FeeList>('alice', `/miners/${alice.id}/fees`)).body.items.map((fee) => fee.percent)).toEqual([
      1.5,
    ]);
  });

  it('keeps reward rates for the platform: history, sources, and a new current rate with step-up', async () => {
    for (const body of [{ rate: 0 }, { rate: -5 }, { rate: 10_000_001 }, { rate: 1.0001 }, {}]) {
      const refused = await send<ErrorBody>('platformAdmin', 'PUT', '/platform/rewards/rates/current', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(refused.body)).toEqual(['rate']);
    }
    // Nothing was set by the refused calls above.
    expect((await get<RewardRateHistory>('platformAdmin', '/platform/rewards/rates')).body).toEqual({
      items: [],
      current: null,
    });
    const set = await send<RewardRate>('platformAdmin', 'PUT', '/platform/rewards/rates/current', { rate: 48.5 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ rate: 48.5, source: 'manual' });
    const history = await get<RewardRateHistory>('platformAdmin', '/platform/rewards/rates');
    expect(history.body.items.map((rate) => rate.rate)).toEqual([48.5]);
    expect(history.body.current?.id).toBe(set.body.id);
    expect(history.body.current?.set_by).toMatch(/@factory\.test$/);
    const sources = await get<{ items: { source: string; rate: number | null; error: string | null }[] }>(
      'platformAdmin',
      '/platform/rewards/rates/external-sources',
    );
    expect(sources.body.items.map((item) => [item.source, item.rate])).toEqual([
      ['manual', 48.5],
      ['network', null],
    ]);
    for (const who of ['alice', 'poolAdmin', 'accountant']) {
      expect((await get('' + who, '/platform/rewards/rates')).status, who).toBe(403);
      expect((await send(who, 'PUT', '/platform/rewards/rates/current', { rate: 1 })).status, who).toBe(403);
    }
  });

  it('refunds unallocated funds once to a miner found by account name; twice is transaction_already_refunded', async () => {
    const list = await get<UnallocatedPage>('platformAdmin', '/platform/rewards/unallocated-funds');
    expect(list.body).toMatchObject({ total: 1, held: 1002, page: 1, per_page: 20 });
    expect(list.body.items[0]).toMatchObject({
      id: unallocatedId,
      day,
      amount: 1002,
      metadata: { pool_domain: 'pool.example.com', hash_rate: 20e12, account: 'ghost_rig' },
      refund: null,
    });
    const path = `/platform/rewards/unallocated-funds/${unallocatedId}/refund`;
    const unknown = await send<ErrorBody>('platformAdmin', 'POST', path, { account_name: 'nobody_here' });
    expect(unknown.status).toBe(400);
    expect(fieldsOf(unknown.body)).toEqual(['account_name']);
    expect((await send('platformAdmin', 'POST', path, { account_name: ' ' })).status).toBe(400);
    expect((await send('alice', 'POST', path, { account_name: alice.accountName })).status).toBe(403);
    expect((await get<Balance>('alice', `/miners/${alice.id}/balance`)).body.balance).toBe(6451);

    const refunded = await send<UnallocatedTransaction>('platformAdmin', 'POST', path, {
      account_name: alice.accountName,
    });
    expect(refunded.status).toBe(200);
    expect(refunded.body.refund).toMatchObject({ to_account: alice.accountName, miner_id: alice.id });
    // 6,451 + 1,002 = 7,453.
    expect((await get<Balance>('alice', `/miners/${alice.id}/balance`)).body.balance).toBe(7453);
    const again = await send<ErrorBody>('platformAdmin', 'POST', path, { account_name: bob.accountName });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'transaction_already_refunded', message: 'Transaction already refunded' });
    expect((await get<Balance>('bob', `/miners/${bob.id}/balance`)).body.balance).toBe(1000);
    const after = await get<UnallocatedPage>('platformAdmin', '/platform/rewards/unallocated-funds?refunded=false');
    expect(after.body).toMatchObject({ items: [], total: 0, held: 0 });
    expect(
      (
        await send('platformAdmin', 'POST', `/platform/rewards/unallocated-funds/${randomUUID()}/refund`, {
          account_name: alice.accountName,
        })
      ).status,
    ).toBe(404);
  });

  it('runs a reward day for the platform once; again is reward_already_processed, an unended day a field error', async () => {
    // A rate in force from well before the day, set through the engine's terms.
    await rewardTerms(database).setRate({
      rateMsat: 45_000n,
      source: 'network',
      effectiveFrom: new Date(Date.parse(`${day}T00:00:00Z`) - 30 * dayMs),
      setBy: null,
    });
    const earlier = new Date(Date.now() - 3 * dayMs).toISOString().slice(0, 10);
    const run = await send<RewardRunResult>('platformAdmin', 'POST', '/platform/rewards/runs', { day: earlier });
    expect(run.status).toBe(200);
    expect(run.body).toEqual({ day: earlier, credited: 0, unallocated: 0, total: 0 });
    const again = await send<ErrorBody>('platformAdmin', 'POST', '/platform/rewards/runs', { day: earlier });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('reward_already_processed');
    const today = new Date().toISOString().slice(0, 10);
    for (const bad of [today, '2026-02-30', 'yesterday']) {
      const refused = await send<ErrorBody>('platformAdmin', 'POST', '/platform/rewards/runs', { day: bad });
      expect(refused.status, bad).toBe(400);
      expect(fieldsOf(refused.body)).toEqual(['day']);
    }
    expect((await send('poolAdmin', 'POST', '/platform/rewards/runs', { day: earlier })).status).toBe(403);
  });

  it('lets only those with Payments read a miner’s money: never another miner, a viewer or a Workers watcher', async () => {
    const reads = [
      'balance',
      'processing-earnings',
      'earned-all-time',
      'payments',
      'fees',
      'fees/current',
      'mining-report',
    ];
    for (const read of reads) {
      const path = `/miners/${alice.id}/${read}`;
      expect((await get('alice', path)).status, read).toBe(200);
      expect((await get('accountant', path)).status, read).toBe(200);
      expect((await get('poolAdmin', path)).status, read).toBe(200);
      expect((await get('bob', path)).status, read).toBe(403);
      expect((await get('viewer', path)).status, read).toBe(403);
      expect((await get('platformAdmin', path)).status, read).toBe(403);
      expect((await asWatcher(tokens.payments, path)).status, read).toBe(200);
      expect((await asWatcher(tokens.workers, path)).status, read).toBe(403);
      expect((await asWatcher('not-a-token', path)).status, read).toBe(401);
      expect((await fetch(`${server.listeningOn}${api}${path}`)).status, read).toBe(401);
    }
    const watched = await asWatcher(tokens.payments, `/miners/${alice.id}/balance`);
    expect(watched.body).toMatchObject({ balance: 7453 });
    expect((await asWatcher(tokens.payments, `/miners/${bob.id}/balance`)).status).toBe(403);
    expect((await asWatcher(tokens.payments, '/platform/rewards/rates')).status).toBe(401);
    expect((await get('alice', `/pools/${factory.pool.id}/balance`)).status).toBe(403);
  });

  it('estimates processing earnings with the rate in force and the miner’s fee', async () => {
    const processing = await get<{ amount: number; days: unknown[]; rate: number | null; fee_percent: number }>(
      'alice',
      `/miners/${alice.id}/processing-earnings`,
    );
    expect(processing.status).toBe(200);
    // Nothing mined that is not credited: the fixture's day has its breakdown.
    expect(processing.body).toEqual({ amount: 0, days: [], rate: 48.5, fee_percent: 0.9 });
  });

  it('serves the exchange-rate proxy to anyone, with null prices when no upstream answered', async () => {
    const response = await fetch(
      `${server.listeningOn}${api}/exchange-rates?symbols=${encodeURIComponent('["BTCUSDT","BTCRUB"]')}`,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      { symbol: 'BTCUSDT', price: null },
      { symbol: 'BTCRUB', price: null },
    ]);
    for (const symbols of ['BTCUSDT', '["ETHUSDT"]', '[]', '']) {
      const refused = await fetch(`${server.listeningOn}${api}/exchange-rates?symbols=${encodeURIComponent(symbols)}`);
      expect(refused.status, symbols).toBe(400);
    }
  });

  it('documents every money route in the OpenAPI document', async () => {
    const document = (await (await fetch(`${server.listeningOn}/api/backend/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    for (const path of [
      '/api/backend/v0.1/miners/{id}/balance',
      '/api/backend/v0.1/pools/{id}/payments',
      '/api/backend/v0.1/miners/{id}/payments/export',
      '/api/backend/v0.1/miners/{id}/mining-report',
      '/api/backend/v0.1/miners/{id}/fees',
      '/api/backend/v0.1/platform/rewards/rates/current',
      '/api/backend/v0.1/platform/rewards/unallocated-funds/{transaction_id}/refund',
      '/api/backend/v0.1/platform/rewards/runs',
      '/api/backend/v0.1/exchange-rates',
    ]) {
      expect(document.paths, path).toHaveProperty([path]);
    }
  });
});
