import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import type { ErrorBody } from '@pool/contract/errors';
import type { PaymentsPage } from '@pool/contract/money';
import type { BlockchainRequest, BlockchainRequestsPage, PayoutRunResult } from '@pool/contract/payouts';
import type { TestBrowser } from './support/browser.ts';
import { testFactory, type TestMiner } from './support/factory.ts';
import { ledgerInvariants } from './support/money.ts';
import { fakeClock } from './support/mining.ts';
import { balanceOf, fund, mainnetAddress, payoutInvariants, setWallet } from './support/payouts.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const api = '/api/backend/v0.1';
const desk = '/platform/payouts';
const day = '2026-05-04';
const txid = 'ab'.repeat(32);

/** The platform's payout desk over HTTP: running a day, the requests, resend and reverse, and the miner's view. */
describe.each(testDatabaseKinds)('payout requests on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  let poolId = '';
  const miners: Record<'alice' | 'bob' | 'carol', TestMiner | undefined> = {
    alice: undefined,
    bob: undefined,
    carol: undefined,
  };
  const as: Record<string, TestBrowser> = {};
  let watcherToken = '';
  // Before 14:00, so the scheduler leaves the day to the test's own run.
  const clock = fakeClock(`${day}T10:00:00Z`);
  const requestOf: Record<string, BlockchainRequest> = {};

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database, {}, { clock: clock.now });
    const factory = await testFactory(database, server);
    poolId = factory.pool.id;
    for (const [name, amount] of [
      ['alice', 300_000n],
      ['bob', 150_000n],
      ['carol', 120_000n],
    ] as const) {
      const miner = await factory.newMiner({
        owner: await factory.newPerson({ totp: name === 'alice' }),
        accountName: `${name}_${kind}`,
      });
      miners[name] = miner;
      await fund(database, poolId, miner.id, amount);
      await setWallet(database, miner.id, { address: mainnetAddress, stoppedUntil: new Date(`${day}T00:00:00Z`) });
    }
    const admin = await factory.newPerson({ totp: true });
    await factory.grant(admin, factory.platform, 'admin');
    const treasurer = await factory.newPerson({ totp: true });
    await factory.grant(treasurer, factory.platform, 'treasurer');
    const viewer = await factory.newPerson({ totp: true });
    await factory.grant(viewer, factory.platform, 'viewer');
    const adminWithoutTotp = await factory.newPerson();
    await factory.grant(adminWithoutTotp, factory.platform, 'admin');
    const treasurerWithoutTotp = await factory.newPerson();
    await factory.grant(treasurerWithoutTotp, factory.platform, 'treasurer');
    const people = {
      alice: miners.alice?.owner,
      carol: miners.carol?.owner,
      admin,
      treasurer,
      viewer,
      adminWithoutTotp,
      treasurerWithoutTotp,
    };
    for (const [name, person] of Object.entries(people)) if (person) as[name] = await factory.signIn(person);
    if (miners.alice) {
      watcherToken = (await factory.newWatcher(miners.alice, { by: miners.alice.owner, access: ['Payments'] })).token;
    }
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const call = <T>(who: string, method: string, path: string, body?: unknown) => {
    const browser = as[who];
    if (!browser) throw new Error(`no browser for ${who}`);
    return browser.json<T>(`${api}${path}`, body === undefined ? { method } : { method, body: JSON.stringify(body) });
  };
  const codeOf = (body: unknown) => (body as ErrorBody).error.code;
  const id = (name: keyof typeof miners) => miners[name]?.id ?? '';
  /** Everything a refusal could have changed: the requests, the transfers, the balances and the job rows. */
  const snapshot = async () => ({
    requests: await database.query('select * from app.payout_requests order by id'),
    transfers: await database.query('select id, status from app.ledger_transfers order by id'),
    balances: await database.query('select id, balance::text from app.ledger_accounts order by id'),
    jobs: await database.query(`select day::text, status from app.job_runs where job = 'payouts' order by day`),
  });

  it('runs the day for platform admins with a second factor only, and answers what it paid', async () => {
    const before = await snapshot();
    expect((await call('treasurer', 'POST', `${desk}/runs`, { day })).status).toBe(403);
    expect((await call('viewer', 'POST', `${desk}/runs`, { day })).status).toBe(403);
    expect((await call('alice', 'POST', `${desk}/runs`, { day })).status).toBe(403);
    const stepUp = await call('adminWithoutTotp', 'POST', `${desk}/runs`, { day });
    expect([stepUp.status, codeOf(stepUp.body)]).toEqual([403, 'additional_authentication_required']);
    expect(await snapshot()).toEqual(before);

    const run = await call<PayoutRunResult>('admin', 'POST', `${desk}/runs`, { day });
    expect(run.status).toBe(200);
    expect(run.body).toEqual({ day, paid: 3, total: 570_000 });
    const again = await call('admin', 'POST', `${desk}/runs`, { day });
    expect([again.status, codeOf(again.body)]).toEqual([409, 'payout_already_processed']);
    for (const name of ['alice', 'bob', 'carol'] as const) {
      expect(await balanceOf(database, poolId, id(name))).toBe(0n);
    }
  });

  it('refuses bad input with a 400 and changes nothing', async () => {
    const before = await snapshot();
    for (const body of [{ day: '2026-13-01' }, { day: '2026-05-05' }, {}, { day: 20260504 }]) {
      const answer = await call('admin', 'POST', `${desk}/runs`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(codeOf(answer.body)).toBe('validation_failed');
    }
    for (const query of ['per_page=0', 'per_page=101', 'page=0', 'status=lost', 'batch_id=nope']) {
      expect((await call('viewer', 'GET', `${desk}/blockchain-requests?${query}`)).status, query).toBe(400);
    }
    for (const action of ['resend', 'reverse']) {
      expect((await call('treasurer', 'POST', `${desk}/blockchain-requests/not-a-uuid/${action}`)).status).toBe(400);
      const missing = await call('treasurer', 'POST', `${desk}/blockchain-requests/${randomUUID()}/${action}`);
      expect(missing.status).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lists the requests newest first, by status, by account name, paged; for any platform role', async () => {
    const page = await call<BlockchainRequestsPage>('viewer', 'GET', `${desk}/blockchain-requests`);
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(3);
    expect(page.body.items.map((item) => [item.account_name, item.amount, item.status, item.day])).toEqual(
      expect.arrayContaining([
        [`alice_${kind}`, 300_000, 'created', day],
        [`bob_${kind}`, 150_000, 'created', day],
        [`carol_${kind}`, 120_000, 'created', day],
      ]),
    );
    const times = page.body.items.map((item) => item.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    for (const item of page.body.items) requestOf[item.account_name.split('_')[0] ?? ''] = item;
    expect(requestOf.alice).toMatchObject({ address: mainnetAddress, txid: null, batch_id: null, confirmations: 0 });
    const found = await call<BlockchainRequestsPage>('viewer', 'GET', `${desk}/blockchain-requests?search=ALICE`);
    expect(found.body.items.map((item) => item.id)).toEqual([requestOf.alice?.id]);
    // A `%` typed in the search is a percent sign, not "anything".
    expect(
      (await call<BlockchainRequestsPage>('viewer', 'GET', `${desk}/blockchain-requests?search=%25`)).body.total,
    ).toBe(0);
    const paged = await call<BlockchainRequestsPage>('viewer', 'GET', `${desk}/blockchain-requests?per_page=2&page=2`);
    expect([paged.body.total, paged.body.items.length, paged.body.page]).toEqual([3, 1, 2]);
    expect((await call('alice', 'GET', `${desk}/blockchain-requests`)).status).toBe(403);
    const watcher = await fetch(`${server.listeningOn}${api}${desk}/blockchain-requests`, {
      headers: { 'x-watcher-token': watcherToken },
    });
    expect([401, 403]).toContain(watcher.status);
  });

  it('shows the miner its payout as pending, with the request and the address', async () => {
    const payments = await call<PaymentsPage>('alice', 'GET', `/miners/${id('alice')}/payments?type=payout`);
    expect(payments.status).toBe(200);
    expect(payments.body.items).toHaveLength(1);
    expect(payments.body.items[0]).toMatchObject({
      type: 'payout',
      direction: 'outgoing',
      status: 'pending',
      amount: 300_000,
      payout: {
        request_id: requestOf.alice?.id,
        status: 'created',
        address: mainnetAddress,
        txid: null,
        explorer_url: null,
      },
    });
  });

  it('reverses a created request for a treasurer with a second factor: the money returns to the balance', async () => {
    const path = `${desk}/blockchain-requests/${requestOf.alice?.id}/reverse`;
    expect((await call('viewer', 'POST', path)).status).toBe(403);
    expect((await call('alice', 'POST', path)).status).toBe(403);
    const stepUp = await call('treasurerWithoutTotp', 'POST', path);
    expect([stepUp.status, codeOf(stepUp.body)]).toEqual([403, 'additional_authentication_required']);
    expect(await balanceOf(database, poolId, id('alice'))).toBe(0n);

    // Two reverses at once (a retried click): one cancels, the other finds it canceled; the money returns once.
    const [one, two] = await Promise.all([
      call<BlockchainRequest>('treasurer', 'POST', path),
      call<BlockchainRequest>('treasurer', 'POST', path),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.status).toBe('canceled');
    expect(two.body.status).toBe('canceled');
    expect(await balanceOf(database, poolId, id('alice'))).toBe(300_000n);
    const payments = await call<PaymentsPage>('alice', 'GET', `/miners/${id('alice')}/payments?type=payout`);
    expect(payments.body.items[0]).toMatchObject({ status: 'canceled', payout: { status: 'canceled' } });
    const resend = await call('treasurer', 'POST', `${desk}/blockchain-requests/${requestOf.alice?.id}/resend`);
    expect([resend.status, codeOf(resend.body)]).toEqual([409, 'payout_already_processed']);
    expect(await ledgerInvariants({ database })).toMatchObject({
      unbalanced: [],
      drifted: [],
      negative: [],
      total: 0n,
    });
    expect(await payoutInvariants(database)).toEqual({ mismatched: [], doubled: [], inFlight: 0n });
  });

  it('resends a failed request into the next batch, and reverses one that failed again', async () => {
    const bob = requestOf.bob?.id ?? '';
    // A batch's failure is the batches module's to record; here the row is put in the state it leaves.
    const fail = () =>
      database.query(
        `update app.payout_requests set status = 'failed', failure = 'rejected by the node' where id = $1`,
        [bob],
      );
    await fail();
    const resent = await call<BlockchainRequest>('treasurer', 'POST', `${desk}/blockchain-requests/${bob}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({
      status: 'created',
      failure: null,
      txid: null,
      batch_id: null,
      amount: 150_000,
    });
    // Still reserved: the balance does not come back with a resend.
    expect(await balanceOf(database, poolId, id('bob'))).toBe(0n);
    const created = await call<BlockchainRequestsPage>('admin', 'GET', `${desk}/blockchain-requests?status=created`);
    expect(created.body.items.map((item) => item.id).sort()).toEqual([bob, requestOf.carol?.id].sort());

    await fail();
    const reversed = await call<BlockchainRequest>('admin', 'POST', `${desk}/blockchain-requests/${bob}/reverse`);
    expect([reversed.status, reversed.body.status]).toEqual([200, 'canceled']);
    expect(await balanceOf(database, poolId, id('bob'))).toBe(150_000n);
    expect(await payoutInvariants(database)).toEqual({ mismatched: [], doubled: [], inFlight: 0n });
  });

  it('answers payout_already_processed for a sent request and changes nothing; the miner sees its txid linked', async () => {
    const carol = requestOf.carol?.id ?? '';
    // Sending is the batches module's; here the row is put in the state a recorded txid leaves.
    await database.query(`update app.payout_requests set status = 'sent', txid = $2 where id = $1`, [carol, txid]);
    const before = await snapshot();
    for (const action of ['resend', 'reverse']) {
      const answer = await call('treasurer', 'POST', `${desk}/blockchain-requests/${carol}/${action}`);
      expect([answer.status, codeOf(answer.body)]).toEqual([409, 'payout_already_processed']);
    }
    expect(await snapshot()).toEqual(before);
    const byTxid = await call<BlockchainRequestsPage>(
      'viewer',
      'GET',
      `${desk}/blockchain-requests?search=${txid.slice(0, 10).toUpperCase()}`,
    );
    expect(byTxid.body.items.map((item) => item.id)).toEqual([carol]);
    const sent = await call<BlockchainRequestsPage>(
      'viewer',
      'GET',
      `${desk}/blockchain-requests?status=sent&status=completed`,
    );
    expect(sent.body.items.map((item) => item.id)).toEqual([carol]);
    const payments = await call<PaymentsPage>('carol', 'GET', `/miners/${id('carol')}/payments?type=payout`);
    expect(payments.body.items[0]).toMatchObject({
      id: requestOf.carol?.payment_id,
      status: 'pending',
      payout: { status: 'sent', txid, explorer_url: `https://mempool.space/tx/${txid}` },
    });
  });
});
