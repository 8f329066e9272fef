import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import type { ErrorBody } from '@pool/contract/errors';
import type { PayoutBatch, PayoutSchedule, PayoutSchedules } from '@pool/contract/payouts';
import { batchRun } from '../src/modules/payouts/batches/batch-run.ts';
import { manualDesk } from '../src/modules/payouts/broadcast/payout-chain.ts';
import { withdrawalRun } from '../src/modules/payouts/withdrawal/withdrawal-run.ts';
import type { TestBrowser } from './support/browser.ts';
import { testFactory, type TestFactory, type TestMiner } from './support/factory.ts';
import { fakeClock } from './support/mining.ts';
import { ledgerInvariants } from './support/money.ts';
import { balancedBatches, batchInvariants, newAddress } from './support/payout-batches.ts';
import { fund, setWallet } from './support/payouts.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const api = '/api/backend/v0.1';
const desk = '/platform/payouts';
const txidA = 'a'.repeat(64);
const txidB = `${'b'.repeat(63)}c`;

/** The payout schedule and the manual desk over HTTP, as /platform/payouts calls them, with no node. */
describe.each(testDatabaseKinds)('the payout desk on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  let factory: TestFactory;
  const miners: TestMiner[] = [];
  const addresses = [newAddress(), newAddress()];
  const as: Record<string, TestBrowser> = {};
  const clock = fakeClock('2026-07-01T10:00:00Z');

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database, {}, { clock: clock.now });
    factory = await testFactory(database, server);
    const treasurer = await factory.newPerson({ totp: true });
    await factory.grant(treasurer, factory.platform, 'treasurer');
    const viewer = await factory.newPerson({ totp: true });
    await factory.grant(viewer, factory.platform, 'viewer');
    const adminWithoutTotp = await factory.newPerson();
    await factory.grant(adminWithoutTotp, factory.platform, 'admin');
    const poolAdmin = await factory.newPerson({ totp: true });
    await factory.grant(poolAdmin, factory.pool, 'admin');
    for (const [name, person] of Object.entries({ treasurer, viewer, adminWithoutTotp, poolAdmin }))
      as[name] = await factory.signIn(person);
    for (const address of addresses) {
      const miner = await factory.newMiner();
      miners.push(miner);
      await setWallet(database, miner.id, { address, stoppedUntil: new Date('2026-06-30T00:00:00Z') });
    }
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const call = <T>(who: string, method: string, path: string, body?: unknown) => {
    const browser = as[who];
    if (!browser) throw new Error(`no browser for ${who}`);
    return browser.json<T>(
      `${api}${desk}${path}`,
      body === undefined ? { method } : { method, body: JSON.stringify(body) },
    );
  };
  const errorOf = (body: unknown) => (body as ErrorBody).error;
  const schedules = async () => (await call<PayoutSchedules>('treasurer', 'GET', '/schedule')).body;
  const batches = async () => (await call<{ items: PayoutBatch[] }>('treasurer', 'GET', '/batches')).body.items;
  /** The 14:00 run of `day`, then the batch at 15:00, in manual mode. */
  async function batchOf(day: string, amounts: bigint[]): Promise<string> {
    for (const [index, amount] of amounts.entries()) {
      const miner = miners[index];
      if (miner) await fund(database, factory.pool.id, miner.id, amount);
    }
    clock.set(`${day}T14:00:30Z`);
    await withdrawalRun({ database, poolId: factory.pool.id, clock: clock.now }).runPayoutDay(day);
    clock.set(`${day}T15:00:00Z`);
    const run = batchRun({
      database,
      poolId: factory.pool.id,
      clock: clock.now,
      broadcast: manualDesk,
      confirmations: 3,
    });
    const made = await run.tick();
    return made?.batchId ?? '';
  }

  it('shows a current schedule at the next 15:00 UTC, manual mode, the network', async () => {
    expect(await schedules()).toMatchObject({
      current: { date: '2026-07-01', time: '15:00', fee_level: 'MEDIUM', fee_per_vbyte: null, processed: false },
      past: [],
      mode: 'manual',
      network: 'mainnet',
    });
    // Reading it twice opens no second one.
    expect((await schedules()).current?.id).toBe((await schedules()).current?.id);
  });

  it('sets the schedule for a treasurer with a second factor, and clears the fee per vbyte', async () => {
    const set = await call<PayoutSchedule>('treasurer', 'PUT', '/schedule/current', {
      date: '2026-07-01',
      time: '16:30',
      fee_level: 'HIGH',
      fee_per_vbyte: 25.1234,
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ date: '2026-07-01', time: '16:30', fee_level: 'HIGH', fee_per_vbyte: 25.123 });
    // Without the fee in the body, the one set stays.
    const kept = await call<PayoutSchedule>('treasurer', 'PUT', '/schedule/current', {
      date: '2026-07-01',
      time: '15:00',
      fee_level: 'LOW',
    });
    expect(kept.body).toMatchObject({ time: '15:00', fee_level: 'LOW', fee_per_vbyte: 25.123 });
    const cleared = await call<PayoutSchedule>('treasurer', 'DELETE', '/schedule/current/fee-per-vbyte');
    expect(cleared.body).toMatchObject({ time: '15:00', fee_level: 'LOW', fee_per_vbyte: null });
    expect((await schedules()).current).toEqual(cleared.body);
  });

  it('refuses a past moment and bad input with a field error, and changes nothing', async () => {
    const before = await schedules();
    const refusals: [unknown, string][] = [
      [{ date: '2026-07-01', time: '09:59', fee_level: 'LOW' }, 'date'],
      [{ date: '2026-06-30', time: '23:00', fee_level: 'LOW' }, 'date'],
      [{ date: '2026-07-02', time: '24:00', fee_level: 'LOW' }, 'time'],
      [{ date: '2026-07-02', time: '15:00', fee_level: 'URGENT' }, 'fee_level'],
      [{ date: '2026-07-02', time: '15:00', fee_level: 'LOW', fee_per_vbyte: 0 }, 'fee_per_vbyte'],
      [{ date: '2026-07-02', time: '15:00', fee_level: 'LOW', fee_per_vbyte: 0.0001 }, 'fee_per_vbyte'],
      [{ date: '2026-07-02', time: '15:00', fee_level: 'LOW', fee_per_vbyte: 10_001 }, 'fee_per_vbyte'],
      [{ date: 'tomorrow', time: '15:00', fee_level: 'LOW' }, 'date'],
    ];
    for (const [body, field] of refusals) {
      const answer = await call('treasurer', 'PUT', '/schedule/current', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(answer.body).fields?.map((error) => error.field)).toEqual([field]);
    }
    expect(await schedules()).toEqual(before);
  });

  it('asks for a second factor, and refuses people without a platform treasury role', async () => {
    const body = { date: '2026-07-02', time: '15:00', fee_level: 'LOW' };
    const noFactor = await call('adminWithoutTotp', 'PUT', '/schedule/current', body);
    expect([noFactor.status, errorOf(noFactor.body).code]).toEqual([403, 'additional_authentication_required']);
    for (const who of ['viewer', 'poolAdmin']) {
      expect((await call(who, 'PUT', '/schedule/current', body)).status).toBe(403);
      expect((await call(who, 'GET', '/batches')).status).toBe(403);
    }
    expect((await call('viewer', 'GET', '/schedule')).status).toBe(200);
    expect((await call('poolAdmin', 'GET', '/schedule')).status).toBe(403);
  });

  it('makes a manual batch at the schedule’s time, exports it, and records its txid and completion', async () => {
    const batchId = await batchOf('2026-07-01', [150_000n, 123_456_789n]);
    const [listed] = await batches();
    expect(listed).toMatchObject({
      id: batchId,
      status: 'created',
      mode: 'manual',
      count: 2,
      total: 123_606_789,
      txid: null,
    });
    const { past, current } = await schedules();
    expect(past).toMatchObject([{ date: '2026-07-01', time: '15:00', processed: true, batch_id: batchId }]);
    expect(current).toMatchObject({ date: '2026-07-02', time: '15:00', fee_level: 'LOW', fee_per_vbyte: null });

    const exported = await as.treasurer?.fetch(`${api}${desk}/batches/${batchId}/export`);
    expect(exported?.status).toBe(200);
    expect(exported?.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(exported?.headers.get('content-disposition')).toMatch(
      /^attachment; filename="payout-batch-2026-07-01-.+\.csv"$/,
    );
    const lines = [`${addresses[0]},0.00150000\r\n`, `${addresses[1]},1.23456789\r\n`].sort();
    expect(await exported?.text()).toBe(lines.join(''));

    // Completing before it is sent is the wrong state; nothing changes.
    const early = await call('treasurer', 'POST', `/batches/${batchId}/complete`);
    expect([early.status, errorOf(early.body).code]).toEqual([409, 'payout_already_processed']);
    const badTxid = await call('treasurer', 'POST', `/batches/${batchId}/txid`, { txid: 'not-a-txid' });
    expect(badTxid.status).toBe(400);
    expect(errorOf(badTxid.body).fields?.map((error) => error.field)).toEqual(['txid']);
    expect((await batches())[0]).toEqual(listed);

    const sent = await call<PayoutBatch>('treasurer', 'POST', `/batches/${batchId}/txid`, {
      txid: txidA.toUpperCase(),
    });
    expect(sent.body).toMatchObject({ status: 'sent', txid: txidA });
    // The same txid again is no change; another one is the wrong state.
    expect((await call<PayoutBatch>('treasurer', 'POST', `/batches/${batchId}/txid`, { txid: txidA })).status).toBe(
      200,
    );
    expect((await call('treasurer', 'POST', `/batches/${batchId}/txid`, { txid: txidB })).status).toBe(409);
    const requests = await database.query<{ status: string; txid: string }>(
      'select status, txid from app.payout_requests where batch_id = $1',
      [batchId],
    );
    expect(requests).toEqual([
      { status: 'sent', txid: txidA },
      { status: 'sent', txid: txidA },
    ]);
    expect(await batchInvariants(database)).toEqual(balancedBatches);

    const done = await call<PayoutBatch>('treasurer', 'POST', `/batches/${batchId}/complete`);
    expect(done.body).toMatchObject({ status: 'completed', txid: txidA });
    expect((await call('treasurer', 'POST', `/batches/${batchId}/complete`)).status).toBe(409);
    expect((await call('treasurer', 'POST', `/batches/${batchId}/fail`, { reason: 'late' })).status).toBe(409);
    expect(await batchInvariants(database)).toEqual(balancedBatches);
    expect(await ledgerInvariants({ database })).toMatchObject({
      unbalanced: [],
      drifted: [],
      negative: [],
      total: 0n,
    });
  });

  it('fails a batch with its reason, keeps its money reserved, and refuses a txid already recorded', async () => {
    const batchId = await batchOf('2026-07-02', [200_000n, 300_000n]);
    const blank = await call('treasurer', 'POST', `/batches/${batchId}/fail`, { reason: '  ' });
    expect(blank.status).toBe(400);
    const taken = await call('treasurer', 'POST', `/batches/${batchId}/txid`, { txid: txidA });
    expect([taken.status, errorOf(taken.body).fields]).toEqual([
      400,
      [{ field: 'txid', text: 'txid already recorded' }],
    ]);
    expect((await batches())[0]).toMatchObject({ id: batchId, status: 'created' });

    const failed = await call<PayoutBatch>('treasurer', 'POST', `/batches/${batchId}/fail`, {
      reason: 'fee too low, dropped',
    });
    expect(failed.body).toMatchObject({ status: 'failed', failure: 'fee too low, dropped' });
    const requests = await database.query<{ status: string; failure: string }>(
      'select status, failure from app.payout_requests where batch_id = $1',
      [batchId],
    );
    expect(requests.map((request) => request.status)).toEqual(['failed', 'failed']);
    expect(await batchInvariants(database)).toEqual(balancedBatches);
    expect((await call('treasurer', 'POST', `/batches/${batchId}/txid`, { txid: txidB })).status).toBe(409);
    expect((await call('treasurer', 'GET', `/batches/00000000-0000-4000-8000-000000000000/export`)).status).toBe(404);
  });
});
