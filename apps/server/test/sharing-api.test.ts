import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import type { ErrorBody } from '@pool/contract/errors';
import type { CurrentFee, PaymentsPage } from '@pool/contract/money';
import type {
  ProfitSplit,
  ProfitSplitList,
  PromoCode,
  PromoCodeApplied,
  PromoCodeBody,
  PromoCodePage,
  ReferralList,
  ReferrerCode,
  ReferrerCodeList,
  TopUp,
} from '@pool/contract/sharing';
import { dayMs, dayOf, rewardRun, startOf } from '../src/modules/money/rewards/reward-run.ts';
import { rewardTerms } from '../src/modules/money/rewards/terms-repository.ts';
import { promoRefusal, promoRefusals, type ApplyContext } from '../src/modules/sharing/promo-codes/service.ts';
import type { PromoCodeRow } from '../src/modules/sharing/promo-codes/repository.ts';
import { hashesPerDifficulty } from '../src/modules/mining/hashrate.ts';
import type { TestBrowser } from './support/browser.ts';
import { testFactory, type TestFactory, type TestMiner, type TestPerson } from './support/factory.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { awayFromMidnight, midnightWaitTimeout } from './support/midnight.ts';

const api = '/api/backend/v0.1';

/** Every rule of a promo code at its edge (issue 15), on the rule itself. */
describe('promo code rules at their edges', () => {
  const now = Date.parse('2026-06-10T12:00:00Z');
  const code: PromoCodeRow = {
    id: '00000000-0000-4000-8000-000000000001',
    code: 'EDGE',
    description: null,
    status: 'active',
    type: 'universal',
    feeType: 'relative',
    feeBp: 5000,
    effectiveFrom: new Date(now),
    effectiveTo: new Date(now + dayMs),
    usageLimit: 3,
    userUsageLimit: 2,
    allowedEmails: [],
    durationDays: 30,
    used: 0,
    createdAt: new Date(now - dayMs),
  };
  const context: ApplyContext = {
    now,
    email: 'alice@edge.test',
    userId: 'u',
    accountCreatedAt: now - 100 * dayMs,
    welcomeDays: 7,
  };

  it('applies from effective_from exactly, not a millisecond before, and not from effective_to on', () => {
    expect(promoRefusal(code, context, 0)).toBeNull();
    expect(promoRefusal(code, { ...context, now: now - 1 }, 0)).toBe(promoRefusals.notYet);
    expect(promoRefusal(code, { ...context, now: now + dayMs - 1 }, 0)).toBeNull();
    expect(promoRefusal(code, { ...context, now: now + dayMs }, 0)).toBe(promoRefusals.expired);
    expect(promoRefusal({ ...code, effectiveTo: null }, { ...context, now: now + 1000 * dayMs }, 0)).toBeNull();
  });

  it('counts uses up to the total limit and the person’s limit, not one more', () => {
    expect(promoRefusal({ ...code, used: 2 }, context, 0)).toBeNull();
    expect(promoRefusal({ ...code, used: 3 }, context, 0)).toBe(promoRefusals.usedUp);
    expect(promoRefusal(code, context, 1)).toBeNull();
    expect(promoRefusal(code, context, 2)).toBe(promoRefusals.userUsedUp);
    expect(promoRefusal({ ...code, usageLimit: null, userUsageLimit: null, used: 10_000 }, context, 10_000)).toBeNull();
  });

  it('lets only the listed e-mails apply a restricted code, whatever their case', () => {
    const restricted = { ...code, allowedEmails: ['Alice@Edge.test', 'bob@edge.test'] };
    expect(promoRefusal(restricted, context, 0)).toBeNull();
    expect(promoRefusal(restricted, { ...context, email: 'carol@edge.test' }, 0)).toBe(promoRefusals.notAllowed);
    expect(promoRefusal(restricted, { ...context, email: null }, 0)).toBe(promoRefusals.notAllowed);
  });

  it('takes a welcome code at sign-up and in the first days only, a loyalty code never at sign-up', () => {
    const welcome = { ...code, type: 'welcome' as const };
    expect(promoRefusal(welcome, { ...context, accountCreatedAt: null }, 0)).toBeNull();
    expect(promoRefusal(welcome, { ...context, accountCreatedAt: now - 7 * dayMs + 1 }, 0)).toBeNull();
    expect(promoRefusal(welcome, { ...context, accountCreatedAt: now - 7 * dayMs }, 0)).toBe(promoRefusals.welcomeOnly);
    const loyalty = { ...code, type: 'loyalty' as const };
    expect(promoRefusal(loyalty, { ...context, accountCreatedAt: null }, 0)).toBe(promoRefusals.loyaltyOnly);
    expect(promoRefusal(loyalty, context, 0)).toBeNull();
  });

  it('refuses an inactive code whatever else holds', () => {
    expect(promoRefusal({ ...code, status: 'inactive' }, context, 0)).toBe(promoRefusals.inactive);
  });
});

/** The sharing API over HTTP: promo codes, sign-up with a referral link and a code, splits, and the run after. */
describe.each(testDatabaseKinds)('sharing API on %s', (kind) => {
  // Its tests take today from the clock, as the server does.
  beforeAll(awayFromMidnight, midnightWaitTimeout);
  let database: Database;
  let server: TestServer;
  let factory: TestFactory;
  let alice: TestMiner;
  let bob: TestMiner;
  let platformAdmin: TestPerson;
  const as: Record<string, TestBrowser> = {};
  const created: Record<string, PromoCode> = {};

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
    factory = await testFactory(database, server);
    alice = await factory.newMiner({ accountName: `alice_${kind}` });
    bob = await factory.newMiner({ accountName: `bob_${kind}` });
    platformAdmin = await factory.newPerson({ totp: true });
    await factory.grant(platformAdmin, factory.platform, 'admin');
    as.alice = await factory.signIn(alice.owner);
    as.bob = await factory.signIn(bob.owner);
    as.platformAdmin = await factory.signIn(platformAdmin);
    await rewardTerms(database).setDefaultFeePercent(factory.pool.id, 4);
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
  const fieldTexts = (body: unknown) => (body as ErrorBody).error.fields ?? [];
  const codeBody = (code: string, more: Partial<PromoCodeBody> = {}): PromoCodeBody => ({
    code,
    status: 'active',
    type: 'universal',
    fee_type: 'relative',
    fee_percent: 50,
    effective_from: new Date(Date.now() - 60_000).toISOString(),
    duration_days: 30,
    ...more,
  });

  it('lets a platform admin create, list, read and edit codes, with a field error for each refusal', async () => {
    const made = await send<PromoCode>('platformAdmin', 'POST', '/platform/promocodes', codeBody(`half_${kind}`));
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ code: `half_${kind}`, fee_percent: 50, perpetual: false, used: 0 });
    created.half = made.body;

    const duplicate = await send('platformAdmin', 'POST', '/platform/promocodes', codeBody(`HALF_${kind}`));
    expect(duplicate.status).toBe(409);
    expect(fieldTexts(duplicate.body)).toEqual([{ field: 'code', text: 'Promo code with this name already exists' }]);

    const nobody = await send('platformAdmin', 'POST', '/platform/promocodes', {
      ...codeBody(`nobody_${kind}`),
      allowed_emails: ['nobody.1@nowhere.test', 'nobody.2@nowhere.test'],
    });
    expect(nobody.status).toBe(404);
    expect(fieldTexts(nobody.body)).toEqual([
      { field: 'allowed_emails', text: 'No users from the provided list were found' },
    ]);

    for (const [body, field] of [
      [{ ...codeBody(`p_${kind}`), perpetual: true }, 'duration_days'],
      [{ ...codeBody(`d_${kind}`), duration_days: null }, 'duration_days'],
      [{ ...codeBody(`t_${kind}`), effective_to: new Date(Date.now() - 120_000).toISOString() }, 'effective_to'],
      [{ ...codeBody(`f_${kind}`), fee_percent: 101 }, 'fee_percent'],
      [{ ...codeBody('no spaces') }, 'code'],
      [{ ...codeBody(`u_${kind}`), usage_limit: 0 }, 'usage_limit'],
    ] as const) {
      const refused = await send('platformAdmin', 'POST', '/platform/promocodes', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(fieldTexts(refused.body).map((entry) => entry.field)).toEqual([field]);
    }

    const generated = await send<{ code: string }>('platformAdmin', 'GET', '/platform/promocodes/generate');
    expect(generated.body.code).toMatch(/^[A-Z2-9]{10}$/);
    const welcome = await send<PromoCode>(
      'platformAdmin',
      'POST',
      '/platform/promocodes',
      codeBody(generated.body.code, {
        type: 'welcome',
        fee_type: 'absolute',
        fee_percent: 1,
        perpetual: true,
        duration_days: null,
        allowed_emails: [alice.owner.email, 'nobody.3@nowhere.test'],
      }),
    );
    expect(welcome.status).toBe(201);
    created.welcome = welcome.body;

    const list = await send<PromoCodePage>('platformAdmin', 'GET', '/platform/promocodes?type=welcome');
    expect(list.body.items.map((item) => item.code)).toEqual([generated.body.code]);
    const edited = await send<PromoCode>(
      'platformAdmin',
      'PUT',
      `/platform/promocodes/${created.half.id}`,
      codeBody(`half_${kind}`, { description: 'Half the fee', usage_limit: 2, user_usage_limit: 1 }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ description: 'Half the fee', usage_limit: 2, user_usage_limit: 1 });
    expect((await send<PromoCode>('platformAdmin', 'GET', `/platform/promocodes/${created.half.id}`)).body).toEqual(
      edited.body,
    );
    // A miner is no platform admin.
    expect((await send('alice', 'GET', '/platform/promocodes')).status).toBe(403);
  });

  it('applies a code to a miner with a field error under code for each rule it fails', async () => {
    const refused = async (code: string, who = 'alice', miner = alice) => {
      const answer = await send(who, 'POST', '/promocodes/apply', {
        code,
        miner_id: miner.id,
      });
      expect(answer.status, code).toBe(400);
      return fieldTexts(answer.body);
    };
    expect(await refused('no_such_code')).toEqual([{ field: 'code', text: promoRefusals.notFound }]);
    // Alice's account is older than a week: the welcome code (hers by e-mail) is for new accounts.
    await database.query(`update app.miners set created_at = now() - interval '8 days' where id = $1`, [alice.id]);
    expect(await refused(created.welcome?.code ?? '')).toEqual([{ field: 'code', text: promoRefusals.welcomeOnly }]);
    // Bob is not on its list.
    expect(await refused(created.welcome?.code ?? '', 'bob', bob)).toEqual([
      { field: 'code', text: promoRefusals.notAllowed },
    ]);

    const applied = await send<PromoCodeApplied>('alice', 'POST', '/promocodes/apply', {
      code: `HALF_${kind}`,
      miner_id: alice.id,
    });
    expect(applied.status).toBe(200);
    const today = dayOf(Date.now());
    expect(applied.body).toEqual({
      code: `half_${kind}`,
      fee_type: 'relative',
      fee_percent: 50,
      starts_on: today,
      ends_on: dayOf(startOf(today) + 30 * dayMs),
    });
    // The dashboard's fee card: the pool's 4 % halved, the code and the day it ends.
    const current = await send<CurrentFee>('alice', 'GET', `/miners/${alice.id}/fees/current`);
    expect(current.body).toMatchObject({
      percent: 2,
      promo: { code: `half_${kind}`, percent_before: 4, ends_on: dayOf(startOf(today) + 30 * dayMs) },
    });
    // One use per person, two in all.
    expect(await refused(`half_${kind}`)).toEqual([{ field: 'code', text: promoRefusals.userUsedUp }]);
    expect((await send('bob', 'POST', '/promocodes/apply', { code: `half_${kind}`, miner_id: bob.id })).status).toBe(
      200,
    );
    const third = await factory.newMiner();
    as.third = await factory.signIn(third.owner);
    expect(await refused(`half_${kind}`, 'third', third)).toEqual([{ field: 'code', text: promoRefusals.usedUp }]);
    // Nobody applies a code to someone else's miner.
    expect((await send('bob', 'POST', '/promocodes/apply', { code: `half_${kind}`, miner_id: alice.id })).status).toBe(
      403,
    );
  });

  it('signs up through a referral link with a promo code, and the next run pays the referrer and applies the discount', async () => {
    const codes = await send<ReferrerCodeList>('bob', 'GET', `/miners/${bob.id}/referrer-codes`);
    expect(codes.body).toMatchObject({ items: [], percent: 10, days: 365 });
    const referral = await send<ReferrerCode>('bob', 'POST', `/miners/${bob.id}/referrer-codes`);
    expect(referral.status).toBe(201);
    expect(referral.body.link).toMatch(new RegExp(`/auth/registration\\?referral_code=${referral.body.code}$`));

    const newcomer = await factory.newPerson({ email: `newcomer.${kind}@factory.test` });
    as.newcomer = await factory.signIn(newcomer);
    const welcomeCode = await send<PromoCode>(
      'platformAdmin',
      'POST',
      '/platform/promocodes',
      codeBody(`welcome_${kind}`, { type: 'welcome', fee_type: 'absolute', fee_percent: 1 }),
    );
    expect(welcomeCode.status).toBe(201);
    // Registration's question, before the account exists: a welcome code applies, a loyalty one does not.
    const check = await fetch(`${server.listeningOn}${api}/promocodes/check?code=welcome_${kind}`);
    expect(check.status).toBe(200);
    const made = await send<{ id: string }>('newcomer', 'POST', '/miners', {
      account_name: `newcomer_${kind}`,
      promo_code: `welcome_${kind}`,
      referral_code: referral.body.code,
    });
    expect(made.status).toBe(201);
    const newcomerId = made.body.id;

    // The newcomer mines today; the run for today (tomorrow 09:00) credits it.
    const today = dayOf(Date.now());
    await rewardTerms(database).setRate({
      rateMsat: 50_000n,
      source: 'manual',
      effectiveFrom: new Date(startOf(today) - dayMs),
      setBy: null,
    });
    const hashRate = 200e12;
    await database.query(
      `insert into app.account_hashrate_1d (account_id, bucket_start, accepted_difficulty, rejected_difficulty, accepted_shares, rejected_shares)
       values ($1, $2, $3, 0, 100, 0)`,
      [newcomerId, new Date(startOf(today)).toISOString(), (hashRate * 86_400) / hashesPerDifficulty],
    );
    const run = rewardRun({ database, poolId: factory.pool.id, clock: () => startOf(today) + dayMs + 10 * 3_600_000 });
    await run.runRewardDay(today);

    // gross = 200e12 × 50,000 msat / 1e15 = 10,000 sat; the pool's 4 % would be 400, the code makes it 1 %: 100.
    // Bob, the referrer, gets 10 % of the pool's 100: 10, out of the pool's fee.
    const payments = await send<PaymentsPage>('newcomer', 'GET', `/miners/${newcomerId}/payments`);
    const reward = payments.body.items.find((item) => item.type === 'reward');
    expect(reward?.reward).toMatchObject({
      gross: 10_000,
      fee_percent: 1,
      fee: 100,
      net: 9_900,
      promo: { code: `welcome_${kind}`, fee_percent_before: 4, fee_before: 400 },
    });
    const bobs = await send<PaymentsPage>('bob', 'GET', `/miners/${bob.id}/payments?type=profit_sharing`);
    expect(bobs.body.items).toMatchObject([
      { type: 'profit_sharing', direction: 'incoming', amount: 10, sharing_type: 'referral' },
    ]);
    const referrals = await send<ReferralList>('bob', 'GET', `/miners/${bob.id}/referrals`);
    expect(referrals.body).toMatchObject({
      items: [{ account_name: `newcomer_${kind}`, code: referral.body.code, percent: 10, earned: 10 }],
      earned: 10,
    });
    // Deleting the code keeps the referral made.
    expect((await send('bob', 'DELETE', `/miners/${bob.id}/referrer-codes/${referral.body.id}`)).status).toBe(204);
    expect((await send<ReferrerCodeList>('bob', 'GET', `/miners/${bob.id}/referrer-codes`)).body.items).toEqual([]);
    expect((await send<ReferralList>('bob', 'GET', `/miners/${bob.id}/referrals`)).body.items).toHaveLength(1);
  });

  it('books a virtual_mining_topup out of the pool’s account once per request, never past its balance', async () => {
    const before = await send<{ balance: number }>('bob', 'GET', `/miners/${bob.id}/balance`);
    const [pool] = await database.query<{ balance: string }>(
      `select balance::text from app.ledger_accounts where kind = 'pool' and owner_id = $1`,
      [factory.pool.id],
    );
    const poolBalance = Number(pool?.balance ?? 0);
    // The run above left the pool its fees less bob's referral share: 100 − 10 = 90 sat.
    expect(poolBalance).toBeGreaterThanOrEqual(50);
    const body = { request_id: randomUUID(), account_name: bob.accountName, amount: 50, comment: 'Welcome credit' };
    const booked = await send<TopUp>('platformAdmin', 'POST', '/platform/virtual-mining/topups', body);
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ account_name: bob.accountName, amount: 50, comment: 'Welcome credit' });
    // The same request again books nothing more.
    expect((await send('platformAdmin', 'POST', '/platform/virtual-mining/topups', body)).status).toBe(201);
    const after = await send<{ balance: number }>('bob', 'GET', `/miners/${bob.id}/balance`);
    expect(after.body.balance - before.body.balance).toBe(50);
    const topups = await send<PaymentsPage>('bob', 'GET', `/miners/${bob.id}/payments?type=virtual_mining_topup`);
    expect(topups.body.items).toMatchObject([{ direction: 'incoming', amount: 50 }]);

    const tooMuch = await send('platformAdmin', 'POST', '/platform/virtual-mining/topups', {
      ...body,
      request_id: randomUUID(),
      amount: poolBalance,
    });
    expect(tooMuch.status).toBe(400);
    expect(fieldTexts(tooMuch.body).map((entry) => entry.field)).toEqual(['amount']);
    const nobody = await send('platformAdmin', 'POST', '/platform/virtual-mining/topups', {
      ...body,
      request_id: randomUUID(),
      account_name: 'nobody_here',
    });
    expect(nobody.status).toBe(404);
    expect(fieldTexts(nobody.body).map((entry) => entry.field)).toEqual(['account_name']);
    expect((await send('bob', 'POST', '/platform/virtual-mining/topups', body)).status).toBe(403);
  });

  it('sets profit splits from the next 00:00 UTC, at most 100 % in all and never to the donor itself', async () => {
    const tomorrow = dayOf(startOf(dayOf(Date.now())) + dayMs);
    const carol = await factory.newMiner();
    const set = await send<ProfitSplit>('alice', 'PUT', `/miners/${alice.id}/profit-sharings/${bob.id}`, {
      percent: 60,
    });
    // Alice has no second factor: a split is a critical change.
    expect(set.status).toBe(403);
    const donorOwner = await factory.newPerson({ totp: true });
    const donor = await factory.newMiner({ owner: donorOwner });
    as.donor = await factory.signIn(donorOwner);
    const split = await send<ProfitSplit>('donor', 'PUT', `/miners/${donor.id}/profit-sharings/${bob.id}`, {
      percent: 60,
    });
    expect(split.status).toBe(200);
    expect(split.body).toEqual({
      recipient_miner_id: bob.id,
      recipient_account_name: bob.accountName,
      percent: 60,
      starts_on: tomorrow,
    });
    const over = await send('donor', 'PUT', `/miners/${donor.id}/profit-sharings/${carol.id}`, { percent: 40.01 });
    expect(over.status).toBe(400);
    expect(fieldTexts(over.body).map((entry) => entry.field)).toEqual(['percent']);
    expect(
      (await send('donor', 'PUT', `/miners/${donor.id}/profit-sharings/${carol.id}`, { percent: 40 })).status,
    ).toBe(200);
    const self = await send('donor', 'PUT', `/miners/${donor.id}/profit-sharings/${donor.id}`, { percent: 1 });
    expect(self.status).toBe(400);
    expect(fieldTexts(self.body).map((entry) => entry.field)).toEqual(['recipient']);
    // Changing bob's split replaces it: still 100 % in all.
    expect((await send('donor', 'PUT', `/miners/${donor.id}/profit-sharings/${bob.id}`, { percent: 10 })).status).toBe(
      200,
    );
    const list = await send<ProfitSplitList>('donor', 'GET', `/miners/${donor.id}/profit-sharings`);
    expect(list.body.items.map((item) => [item.recipient_account_name, item.percent]).sort()).toEqual(
      [
        [bob.accountName, 10],
        [carol.accountName, 40],
      ].sort(),
    );
    expect((await send('donor', 'DELETE', `/miners/${donor.id}/profit-sharings/${carol.id}`)).status).toBe(204);
    expect((await send('donor', 'GET', `/miners/${donor.id}/profit-sharings/${carol.id}`)).status).toBe(404);
  });
});
