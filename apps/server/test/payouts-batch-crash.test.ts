import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleService } from '../src/modules/payouts/schedule/schedule-service.ts';
import { withdrawalRun } from '../src/modules/payouts/withdrawal/withdrawal-run.ts';
import { fakeBitcoinCore, type FakeBitcoinCore } from './support/fake-bitcoin-core.ts';
import { runChild, urlOfTestDatabase, type ChildRun } from './support/killable-child.ts';
import { ledgerInvariants, moneyTestBed, type MoneyTestBed } from './support/money.ts';
import { balancedBatches, batchInvariants, newAddress } from './support/payout-batches.ts';
import { fund, setWallet } from './support/payouts.ts';

/**
 * The batch processes killed with SIGKILL between the batch and its broadcast, while the wallet
 * sends, and while confirmations are read, then started again, and two at once: the transaction
 * goes out exactly once, and every request's money is on the chain, reserved, or back in the
 * balance, with the ledger at zero. PostgreSQL only: the processes share one server.
 */

const child = new URL('./support/batch-run-child.ts', import.meta.url).pathname;
const wallet = 'pool-payouts';
const day = '2026-08-03';
const minerCount = 40;

describe('payout batches under SIGKILL on postgres', { timeout: 180_000 }, () => {
  let t: MoneyTestBed;
  let node: FakeBitcoinCore;
  let databaseUrl: string;

  beforeAll(async () => {
    t = await moneyTestBed('postgres', `${day}T10:00:00Z`);
    node = await fakeBitcoinCore({ user: 'pool', password: 'secret', wallet });
    databaseUrl = await urlOfTestDatabase(t.database);
    for (let index = 0; index < minerCount; index += 1) {
      const miner = await t.factory.newMiner();
      await setWallet(t.database, miner.id, { address: newAddress(), stoppedUntil: new Date(`${day}T00:00:00Z`) });
      await fund(t.database, t.pool.id, miner.id, BigInt(100_000 + index * 1_000));
    }
    t.clock.set(`${day}T14:00:30Z`);
    await withdrawalRun({ database: t.database, poolId: t.pool.id, clock: t.clock.now }).runPayoutDay(day);
    // The desk opens the day's schedule (15:00 UTC) before its time.
    const desk = scheduleService({
      database: t.database,
      poolId: t.pool.id,
      mode: 'bitcoin-core',
      network: 'mainnet',
      clock: t.clock.now,
    });
    expect((await desk.schedules()).current).toMatchObject({ date: day, time: '15:00' });
  }, 120_000);
  afterAll(async () => {
    await node?.close();
    await t?.close();
  });

  /** Starts a batch process at the day's 15:00; `killOn` or `killWhen` say when to kill it. */
  const runProcess = (options: { pauseMs?: number } & Pick<ChildRun, 'killOn' | 'killWhen'>) =>
    runChild({
      script: child,
      env: {
        DATABASE_URL: databaseUrl,
        POOL_ID: t.pool.id,
        CLOCK: String(Date.parse(`${day}T15:00:05Z`)),
        CONFIRMATIONS: '3',
        NODE_URL: node.url,
        NODE_WALLET: wallet,
        PAUSE_MS: String(options.pauseMs ?? 0),
      },
      killOn: options.killOn,
      killWhen: options.killWhen,
    });

  const batches = () =>
    t.database.query<{ id: string; status: string; txid: string | null; count: number }>(
      'select id, status, txid, count from app.payout_batches',
    );
  const settled = async () => {
    expect(await batchInvariants(t.database)).toEqual(balancedBatches);
    expect(await ledgerInvariants(t)).toMatchObject({ unbalanced: [], drifted: [], negative: [], total: 0n });
  };

  it('sends the batch exactly once when killed after the batch, during the send and during polling', async () => {
    // Killed once the batch is committed, before anything is sent.
    expect(await runProcess({ pauseMs: 10_000, killOn: (out) => out.includes('batched\n') })).toBe('killed');
    const [batch] = await batches();
    expect(batch).toMatchObject({ status: 'created', count: minerCount, txid: null });
    expect(node.sends()).toBe(0);
    await settled();

    // Killed while the wallet sends: the transaction is out, the process never hears of it.
    const sending = node.stallNext('sendmany');
    expect(await runProcess({ killWhen: sending })).toBe('killed');
    expect(node.sends()).toBe(1);
    expect((await batches())[0]).toMatchObject({ status: 'created', txid: null });
    await settled();

    // Restarted: the wallet holds the batch's transaction, so it is recorded, not sent again.
    expect(JSON.parse(await runProcess({}))).toEqual({ polled: true, errors: [] });
    expect(node.sends()).toBe(1);
    const txid = node.transactions[0]?.txid;
    expect(node.transactions[0]?.comment).toBe(batch?.id);
    expect(Object.keys(node.transactions[0]?.amounts ?? {})).toHaveLength(minerCount);
    expect((await batches())[0]).toMatchObject({ status: 'sent', txid });
    await settled();

    // Killed while reading the confirmations that complete it.
    node.mine(3);
    const polling = node.stallNext('gettransaction');
    expect(await runProcess({ killWhen: polling })).toBe('killed');
    expect((await batches())[0]).toMatchObject({ status: 'sent' });
    await settled();

    // Two processes at once finish it: completed once, settled once.
    const answers = await Promise.all([runProcess({}), runProcess({})]);
    expect(answers.map((answer) => JSON.parse(answer) as unknown)).toEqual([
      { polled: true, errors: [] },
      { polled: true, errors: [] },
    ]);
    expect(node.sends()).toBe(1);
    expect(await batches()).toEqual([{ id: batch?.id, status: 'completed', txid, count: minerCount }]);
    const [paid] = await t.database.query<{ balance: string; requested: string }>(
      `select (select balance::text from app.ledger_accounts where kind = 'paid_out') as balance,
         (select sum(amount)::text from app.payout_requests where status = 'completed') as requested`,
    );
    expect(paid?.balance).toBe(paid?.requested);
    await settled();
  });
});
