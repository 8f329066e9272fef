import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeRateProxy } from '../src/modules/exchange-rates/exchange-rates.ts';
import { testDatabaseKinds } from '@pool/db/testing';
import { ledgerRepository } from '../src/modules/money/ledger/ledger-repository.ts';
import { moneyReads } from '../src/modules/money/reads/repository.ts';
import { moneyReadService, type MoneyReadService } from '../src/modules/money/reads/service.ts';
import { miningReportService } from '../src/modules/money/report/service.ts';
import { rewardRun } from '../src/modules/money/rewards/reward-run.ts';
import { rewardTerms } from '../src/modules/money/rewards/terms-repository.ts';
import type { TestMiner } from './support/factory.ts';
import { moneyTestBed, type MoneyTestBed } from './support/money.ts';

/**
 * Processing earnings and the reads after a real reward run: the mining engine's 1-day buckets
 * (imported history on a fake clock), the engine's run, and the API's read service over both.
 */
describe.each(testDatabaseKinds)('processing earnings and reads after the reward run on %s', (kind) => {
  let t: MoneyTestBed;
  let alice: TestMiner;
  let bob: TestMiner;
  let reads: MoneyReadService;
  const day = '2026-11-18';

  beforeAll(async () => {
    t = await moneyTestBed(kind, '2026-11-20T12:00:00Z');
    alice = await t.factory.newMiner({ accountName: `alice_p_${kind}` });
    bob = await t.factory.newMiner({ accountName: `bob_p_${kind}` });
    const terms = rewardTerms(t.database);
    await terms.setDefaultFeePercent(t.pool.id, 0.9);
    // 48.5 sat per TH/s per day, in force since before the day.
    await terms.setRate({
      rateMsat: 48_500n,
      source: 'manual',
      effectiveFrom: new Date('2026-11-01T00:00:00Z'),
      setBy: null,
    });
    await terms.addFee({ minerId: bob.id, percentBp: 150, startsOn: '2026-11-10', comment: null, createdBy: null });
    await t.mine(day, { [alice.accountName]: 100e12, [bob.accountName]: 40e12 });
    reads = moneyReadService({
      reads: moneyReads(t.database),
      ledger: ledgerRepository(t.database, t.pool.id),
      terms,
      poolId: t.pool.id,
      clock: t.clock.now,
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('estimates a mined day not yet credited with the rate in force and each miner’s fee', async () => {
    // alice: gross = floor(100e12 × 48,500 / 1e15) = 4,850; fee 0.9 % = floor(43.65) = 43; net 4,807.
    expect(await reads.processing('miner', alice.id)).toEqual({
      amount: 4807,
      days: [{ day, hash_rate: 100e12, estimate: 4807 }],
      rate: 48.5,
      fee_percent: 0.9,
    });
    // bob: gross = floor(40e12 × 48,500 / 1e15) = 1,940; fee 1.5 % = floor(29.1) = 29; net 1,911.
    expect(await reads.processing('miner', bob.id)).toMatchObject({ amount: 1911, fee_percent: 1.5 });
    // The pool's estimate is the fees to come: 43 + 29 = 72.
    expect(await reads.processing('pool', t.pool.id)).toEqual({
      amount: 72,
      days: [{ day, hash_rate: 140e12, estimate: 72 }],
      rate: 48.5,
      fee_percent: 0.9,
    });
  });

  it('after the day is credited, shows it as payments and balances instead, to the satoshi the estimate said', async () => {
    const run = rewardRun({ database: t.database, poolId: t.pool.id, clock: t.clock.now });
    expect(await run.runRewardDay(day)).toEqual({ day, credited: 2, unallocated: 0, total: 4850 + 1940 });
    expect(await reads.processing('miner', alice.id)).toMatchObject({ amount: 0, days: [] });
    expect(await reads.balance('miner', alice.id)).toMatchObject({ balance: 4807 });
    expect(await reads.balance('miner', bob.id)).toMatchObject({ balance: 1911 });
    expect(await reads.balance('pool', t.pool.id)).toMatchObject({ balance: 72 });
    const page = await reads.payments('miner', bob.id, { page: 1, per_page: 20 });
    expect(page.items.map((item) => item.reward)).toEqual([
      { day, hash_rate: 40e12, rate: 48.5, gross: 1940, fee_percent: 1.5, fee: 29, shared: 0, net: 1911 },
    ]);
    expect(await reads.earned('miner', alice.id)).toEqual({ amount: 4807, since: day });
    const report = await miningReportService(moneyReads(t.database), t.clock.now).month(alice.id, '2026-11');
    expect(report).toMatchObject({ days_mined: 1, gross: 4850, fees: 43, net: 4807, hash_rate: 100e12 });
  });

  it('averages the exchange rates the proxy saw in the month for the mining report', async () => {
    const prices = [
      [
        { symbol: 'BTCUSDT', price: '90000' },
        { symbol: 'BTCRUB', price: '7200000' },
      ],
      [
        { symbol: 'BTCUSDT', price: '92000' },
        { symbol: 'BTCRUB', price: 'n/a' },
      ],
    ];
    let answer = 0;
    const upstream = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(prices[answer]));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    try {
      const address = upstream.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      const proxy = exchangeRateProxy({
        url: `http://127.0.0.1:${address.port}`,
        refreshMs: 60_000,
        database: t.database,
        clock: t.clock.now,
      });
      await proxy.refresh();
      answer = 1;
      t.clock.advance(300_000);
      await proxy.refresh();
    } finally {
      await new Promise((resolve) => upstream.close(resolve));
    }
    // BTC/USD (90,000 + 92,000) / 2 = 91,000; BTC/RUB only the one valid sample, 7,200,000.
    const report = await miningReportService(moneyReads(t.database), t.clock.now).month(alice.id, '2026-11');
    expect(report).toMatchObject({ btc_usd: 91_000, btc_rub: 7_200_000 });
    const october = await miningReportService(moneyReads(t.database), t.clock.now).month(alice.id, '2026-10');
    expect(october).toMatchObject({ days_mined: 0, net: 0, btc_usd: null, btc_rub: null, days: [] });
  });
});
