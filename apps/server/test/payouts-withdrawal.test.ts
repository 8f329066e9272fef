import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@pool/db/testing';
import { withdrawalRun, type WithdrawalRun } from '../src/modules/payouts/withdrawal/withdrawal-run.ts';
import type { TestMiner } from './support/factory.ts';
import { ledgerInvariants, moneyTestBed, type MoneyTestBed } from './support/money.ts';
import { balanceOf, fund, mainnetAddress, payoutInvariants, setWallet } from './support/payouts.ts';

const day = '2026-05-04';
const at = (time: string) => new Date(`${day}T${time}Z`);
const errorOf = async (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => error as { code?: string; fields?: { field: string }[] },
  );

/** The 14:00 UTC withdrawal (spec 9), run directly on the database as the scheduler runs it. */
describe.each(testDatabaseKinds)('the 14:00 withdrawal on %s', (kind) => {
  let t: MoneyTestBed;
  let run: WithdrawalRun;
  const m: Record<string, TestMiner> = {};
  const requestsOf = (minerId: string) =>
    t.database.query<{ day: string; amount: string; status: string; address: string; transfer_id: string }>(
      `select day::text as day, amount::text as amount, status, address, transfer_id from app.payout_requests
       where miner_id = $1 order by day`,
      [minerId],
    );

  beforeAll(async () => {
    t = await moneyTestBed(kind, `${day}T13:59:59Z`);
    const ready = at('12:00:00');
    const cases: [string, bigint, Parameters<typeof setWallet>[2] | null][] = [
      ['plain', 150_000n, { address: mainnetAddress, stoppedUntil: ready }],
      ['no_address', 500_000n, { stoppedUntil: ready, maxPayment: 0n }],
      ['under_pool_min', 99_999n, { address: mainnetAddress, stoppedUntil: ready }],
      ['at_pool_min', 100_000n, { address: mainnetAddress, stoppedUntil: ready }],
      ['under_own_min', 299_999n, { address: mainnetAddress, minPayment: 300_000n, stoppedUntil: ready }],
      ['stopped', 800_000n, { address: mainnetAddress, stoppedUntil: at('14:00:01') }],
      ['stop_ends_at_run', 200_000n, { address: mainnetAddress, stoppedUntil: at('14:00:00') }],
      ['capped', 500_000n, { address: mainnetAddress, maxPayment: 120_000n, stoppedUntil: ready }],
      ['no_limit', 21_000_000n, { address: mainnetAddress, maxPayment: 0n, stoppedUntil: ready }],
      ['no_wallet', 900_000n, null],
      ['no_balance', 0n, { address: mainnetAddress, stoppedUntil: ready }],
    ];
    for (const [name, amount, wallet] of cases) {
      const miner = await t.factory.newMiner({ accountName: name });
      m[name] = miner;
      if (amount > 0n) await fund(t.database, t.pool.id, miner.id, amount);
      if (wallet) await setWallet(t.database, miner.id, wallet);
    }
    run = withdrawalRun({ database: t.database, poolId: t.pool.id, clock: t.clock.now, chunkSize: 3 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('does nothing before 14:00 UTC', async () => {
    expect(run.isDue()).toBe(false);
    expect(await run.catchUp()).toEqual([]);
    expect(await t.database.query('select 1 from app.payout_requests')).toEqual([]);
    expect(await t.database.query(`select 1 from app.job_runs where job = 'payouts'`)).toEqual([]);
  });

  it('at 14:00 pays each eligible miner its balance, capped at its maximum, as a pending payout with a created request', async () => {
    t.clock.set(`${day}T14:00:00Z`);
    const [result] = await run.catchUp();
    // plain 150,000 + at_pool_min 100,000 + stop_ends_at_run 200,000 + capped 120,000 + no_limit 21,000,000.
    expect(result).toEqual({ day, paid: 5, total: 21_570_000 });
    const paid = await t.database.query<{ account_name: string; amount: string }>(
      `select m.account_name, r.amount::text as amount from app.payout_requests r join app.miners m on m.id = r.miner_id
       order by m.account_name`,
    );
    expect(paid).toEqual([
      { account_name: 'at_pool_min', amount: '100000' },
      { account_name: 'capped', amount: '120000' },
      { account_name: 'no_limit', amount: '21000000' },
      { account_name: 'plain', amount: '150000' },
      { account_name: 'stop_ends_at_run', amount: '200000' },
    ]);
    // The pending transfer reserves the amount at once: the balance left is what was not paid.
    expect(await balanceOf(t.database, t.pool.id, m.plain?.id ?? '')).toBe(0n);
    expect(await balanceOf(t.database, t.pool.id, m.capped?.id ?? '')).toBe(380_000n);
    expect(await balanceOf(t.database, t.pool.id, m.stopped?.id ?? '')).toBe(800_000n);
    expect(await balanceOf(t.database, t.pool.id, m.under_own_min?.id ?? '')).toBe(299_999n);
    const [request] = await requestsOf(m.plain?.id ?? '');
    expect(request).toMatchObject({ day, amount: '150000', status: 'created', address: mainnetAddress });
    const [transfer] = await t.database.query<{ idempotency_key: string; status: string }>(
      'select idempotency_key, status from app.ledger_transfers where id = $1',
      [request?.transfer_id],
    );
    expect(transfer).toEqual({ idempotency_key: `payout:${day}:${m.plain?.id}`, status: 'pending' });
    const legs = await t.database.query<{ kind: string; amount: string; payment_type: string }>(
      `select a.kind, e.amount::text as amount, e.payment_type from app.ledger_entries e
       join app.ledger_accounts a on a.id = e.account_id where e.transfer_id = $1 order by e.amount`,
      [request?.transfer_id],
    );
    expect(legs).toEqual([
      { kind: 'miner', amount: '-150000', payment_type: 'payout' },
      { kind: 'payouts_in_flight', amount: '150000', payment_type: 'payout' },
    ]);
    expect(await ledgerInvariants(t)).toMatchObject({ unbalanced: [], drifted: [], negative: [], total: 0n });
    expect(await payoutInvariants(t.database)).toEqual({ mismatched: [], doubled: [], inFlight: 0n });
  });

  it('runs a day once: later ticks and a second run change nothing, and a manual run answers payout_already_processed', async () => {
    const before = await t.database.query('select * from app.payout_requests order by id');
    // More money arrives the same day: it waits for the next 14:00, whoever asks.
    await fund(t.database, t.pool.id, m.plain?.id ?? '', 400_000n);
    t.clock.advance(60_000);
    expect(await run.catchUp()).toEqual([]);
    const other = withdrawalRun({ database: t.database, poolId: t.pool.id, clock: t.clock.now, instance: 'other' });
    expect(await other.catchUp()).toEqual([]);
    expect((await errorOf(other.runPayoutDay(day)))?.code).toBe('payout_already_processed');
    expect(await t.database.query('select * from app.payout_requests order by id')).toEqual(before);
    expect(await balanceOf(t.database, t.pool.id, m.plain?.id ?? '')).toBe(400_000n);
  });

  it('pays the next day from what is left: the capped miner its maximum again, the stopped one once its stop passed', async () => {
    t.clock.set('2026-05-05T14:30:00Z');
    const [result] = await run.catchUp();
    expect(result?.day).toBe('2026-05-05');
    expect((await requestsOf(m.capped?.id ?? '')).map((row) => [row.day, row.amount])).toEqual([
      [day, '120000'],
      ['2026-05-05', '120000'],
    ]);
    expect(await balanceOf(t.database, t.pool.id, m.capped?.id ?? '')).toBe(260_000n);
    expect((await requestsOf(m.stopped?.id ?? '')).map((row) => row.amount)).toEqual(['800000']);
    expect((await requestsOf(m.plain?.id ?? '')).map((row) => row.amount)).toEqual(['150000', '400000']);
    for (const name of ['no_address', 'under_pool_min', 'under_own_min', 'no_wallet', 'no_balance']) {
      expect(await requestsOf(m[name]?.id ?? ''), name).toEqual([]);
    }
    expect(await ledgerInvariants(t)).toMatchObject({ unbalanced: [], drifted: [], negative: [], total: 0n });
    expect(await payoutInvariants(t.database)).toEqual({ mismatched: [], doubled: [], inFlight: 0n });
  });

  it('pays every miner once when two instances run a day at once', async () => {
    const many: TestMiner[] = [];
    for (let n = 0; n < 24; n += 1) {
      const miner = await t.factory.newMiner();
      await fund(t.database, t.pool.id, miner.id, 100_000n + BigInt(n) * 1_000n);
      await setWallet(t.database, miner.id, { address: mainnetAddress, stoppedUntil: at('00:00:00') });
      many.push(miner);
    }
    t.clock.set('2026-05-06T14:00:00Z');
    const instances = ['one', 'two'].map((instance) =>
      withdrawalRun({ database: t.database, poolId: t.pool.id, clock: t.clock.now, chunkSize: 2, instance }),
    );
    const results = await Promise.all(
      instances.map((instance) => instance.runPayoutDay('2026-05-06').catch((e: unknown) => e)),
    );
    const answered = results.filter(
      (result): result is { paid: number } => typeof result === 'object' && result !== null && 'paid' in result,
    );
    expect(answered.length).toBeGreaterThanOrEqual(1);
    for (const miner of many) {
      const requests = (await requestsOf(miner.id)).filter((row) => row.day === '2026-05-06');
      expect(requests).toHaveLength(1);
      expect(await balanceOf(t.database, t.pool.id, miner.id)).toBe(0n);
    }
    expect(await ledgerInvariants(t)).toMatchObject({ unbalanced: [], drifted: [], negative: [], total: 0n });
    expect(await payoutInvariants(t.database)).toEqual({ mismatched: [], doubled: [], inFlight: 0n });
  });

  it('refuses a day that is not a date or has not begun, and writes nothing', async () => {
    const count = async () => (await t.database.query('select id from app.payout_requests')).length;
    const before = await count();
    for (const bad of ['2026-02-30', 'tomorrow', '2026-05-07']) {
      const error = await errorOf(run.runPayoutDay(bad));
      expect(error?.code, bad).toBe('validation_failed');
      expect(error?.fields?.map((field) => field.field)).toEqual(['day']);
    }
    expect(await count()).toBe(before);
    expect(
      await t.database.query(`select day from app.job_runs where job = 'payouts' and day >= '2026-05-07'`),
    ).toEqual([]);
  });
});
