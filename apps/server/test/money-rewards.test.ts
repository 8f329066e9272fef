import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@pool/db/testing';
import { miningWriteRepository } from '../src/modules/mining/engine/write-repository.ts';
import { ledgerRepository } from '../src/modules/money/ledger/ledger-repository.ts';
import { grossOf, rewardRun, type RewardRun } from '../src/modules/money/rewards/reward-run.ts';
import { rewardTerms } from '../src/modules/money/rewards/terms-repository.ts';
import { refundUnallocated } from '../src/modules/money/rewards/unallocated.ts';
import type { TestMiner } from './support/factory.ts';
import { ledgerInvariants, moneyTestBed, type MoneyTestBed } from './support/money.ts';

const tera = 1e12;

describe.each(testDatabaseKinds)('the daily reward run on %s', (kind) => {
  let t: MoneyTestBed;
  let run: RewardRun;
  let alice: TestMiner;
  let bob: TestMiner;
  let carol: TestMiner;
  const errorOf = async (work: Promise<unknown>) =>
    work.then(
      () => undefined,
      (error: unknown) => error as { code?: string; fields?: { field: string }[] },
    );

  beforeAll(async () => {
    t = await moneyTestBed(kind, '2026-03-10T08:00:00Z');
    alice = await t.factory.newMiner({ accountName: 'alice_hash' });
    bob = await t.factory.newMiner({ accountName: 'bob_mining' });
    carol = await t.factory.newMiner({ accountName: 'carol_farm' });
    const terms = rewardTerms(t.database);
    // 45.5 sat per TH/s per day from the start of the year, 52 sat from 8 March 00:00 UTC.
    await terms.setRate({
      rateMsat: 45_500n,
      source: 'network',
      effectiveFrom: new Date('2026-01-01T00:00:00Z'),
      setBy: null,
    });
    await terms.setRate({
      rateMsat: 52_000n,
      source: 'manual',
      effectiveFrom: new Date('2026-03-08T00:00:00Z'),
      setBy: null,
    });
    await terms.setDefaultFeePercent(t.pool.id, 0.9);
    await terms.addFee({
      minerId: bob.id,
      percentBp: 150,
      startsOn: '2026-03-08',
      comment: 'bulk deal',
      createdBy: null,
    });
    // Alice gives carol a quarter of her reward from 7 March 12:00 UTC.
    await miningWriteRepository(t.database).addContract({
      donorMinerId: alice.id,
      recipientMinerId: carol.id,
      hashRateShare: 0.25,
      fixedHashRate: null,
      startsAt: Date.parse('2026-03-07T12:00:00Z'),
      endsAt: null,
    });
    await t.mine('2026-03-07', { alice_hash: 600 * tera, bob_mining: 190 * tera, ghost_rig: 10 * tera });
    await t.mine('2026-03-08', { alice_hash: 580 * tera, bob_mining: 200 * tera });
    await t.mine('2026-03-09', { bob_mining: 195 * tera, ghost_rig: 5 * tera });
    run = rewardRun({ database: t.database, poolId: t.pool.id, clock: t.clock.now, chunkSize: 1 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const breakdown = async (minerId: string, day: string) =>
    (
      await t.database.query<{
        hash_rate: number;
        rate_msat: string;
        gross: string;
        fee_bp: number;
        fee: string;
        shared: string;
        net: string;
      }>(
        `select hash_rate, rate_msat::text, gross::text, fee_bp, fee::text, shared::text, net::text
         from app.reward_breakdowns where miner_id = $1 and day = $2`,
        [minerId, day],
      )
    )[0];

  it('credits a day: gross from the day’s average hashrate and the rate at its start, the fee in force, the contract’s share', async () => {
    const result = await run.runRewardDay('2026-03-07');
    const aliceGross = grossOf(600 * tera, 45_500n);
    expect(aliceGross).toBe(27_300n);
    const bobGross = grossOf(190 * tera, 45_500n);
    const ghostGross = grossOf(10 * tera, 45_500n);
    expect(result).toEqual({
      day: '2026-03-07',
      credited: 2,
      unallocated: 1,
      total: Number(aliceGross + bobGross + ghostGross),
    });

    const aliceFee = (aliceGross * 90n) / 10_000n;
    const aliceNet = aliceGross - aliceFee;
    // The contract ran for half the day: a quarter of half the net moves to carol.
    const shared = BigInt(Math.floor(Number(aliceNet) * 0.25 * 0.5));
    expect(await breakdown(alice.id, '2026-03-07')).toMatchObject({
      rate_msat: '45500',
      gross: String(aliceGross),
      fee_bp: 90,
      fee: String(aliceFee),
      shared: String(shared),
      net: String(aliceNet),
    });
    expect((await breakdown(alice.id, '2026-03-07'))?.hash_rate).toBeCloseTo(600 * tera, 0);
    // Bob's own fee starts on 8 March: the pool's default applies on the 7th.
    expect(await breakdown(bob.id, '2026-03-07')).toMatchObject({ fee_bp: 90 });

    const ledger = ledgerRepository(t.database, t.pool.id);
    expect((await ledger.balanceOf('miner', alice.id)).balance).toBe(aliceNet - shared);
    expect((await ledger.balanceOf('miner', carol.id)).balance).toBe(shared);
    expect((await ledger.balanceOf('pool', t.pool.id)).balance).toBe(aliceFee + (bobGross * 90n) / 10_000n);
    const [ghost] = await t.database.query<{ account_name: string; amount: string; pool_domain: string }>(
      `select account_name, amount::text, pool_domain from app.unallocated_funds where day = '2026-03-07'`,
    );
    expect(ghost).toMatchObject({ account_name: 'ghost_rig', amount: String(ghostGross), pool_domain: 'Test pool' });
    expect(await ledgerInvariants(t)).toEqual({ unbalanced: [], drifted: [], negative: [], total: 0n, doubled: [] });
  });

  it('answers reward_already_processed for a day done, and a field error for a day not ended', async () => {
    expect(await errorOf(run.runRewardDay('2026-03-07'))).toMatchObject({ code: 'reward_already_processed' });
    expect(await errorOf(run.runRewardDay('2026-03-10'))).toMatchObject({
      code: 'validation_failed',
      fields: [{ field: 'day' }],
    });
    expect(await errorOf(run.runRewardDay('2026-02-30'))).toMatchObject({ code: 'validation_failed' });
  });

  it('catches up on due days oldest first: a day is due from 09:00 UTC of the next', async () => {
    // 08:00 on the 10th: the 8th is due (since the 9th 09:00), the 9th not yet.
    expect(await run.dueDays()).toEqual(['2026-03-08']);
    t.clock.set('2026-03-10T09:00:00Z');
    expect(await run.dueDays()).toEqual(['2026-03-08', '2026-03-09']);
    const results = await run.catchUp();
    expect(results.map((result) => result.day)).toEqual(['2026-03-08', '2026-03-09']);
    expect(await run.dueDays()).toEqual([]);
    expect(await breakdown(bob.id, '2026-03-08')).toMatchObject({ fee_bp: 150, rate_msat: '52000' });
    expect(await run.catchUp()).toEqual([]);
    expect(await ledgerInvariants(t)).toEqual({ unbalanced: [], drifted: [], negative: [], total: 0n, doubled: [] });
  });

  it('refunds unallocated funds to a miner once', async () => {
    const [fund] = await t.database.query<{ transfer_id: string; amount: string }>(
      `select transfer_id, amount::text from app.unallocated_funds where day = '2026-03-09'`,
    );
    if (!fund) throw new Error('no unallocated funds on the 9th');
    const ledger = ledgerRepository(t.database, t.pool.id);
    const before = (await ledger.balanceOf('miner', carol.id)).balance;
    await refundUnallocated(t.database, t.pool.id, { transferId: fund.transfer_id, minerId: carol.id, by: null });
    expect((await ledger.balanceOf('miner', carol.id)).balance).toBe(before + BigInt(fund.amount));
    expect(
      await errorOf(
        refundUnallocated(t.database, t.pool.id, { transferId: fund.transfer_id, minerId: bob.id, by: null }),
      ),
    ).toMatchObject({ code: 'transaction_already_refunded' });
    expect(await ledgerInvariants(t)).toEqual({ unbalanced: [], drifted: [], negative: [], total: 0n, doubled: [] });
  });

  it('credits a deleted miner’s work of the day to unallocated funds, under its account name', async () => {
    const gone = await t.factory.newMiner({ accountName: 'gone_miner' });
    t.clock.set('2026-03-11T09:00:00Z');
    await t.engine.tick();
    await t.mine('2026-03-10', { gone_miner: 20 * tera, bob_mining: 190 * tera });
    await t.factory.repositories.accounts.deleteMiner(gone.id);
    const result = await run.runRewardDay('2026-03-10');
    expect(result).toMatchObject({ credited: 1, unallocated: 1 });
    const [fund] = await t.database.query<{ account_name: string; amount: string; hash_rate: number }>(
      `select account_name, amount::text, hash_rate from app.unallocated_funds where day = '2026-03-10'`,
    );
    expect(fund).toMatchObject({ account_name: 'gone_miner', amount: String(grossOf(20 * tera, 52_000n)) });
    expect(fund?.hash_rate).toBeCloseTo(20 * tera, 0);
    expect(await t.database.query(`select 1 from app.reward_breakdowns where miner_id = $1`, [gone.id])).toEqual([]);
  });

  it('corrects with a reversing set, once', async () => {
    const ledger = ledgerRepository(t.database, t.pool.id);
    const [reward] = await t.database.query<{ transfer_id: string; net: string }>(
      `select transfer_id, net::text from app.reward_breakdowns where miner_id = $1 and day = '2026-03-09'`,
      [bob.id],
    );
    if (!reward) throw new Error('no reward for bob on the 9th');
    const before = (await ledger.balanceOf('miner', bob.id)).balance;
    expect(await ledger.reverse(reward.transfer_id, `correction:${reward.transfer_id}`)).toMatchObject({
      created: true,
    });
    expect(await ledger.reverse(reward.transfer_id, `correction:${reward.transfer_id}`)).toMatchObject({
      created: false,
    });
    expect((await ledger.balanceOf('miner', bob.id)).balance).toBe(before - BigInt(reward.net));
    expect(await ledgerInvariants(t)).toEqual({ unbalanced: [], drifted: [], negative: [], total: 0n, doubled: [] });
  });
});
