import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@pool/db/testing';
import { transaction } from '../src/modules/mining/sql.ts';
import { batchRun, type BatchRun } from '../src/modules/payouts/batches/batch-run.ts';
import { batchRepository } from '../src/modules/payouts/batches/batch-repository.ts';
import { bitcoinCoreChain, btcText } from '../src/modules/payouts/broadcast/bitcoin-core.ts';
import { bitcoinCoreRpc } from '../src/modules/payouts/broadcast/bitcoin-core-rpc.ts';
import { scheduleService } from '../src/modules/payouts/schedule/schedule-service.ts';
import { withdrawalRun } from '../src/modules/payouts/withdrawal/withdrawal-run.ts';
import type { TestMiner } from './support/factory.ts';
import { fakeBitcoinCore, satoshisOf, type FakeBitcoinCore } from './support/fake-bitcoin-core.ts';
import { ledgerInvariants, moneyTestBed, type MoneyTestBed } from './support/money.ts';
import { balancedBatches, batchInvariants, newAddress } from './support/payout-batches.ts';
import { balanceOf, fund, setWallet } from './support/payouts.ts';

const wallet = 'pool-payouts';
const confirmations = 3;

/**
 * Batches through a Bitcoin Core wallet, against a local JSON-RPC node that answers as Bitcoin Core
 * does: at the schedule's time the day's requests go out as one sendmany, are followed with
 * gettransaction to completion, and a refusal, a lost answer, a restart, a second process, a
 * conflict or a fee bump never pays anyone twice nor loses a reserved satoshi.
 */
describe.each(testDatabaseKinds)('payout batches through Bitcoin Core on %s', (kind) => {
  let t: MoneyTestBed;
  let node: FakeBitcoinCore;
  let run: BatchRun;
  const miners: TestMiner[] = [];
  const shared = newAddress();
  const addresses: string[] = [];

  const newRun = () =>
    batchRun({
      database: t.database,
      poolId: t.pool.id,
      clock: t.clock.now,
      confirmations,
      broadcast: bitcoinCoreChain(bitcoinCoreRpc({ url: node.url, wallet })),
      onError: () => {},
    });
  const schedules = () =>
    scheduleService({
      database: t.database,
      poolId: t.pool.id,
      mode: 'bitcoin-core',
      network: 'mainnet',
      clock: t.clock.now,
    });
  const batch = (id: string) => transaction(t.database, (query) => batchRepository(query, t.pool.id).find(id));
  const requestsOf = (batchId: string) =>
    t.database.query<{ status: string; txid: string | null; confirmations: number; failure: string | null }>(
      `select status, txid, confirmations, failure from app.payout_requests where batch_id = $1 order by id`,
      [batchId],
    );

  /** The 14:00 run of `day` with these balances, then the clock at the day's 15:00 batch. */
  async function payoutDay(day: string, amounts: bigint[]): Promise<void> {
    for (const [index, amount] of amounts.entries()) {
      const miner = miners[index];
      if (miner) await fund(t.database, t.pool.id, miner.id, amount);
    }
    t.clock.set(`${day}T14:00:30Z`);
    await withdrawalRun({ database: t.database, poolId: t.pool.id, clock: t.clock.now }).runPayoutDay(day);
    t.clock.set(`${day}T15:00:00Z`);
  }

  beforeAll(async () => {
    t = await moneyTestBed(kind, '2026-06-01T10:00:00Z');
    node = await fakeBitcoinCore({ user: 'pool', password: 'p@ss:word', wallet });
    // Two miners share an address: the transaction pays it once, their sum.
    addresses.push(newAddress(), shared, shared);
    for (const address of addresses) {
      const miner = await t.factory.newMiner();
      miners.push(miner);
      await setWallet(t.database, miner.id, { address, stoppedUntil: new Date('2026-05-30T00:00:00Z') });
    }
    run = newRun();
  });
  afterAll(async () => {
    await node?.close();
    await t?.close();
  });

  it('opens the next 15:00 UTC at MEDIUM and batches nothing before it', async () => {
    expect(await run.tick()).toBeNull();
    const { current, past, mode } = await schedules().schedules();
    expect(current).toMatchObject({ date: '2026-06-01', time: '15:00', fee_level: 'MEDIUM', fee_per_vbyte: null });
    expect({ past, mode }).toEqual({ past: [], mode: 'bitcoin-core' });
    expect(node.calls).toEqual([]);
  });

  it('sends the day’s requests as one sendmany at the fee per vbyte, and completes them at the confirmations', async () => {
    await schedules().set({ date: '2026-06-01', time: '15:00', fee_level: 'LOW', fee_per_vbyte: 12.5 }, null);
    await payoutDay('2026-06-01', [150_000n, 200_000n, 300_000n]);
    const before = await Promise.all(miners.map((miner) => balanceOf(t.database, t.pool.id, miner.id)));
    expect(before).toEqual([0n, 0n, 0n]);

    const made = await run.tick();
    expect(made).toMatchObject({ count: 3, total: 650_000n });
    const batchId = made?.batchId ?? '';
    expect(node.transactions).toHaveLength(1);
    const [sent] = node.transactions;
    expect(sent?.comment).toBe(batchId);
    expect(sent?.feeRate).toBe(12.5);
    expect(sent?.confTarget).toBeNull();
    expect(sent?.amounts).toEqual({ [addresses[0] ?? '']: '0.00150000', [shared]: '0.00500000' });
    expect(await batch(batchId)).toMatchObject({ status: 'sent', txid: sent?.txid, count: 3, total: 650_000n });
    expect((await requestsOf(batchId)).map((request) => [request.status, request.txid])).toEqual(
      Array(3).fill(['sent', sent?.txid]),
    );
    // Processed, and the next day's schedule is current at the same time and level, at the level's estimate.
    const view = await schedules().schedules();
    expect(view.past).toMatchObject([{ date: '2026-06-01', processed: true, batch_id: batchId }]);
    expect(view.current).toMatchObject({ date: '2026-06-02', time: '15:00', fee_level: 'LOW', fee_per_vbyte: null });

    node.mine(2);
    await run.tick();
    expect((await requestsOf(batchId)).map((request) => [request.status, request.confirmations])).toEqual(
      Array(3).fill(['sent', 2]),
    );
    expect(await batchInvariants(t.database)).toEqual(balancedBatches);

    node.mine(1);
    await run.tick();
    await run.tick();
    expect(await batch(batchId)).toMatchObject({ status: 'completed' });
    expect((await requestsOf(batchId)).map((request) => request.status)).toEqual(Array(3).fill('completed'));
    expect(node.transactions).toHaveLength(1);
    expect(await batchInvariants(t.database)).toEqual(balancedBatches);
    const [paid] = await t.database.query<{ balance: string }>(
      `select balance::text as balance from app.ledger_accounts where kind = 'paid_out'`,
    );
    expect(paid?.balance).toBe('650000');
    expect(await ledgerInvariants(t)).toMatchObject({ unbalanced: [], drifted: [], negative: [], total: 0n });
  });

  it('asks for the level’s confirmation target without a fee per vbyte, and finds a send whose answer was lost', async () => {
    await schedules().set({ date: '2026-06-02', time: '15:00', fee_level: 'HIGH' }, null);
    await payoutDay('2026-06-02', [110_000n, 120_000n, 130_000n]);
    node.dropNextAnswer('sendmany');
    const made = await run.tick();
    const batchId = made?.batchId ?? '';
    // The wallet sent it; the answer never came, so the batch waits, its requests still created.
    expect(node.transactions).toHaveLength(2);
    expect(node.transactions[1]).toMatchObject({ comment: batchId, confTarget: 1, feeRate: null });
    expect(await batch(batchId)).toMatchObject({ status: 'created', txid: null });

    // The next tick (or a restarted server) finds it in the wallet instead of sending again.
    await newRun().tick();
    expect(node.transactions).toHaveLength(2);
    expect(await batch(batchId)).toMatchObject({ status: 'sent', txid: node.transactions[1]?.txid });
    expect(await batchInvariants(t.database)).toEqual(balancedBatches);
  });

  it('follows a fee bump of the batch to its replacement and completes with it', async () => {
    const [, second] = node.transactions;
    const replacement = node.conflict(second?.txid ?? '', true);
    node.mine(confirmations - 1);
    const batchId = second?.comment ?? '';
    await run.tick();
    expect(await batch(batchId)).toMatchObject({ status: 'completed', txid: replacement });
    expect((await requestsOf(batchId)).map((request) => request.txid)).toEqual(Array(3).fill(replacement));
    expect(node.transactions.filter((sent) => sent.comment === batchId)).toHaveLength(2);
    expect(await batchInvariants(t.database)).toEqual(balancedBatches);
  });

  it('fails the batch when the wallet refuses it, and keeps its money reserved', async () => {
    await payoutDay('2026-06-03', [140_000n, 150_000n, 160_000n]);
    const sendsBefore = node.transactions.length;
    node.refuseNextSend(-6, 'Insufficient funds');
    const made = await run.tick();
    const batchId = made?.batchId ?? '';
    expect(node.transactions).toHaveLength(sendsBefore);
    expect(node.calls.filter((call) => call.method === 'sendmany').at(-1)?.params.comment).toBe(batchId);
    expect(await batch(batchId)).toMatchObject({ status: 'failed', txid: null });
    const failed = await requestsOf(batchId);
    expect(failed.map((request) => request.status)).toEqual(Array(3).fill('failed'));
    expect(failed[0]?.failure).toMatch(/Insufficient funds/);
    // Reserved: the balances stay at what the 14:00 run left, the transfers pending.
    expect(await Promise.all(miners.map((miner) => balanceOf(t.database, t.pool.id, miner.id)))).toEqual([0n, 0n, 0n]);
    expect(await batchInvariants(t.database)).toEqual(balancedBatches);
    // Nothing sends a failed batch again.
    await run.tick();
    expect(node.transactions).toHaveLength(sendsBefore);
  });

  it('fails a sent batch whose transaction a conflicting one replaced', async () => {
    await payoutDay('2026-06-04', [100_000n, 100_000n, 100_000n]);
    const batchId = (await run.tick())?.batchId ?? '';
    const sent = node.transactions.find((candidate) => candidate.comment === batchId);
    node.conflict(sent?.txid ?? '');
    await run.tick();
    expect(await batch(batchId)).toMatchObject({ status: 'failed' });
    expect((await requestsOf(batchId)).every((request) => request.status === 'failed')).toBe(true);
    expect(await batchInvariants(t.database)).toEqual(balancedBatches);
  });

  it('sends a batch left unsent by a crash exactly once, even with two processes at it', async () => {
    await payoutDay('2026-06-05', [100_000n, 200_000n, 300_000n]);
    // The batch is committed, then the process dies before sending.
    const made = await run.batchDue();
    const batchId = made?.batchId ?? '';
    expect(await batch(batchId)).toMatchObject({ status: 'created', count: 3 });
    const sendsBefore = node.transactions.length;
    await Promise.all([newRun().tick(), newRun().tick(), newRun().broadcastCreated()]);
    const sends = node.transactions.filter((candidate) => candidate.comment === batchId);
    expect(sends).toHaveLength(1);
    expect(node.transactions).toHaveLength(sendsBefore + 1);
    expect(await batch(batchId)).toMatchObject({ status: 'sent', txid: sends[0]?.txid });
    expect(sends[0]?.amounts).toEqual({ [addresses[0] ?? '']: '0.00100000', [shared]: '0.00500000' });
    expect(await batchInvariants(t.database)).toEqual(balancedBatches);
    expect(await ledgerInvariants(t)).toMatchObject({ unbalanced: [], drifted: [], negative: [], total: 0n });
  });

  it('processes a schedule with no request without making a batch', async () => {
    t.clock.set('2026-06-06T15:00:00Z');
    const before = (await transaction(t.database, (query) => batchRepository(query, t.pool.id).list(100))).length;
    expect(await run.batchDue()).toMatchObject({ batchId: null, count: 0 });
    expect((await transaction(t.database, (query) => batchRepository(query, t.pool.id).list(100))).length).toBe(before);
    expect((await schedules().schedules()).current).toMatchObject({ date: '2026-06-07', time: '15:00' });
  });

  it('writes amounts as exact decimal BTC', () => {
    expect(btcText(1n)).toBe('0.00000001');
    expect(btcText(2_099_999_997_690_000n)).toBe('20999999.97690000');
    expect(satoshisOf(btcText(123_456_789n))).toBe(123_456_789n);
  });
});
