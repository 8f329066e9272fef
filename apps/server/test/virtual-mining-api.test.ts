import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import type { ErrorBody } from '@pool/contract/errors';
import type { BoundaryWorker } from '@pool/contract/mining';
import type { PaymentsPage } from '@pool/contract/money';
import type {
  ReferrerCode,
  SharingSettings,
  VirtualMiningContract,
  VirtualMiningContractBody,
  VirtualMiningContractPage,
} from '@pool/contract/sharing';
import { hashesPerDifficulty } from '../src/modules/mining/hashrate.ts';
import { dayMs, dayOf, rewardRun, startOf } from '../src/modules/money/rewards/reward-run.ts';
import { rewardTerms } from '../src/modules/money/rewards/terms-repository.ts';
import { contractRefusals, peakShare, statusOf } from '../src/modules/sharing/virtual-mining/service.ts';
import type { TestBrowser } from './support/browser.ts';
import { testFactory, type TestFactory, type TestMiner } from './support/factory.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const api = '/api/backend/v0.1';
const hour = 3_600_000;

describe('virtual-mining contract rules', () => {
  it('counts the most of a donor’s hashrate given away at one moment, not the sum of every contract', () => {
    const contracts = [
      { share: 0.5, startsAt: 0, endsAt: 10 },
      { share: 0.5, startsAt: 10, endsAt: null },
    ];
    // Back to back: never more than half at once.
    expect(peakShare(contracts, 0, null)).toBe(0.5);
    expect(peakShare([...contracts, { share: 0.5, startsAt: 5, endsAt: 10 }], 0, null)).toBe(1);
    // A contract that ended before the span does not count.
    expect(peakShare([{ share: 0.9, startsAt: 0, endsAt: 10 }], 10, 20)).toBe(0);
    expect(peakShare([{ share: 0.9, startsAt: 0, endsAt: 11 }], 10, 20)).toBe(0.9);
  });

  it('is scheduled before its start, running until its end, ended from then and when ended before it started', () => {
    expect(statusOf(10, null, 9)).toBe('scheduled');
    expect(statusOf(10, null, 10)).toBe('running');
    expect(statusOf(10, 20, 19)).toBe('running');
    expect(statusOf(10, 20, 20)).toBe('ended');
    expect(statusOf(10, 10, 5)).toBe('ended');
  });
});

describe.each(testDatabaseKinds)('virtual-mining contracts and sharing settings on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  let factory: TestFactory;
  let donor: TestMiner;
  let recipient: TestMiner;
  let other: TestMiner;
  const as: Record<string, TestBrowser> = {};

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
    factory = await testFactory(database, server);
    donor = await factory.newMiner({ accountName: `donor_${kind}` });
    recipient = await factory.newMiner({ accountName: `recipient_${kind}` });
    other = await factory.newMiner({ accountName: `other_${kind}` });
    const poolAdmin = await factory.newPerson({ totp: true });
    await factory.grant(poolAdmin, factory.pool, 'admin');
    const poolAdminWithout2fa = await factory.newPerson();
    await factory.grant(poolAdminWithout2fa, factory.pool, 'admin');
    const poolViewer = await factory.newPerson({ totp: true });
    await factory.grant(poolViewer, factory.pool, 'viewer');
    const platformAdmin = await factory.newPerson({ totp: true });
    await factory.grant(platformAdmin, factory.platform, 'admin');
    const platformAdminWithout2fa = await factory.newPerson();
    await factory.grant(platformAdminWithout2fa, factory.platform, 'admin');
    Object.assign(as, {
      poolAdmin: await factory.signIn(poolAdmin),
      poolAdminWithout2fa: await factory.signIn(poolAdminWithout2fa),
      poolViewer: await factory.signIn(poolViewer),
      platformAdmin: await factory.signIn(platformAdmin),
      platformAdminWithout2fa: await factory.signIn(platformAdminWithout2fa),
      donor: await factory.signIn(donor.owner),
      recipient: await factory.signIn(recipient.owner),
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const send = <T>(who: string, method: string, path: string, body?: unknown) => {
    const browser = as[who];
    if (!browser) throw new Error(`no browser for ${who}`);
    return browser.json<T>(`${api}${path}`, body === undefined ? { method } : { method, body: JSON.stringify(body) });
  };
  const fields = (body: unknown) => ((body as ErrorBody).error.fields ?? []).map((entry) => entry.field);
  const contracts = () => `/pools/${factory.pool.id}/virtual-mining/contracts`;
  const at = (offset: number) => new Date(Date.now() + offset).toISOString();
  const contractBody = (more: Partial<VirtualMiningContractBody> = {}): VirtualMiningContractBody => ({
    donor_account_name: donor.accountName,
    recipient_account_name: recipient.accountName,
    hash_rate_share: 0.25,
    starts_at: at(0),
    ...more,
  });

  it('lets a pool admin create a contract that the recipient’s boundary workers and the reward run follow', async () => {
    const made = await send<VirtualMiningContract>('poolAdmin', 'POST', contracts(), contractBody());
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      donor_miner_id: donor.id,
      donor_account_name: donor.accountName,
      recipient_miner_id: recipient.id,
      recipient_account_name: recipient.accountName,
      hash_rate_share: 0.25,
      fixed_hash_rate: null,
      ends_at: null,
      status: 'running',
    });

    const boundary = await send<{ items: BoundaryWorker[] }>(
      'recipient',
      'GET',
      `/miners/${recipient.id}/workers/boundary`,
    );
    expect(boundary.body.items).toMatchObject([
      { contract_id: made.body.id, donor_account_name: donor.accountName, hash_rate_share: 0.25 },
    ]);

    // The donor mines on the contract's first day; the day's run moves a quarter of its net, for the part of
    // the day the contract ran. The day is the contract's own, not the clock's, so that a test that crosses
    // midnight checks the same day; 200 PH/s makes even its last 40 ms worth a satoshi.
    const startsAt = Date.parse(made.body.starts_at);
    const day = dayOf(startsAt);
    await rewardTerms(database).setRate({
      rateMsat: 50_000n,
      source: 'manual',
      effectiveFrom: new Date(startOf(day) - dayMs),
      setBy: null,
    });
    await database.query(
      `insert into app.account_hashrate_1d (account_id, bucket_start, accepted_difficulty, rejected_difficulty, accepted_shares, rejected_shares)
       values ($1, $2, $3, 0, 100, 0)`,
      [donor.id, new Date(startOf(day)).toISOString(), (200e15 * 86_400) / hashesPerDifficulty],
    );
    await rewardRun({
      database,
      poolId: factory.pool.id,
      clock: () => startOf(day) + dayMs + 10 * hour,
    }).runRewardDay(day);
    const received = await send<PaymentsPage>(
      'recipient',
      'GET',
      `/miners/${recipient.id}/payments?type=virtual_mining_reward`,
    );
    const given = await send<PaymentsPage>('donor', 'GET', `/miners/${donor.id}/payments?type=virtual_mining_transfer`);
    const reward = await send<PaymentsPage>('donor', 'GET', `/miners/${donor.id}/payments?type=reward`);
    const net = reward.body.items[0]?.reward?.net ?? 0;
    const ran = (startOf(day) + dayMs - startsAt) / dayMs;
    const moved = Math.floor(net * 0.25 * ran);
    expect(received.body.items.map((item) => item.amount)).toEqual(moved > 0 ? [moved] : []);
    expect(given.body.items).toMatchObject([{ direction: 'outgoing', amount: received.body.items[0]?.amount }]);
  });

  it('answers a field error for each way a contract can be wrong', async () => {
    const refused = async (body: VirtualMiningContractBody, status: number, field: string) => {
      const answer = await send('poolAdmin', 'POST', contracts(), body);
      expect({ status: answer.status, fields: fields(answer.body) }).toEqual({ status, fields: [field] });
      return answer.body as ErrorBody;
    };
    const self = await refused(
      contractBody({ recipient_account_name: donor.accountName }),
      400,
      'recipient_account_name',
    );
    expect(self.error.fields?.[0]?.text).toBe(contractRefusals.self);
    await refused(contractBody({ donor_account_name: 'nobody_here' }), 404, 'donor_account_name');
    await refused(contractBody({ recipient_account_name: 'nobody_here' }), 404, 'recipient_account_name');
    await refused(contractBody({ hash_rate_share: 0.25, fixed_hash_rate: 100e12 }), 400, 'hash_rate_share');
    await refused(contractBody({ hash_rate_share: null, fixed_hash_rate: null }), 400, 'hash_rate_share');
    await refused(contractBody({ hash_rate_share: 0 }), 400, 'hash_rate_share');
    await refused(contractBody({ hash_rate_share: 1.01 }), 400, 'hash_rate_share');
    await refused(contractBody({ hash_rate_share: null, fixed_hash_rate: -1 }), 400, 'fixed_hash_rate');
    // One instant for both: two calls of at() a millisecond apart would make a valid one-millisecond contract.
    const inAnHour = at(hour);
    await refused(contractBody({ starts_at: inAnHour, ends_at: inAnHour }), 400, 'ends_at');
    const past = await refused(contractBody({ starts_at: at(-2 * 60_000) }), 400, 'starts_at');
    expect(past.error.fields?.[0]?.text).toBe(contractRefusals.past);
    await refused(contractBody({ donor_account_name: '' }), 400, 'donor_account_name');

    // The donor gives a quarter from now on: 75 % more fits, 75.01 % does not, and after a contract
    // ends its share is free again.
    const over = await refused(contractBody({ hash_rate_share: 0.7501, starts_at: at(hour) }), 400, 'hash_rate_share');
    expect(over.error.fields?.[0]?.text).toBe(contractRefusals.overShared);
    const bounded = await send<VirtualMiningContract>(
      'poolAdmin',
      'POST',
      contracts(),
      contractBody({
        recipient_account_name: other.accountName,
        hash_rate_share: 0.75,
        starts_at: at(hour),
        ends_at: at(2 * hour),
      }),
    );
    expect(bounded.status).toBe(201);
    expect(bounded.body.status).toBe('scheduled');
    await refused(contractBody({ hash_rate_share: 0.01, starts_at: at(90 * 60_000) }), 400, 'hash_rate_share');
    const after = await send(
      'poolAdmin',
      'POST',
      contracts(),
      contractBody({ hash_rate_share: 0.75, starts_at: at(2 * hour) }),
    );
    expect(after.status).toBe(201);
    // A fixed hashrate is not a share of the donor: it passes whatever the shares are.
    const fixed = await send<VirtualMiningContract>(
      'poolAdmin',
      'POST',
      contracts(),
      contractBody({ hash_rate_share: null, fixed_hash_rate: 100e12, starts_at: at(2 * hour) }),
    );
    expect(fixed.status).toBe(201);
    expect(fixed.body).toMatchObject({ hash_rate_share: null, fixed_hash_rate: 100e12 });
  });

  it('lists the pool’s contracts, or one miner’s, newest start first', async () => {
    const all = await send<VirtualMiningContractPage>('poolViewer', 'GET', contracts());
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(4);
    const starts = all.body.items.map((item) => Date.parse(item.starts_at));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    const others = await send<VirtualMiningContractPage>('poolViewer', 'GET', `${contracts()}?miner_id=${other.id}`);
    expect(others.body.items.map((item) => item.recipient_account_name)).toEqual([other.accountName]);
    const paged = await send<VirtualMiningContractPage>('poolViewer', 'GET', `${contracts()}?per_page=3&page=2`);
    expect(paged.body).toMatchObject({ total: 4, page: 2, per_page: 3 });
    expect(paged.body.items).toHaveLength(1);
  });

  it('ends a contract now or before its end, never in the past, later, or twice', async () => {
    const list = await send<VirtualMiningContractPage>('poolAdmin', 'GET', `${contracts()}?miner_id=${other.id}`);
    const scheduled = list.body.items[0];
    if (!scheduled) throw new Error('no scheduled contract');
    const end = (id: string, body: unknown) =>
      send<VirtualMiningContract>('poolAdmin', 'POST', `${contracts()}/${id}/end`, body);
    const later = await end(scheduled.id, { ends_at: at(3 * hour) });
    expect({ status: later.status, fields: fields(later.body) }).toEqual({ status: 400, fields: ['ends_at'] });
    const past = await end(scheduled.id, { ends_at: at(-5 * 60_000) });
    expect({ status: past.status, fields: fields(past.body) }).toEqual({ status: 400, fields: ['ends_at'] });
    // Ended before it started: it never runs.
    const cancelled = await end(scheduled.id, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'ended', ends_at: scheduled.starts_at });
    const twice = await end(scheduled.id, {});
    expect({ status: twice.status, fields: fields(twice.body) }).toEqual({ status: 409, fields: ['ends_at'] });

    const running = (await send<VirtualMiningContractPage>('poolAdmin', 'GET', contracts())).body.items.find(
      (item) => item.status === 'running',
    );
    if (!running) throw new Error('no running contract');
    const ended = await end(running.id, {});
    expect(ended.body.status).toBe('ended');
    const boundary = await send<{ items: BoundaryWorker[] }>(
      'recipient',
      'GET',
      `/miners/${recipient.id}/workers/boundary`,
    );
    expect(boundary.body.items.find((item) => item.contract_id === running.id)?.ends_at).toBe(ended.body.ends_at);
    expect((await end('00000000-0000-4000-8000-000000000000', {})).status).toBe(404);
  });

  it('lets only the pool’s managing roles with a fresh second factor change contracts', async () => {
    const body = contractBody({ starts_at: at(5 * hour), hash_rate_share: 0.01 });
    expect((await send('poolViewer', 'POST', contracts(), body)).status).toBe(403);
    expect((await send('poolAdminWithout2fa', 'POST', contracts(), body)).status).toBe(403);
    expect((await send('platformAdmin', 'POST', contracts(), body)).status).toBe(403);
    expect((await send('donor', 'POST', contracts(), body)).status).toBe(403);
    expect((await send('donor', 'GET', contracts())).status).toBe(403);
    expect((await send('poolAdmin', 'POST', contracts(), body)).status).toBe(201);
  });

  it('lets a platform admin read and change the referral percent and days, for sign-ups from then on', async () => {
    const settings = `/platform/sharing/settings`;
    expect((await send<SharingSettings>('platformAdmin', 'GET', settings)).body).toEqual({
      referral_percent: 10,
      referral_days: 365,
      welcome_days: 7,
    });
    const wrong = await send('platformAdmin', 'PUT', settings, {
      referral_percent: 100.5,
      referral_days: 0,
      welcome_days: -1,
    });
    expect(wrong.status).toBe(400);
    expect(fields(wrong.body).sort()).toEqual(['referral_days', 'referral_percent', 'welcome_days']);
    expect(
      fields(
        (await send('platformAdmin', 'PUT', settings, { referral_percent: 2.555, referral_days: 30, welcome_days: 7 }))
          .body,
      ),
    ).toEqual(['referral_percent']);
    const changed = { referral_percent: 2.5, referral_days: 30, welcome_days: 14 };
    expect((await send('platformAdminWithout2fa', 'PUT', settings, changed)).status).toBe(403);
    expect((await send('poolAdmin', 'PUT', settings, changed)).status).toBe(403);
    expect((await send('poolAdmin', 'GET', settings)).status).toBe(403);
    const put = await send<SharingSettings>('platformAdmin', 'PUT', settings, changed);
    expect(put.status).toBe(200);
    expect(put.body).toEqual(changed);
    expect((await send<SharingSettings>('platformAdmin', 'GET', settings)).body).toEqual(changed);

    // The referrer's page shows the new terms, and an account that signs up now is linked on them.
    const code = await send<ReferrerCode>('recipient', 'POST', `/miners/${recipient.id}/referrer-codes`);
    expect((await send('recipient', 'GET', `/miners/${recipient.id}/referrer-codes`)).body).toMatchObject({
      percent: 2.5,
      days: 30,
    });
    const newcomer = await factory.newPerson();
    as.newcomer = await factory.signIn(newcomer);
    const made = await send<{ id: string }>('newcomer', 'POST', '/miners', {
      account_name: `newcomer_${kind}`,
      referral_code: code.body.code,
    });
    expect(made.status).toBe(201);
    const [referral] = await database.query<{ percent_bp: number; days: number }>(
      'select percent_bp, (ends_on - starts_on)::int as days from app.referrals where referred_miner_id = $1',
      [made.body.id],
    );
    expect(referral).toEqual({ percent_bp: 250, days: 30 });
  });
});
