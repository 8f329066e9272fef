import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import type { ErrorBody } from '@pool/contract/errors';
import type { CurrentFee, Fee, FeeList, PaymentsPage } from '@pool/contract/money';
import type {
  CreatedCustomer,
  CustomerCurrentFee,
  CustomerFeeList,
  CustomerPage,
  CustomerPaymentsPage,
  CustomerPeople,
  EarnedFromMiner,
} from '@pool/contract/customers';
import type { OperatorLookup } from '@pool/contract/accounts';
import { hashesPerDifficulty } from '../src/modules/mining/hashrate.ts';
import { dayMs, dayOf, rewardRun, startOf } from '../src/modules/money/rewards/reward-run.ts';
import { rewardTerms } from '../src/modules/money/rewards/terms-repository.ts';
import type { TestBrowser } from './support/browser.ts';
import { testFactory, type TestFactory, type TestOperator, type TestPerson } from './support/factory.ts';
import { ledgerInvariants } from './support/money.ts';
import { capturePrintedMail } from './support/printed-mail.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { awayFromMidnight, midnightWaitTimeout } from './support/midnight.ts';

const api = '/api/backend/v0.1';

/** Issue 16 over HTTP: customers of an operator, their fees, the operator's share of the day's run, total_fee_hide. */
describe.each(testDatabaseKinds)('customer area on %s', (kind) => {
  // Its tests take today from the clock, as the server does.
  beforeAll(awayFromMidnight, midnightWaitTimeout);
  let database: Database;
  let server: TestServer;
  let factory: TestFactory;
  let operator: TestOperator;
  let otherOperator: TestOperator;
  let carolPerson: TestPerson;
  let carolId = '';
  let mail: ReturnType<typeof capturePrintedMail>;
  const as: Record<string, TestBrowser> = {};
  const carolEmail = `carol.${kind}@customers.test`;
  const carolName = `carolfarm${kind === 'pglite' ? 'a' : 'b'}`;

  beforeAll(async () => {
    mail = capturePrintedMail();
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
    factory = await testFactory(database, server);
    const owner = await factory.newPerson({ totp: true });
    operator = await factory.newOperator({ owner });
    otherOperator = await factory.newOperator();
    const viewer = await factory.newPerson();
    await factory.grant(viewer, operator, 'viewer');
    as.operator = await factory.signIn(owner);
    as.other = await factory.signIn(otherOperator.owner);
    as.viewer = await factory.signIn(viewer);
    await rewardTerms(database).setDefaultFeePercent(factory.pool.id, 1);
  });
  afterAll(async () => {
    mail?.restore();
    await server?.close();
    await database?.close();
  });

  const send = <T>(who: string, method: string, path: string, body?: unknown) => {
    const browser = as[who];
    if (!browser) throw new Error(`no browser for ${who}`);
    return browser.json<T>(`${api}${path}`, body === undefined ? { method } : { method, body: JSON.stringify(body) });
  };
  const fields = (body: unknown) => (body as ErrorBody).error.fields ?? [];

  it('creates a customer with a fee and invites its owner; spec 5 names and a taken name are field errors', async () => {
    const made = await send<CreatedCustomer>('operator', 'POST', `/operators/${operator.id}/miners`, {
      account_name: carolName,
      email: carolEmail.toUpperCase(),
      fee: 3,
      comment: 'rack 4',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ account_name: carolName, operator_id: operator.id, invited: carolEmail });
    carolId = made.body.id;
    expect(mail.inviteToken(carolEmail)).toHaveLength(43);

    const underscore = await send('operator', 'POST', `/operators/${operator.id}/miners`, {
      account_name: 'carol_farm',
      email: carolEmail,
      fee: 3,
    });
    expect(underscore.status).toBe(400);
    expect(fields(underscore.body)).toEqual([
      { field: 'account_name', text: 'must consist only of lowercase latin letters and digits' },
    ]);
    const taken = await send('operator', 'POST', `/operators/${operator.id}/miners`, {
      account_name: carolName,
      email: 'someone@customers.test',
      fee: 2,
    });
    expect(taken.status).toBe(409);
    expect((taken.body as ErrorBody).error.code).toBe('miner_already_exists');
    expect(fields(taken.body)).toEqual([{ field: 'account_name', text: 'Miner already exists' }]);
    // Only managing roles create customers; another operator reaches none of this one's.
    expect(
      (
        await send('viewer', 'POST', `/operators/${operator.id}/miners`, {
          account_name: 'x1x',
          email: 'a@b.test',
          fee: 1,
        })
      ).status,
    ).toBe(403);
    expect((await send('other', 'GET', `/operators/${operator.id}/miners`)).status).toBe(403);
    expect((await send('other', 'GET', `/operators/${otherOperator.id}/miners/${carolId}/fees`)).status).toBe(404);
  });

  it('gives the invitee the owner role on accept, and the customer sees its operator’s fee', async () => {
    carolPerson = await factory.newPerson({ email: carolEmail });
    as.carol = await factory.signIn(carolPerson);
    const accepted = await send('carol', 'POST', '/invites/accept', { token: mail.inviteToken(carolEmail) });
    expect(accepted.status).toBe(200);
    const fee = await send<CurrentFee>('carol', 'GET', `/miners/${carolId}/fees/current`);
    expect(fee.body).toMatchObject({ percent: 3, start_date: dayOf(Date.now()) });
    // A customer never reads its operator, nor another customer.
    expect((await send('carol', 'GET', `/operators/${operator.id}/miners`)).status).toBe(403);
    expect((await send('carol', 'GET', `/operators/${operator.id}/earned-from-miner?miner_id=${carolId}`)).status).toBe(
      403,
    );
  });

  it('lists customers with search, sorting, paging and totals, and hides money from a viewer', async () => {
    const second = await send<CreatedCustomer>('operator', 'POST', `/miners/${carolId}/sub-accounts`, {
      account_name: `${carolName}two`,
    });
    expect(second.status).toBe(201);
    // The sub-account has the same owner and the parent's fee.
    const own = await send<CurrentFee>('carol', 'GET', `/miners/${second.body.id}/fees/current`);
    expect(own.body.percent).toBe(3);
    const list = await send<CustomerPage>(
      'operator',
      'GET',
      `/operators/${operator.id}/miners?search=${carolName}&sort=account_name&direction=desc&per_page=1`,
    );
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.items.map((item) => item.account_name)).toEqual([`${carolName}two`]);
    expect(list.body.items[0]).toMatchObject({ fee_percent: 3, balance: 0, earned: 0 });
    expect(list.body.totals.customers).toBe(2);
    const viewed = await send<CustomerPage>('viewer', 'GET', `/operators/${operator.id}/miners`);
    expect(viewed.body.items[0]).toMatchObject({ fee_percent: null, balance: null, earned: null });
    expect(viewed.body.items[0]?.workers).not.toBeNull();
  });

  it('sets a fee that starts at 00:00 UTC the next day; the one in force stays until then', async () => {
    const set = await send<Fee>('operator', 'POST', `/operators/${operator.id}/miners/${carolId}/fees`, {
      percent: 5,
      comment: 'new rack',
    });
    expect(set.status).toBe(201);
    expect(set.body.start_date).toBe(dayOf(startOf(dayOf(Date.now())) + dayMs));
    const current = await send<CustomerCurrentFee>(
      'operator',
      'GET',
      `/operators/${operator.id}/miners/${carolId}/fees/current`,
    );
    expect(current.body).toMatchObject({ percent: 3, pool_percent: 1 });
    const schedule = await send<CustomerFeeList>('operator', 'GET', `/operators/${operator.id}/miners/${carolId}/fees`);
    expect(schedule.body.items.map((fee) => [fee.percent, fee.end_date, fee.period])).toEqual([
      [5, null, null],
      [3, set.body.start_date, 1],
    ]);
    // Only the operator's managing roles change fees.
    expect(
      (await send('viewer', 'POST', `/operators/${operator.id}/miners/${carolId}/fees`, { percent: 1 })).status,
    ).toBe(403);
  });

  it('books the customer’s reward and the operator’s share in the run; earned-from-miner and the balance agree', async () => {
    const day = dayOf(Date.now() - 2 * dayMs);
    // The fee schedule of the past day: 3 % from the customer, 1 % (the pool default) to the pool.
    await database.query(`update app.operator_fees set starts_on = $2::date where miner_id = $1 and percent_bp = 300`, [
      carolId,
      day,
    ]);
    await rewardTerms(database).setRate({
      rateMsat: 50_000_000n,
      source: 'manual',
      effectiveFrom: new Date(startOf(day) - dayMs),
      setBy: null,
    });
    const hashRate = 200e12;
    await database.query(
      `insert into app.account_hashrate_1d (account_id, bucket_start, accepted_difficulty, rejected_difficulty, accepted_shares, rejected_shares)
       values ($1, $2, $3, 0, 100, 0)`,
      [carolId, new Date(startOf(day)).toISOString(), (hashRate * 86_400) / hashesPerDifficulty],
    );
    await rewardRun({ database, poolId: factory.pool.id, clock: () => Date.now() }).runRewardDay(day);
    const [row] = await database.query<{ gross: string; fee: string; fee_bp: number; operator_share: string }>(
      `select gross::text, fee::text, fee_bp, operator_share::text from app.reward_breakdowns where miner_id = $1 and day = $2::date`,
      [carolId, day],
    );
    const gross = BigInt(row?.gross ?? 0);
    expect(gross > 0n).toBe(true);
    expect(row?.fee_bp).toBe(300);
    expect(BigInt(row?.fee ?? 0)).toBe((gross * 300n) / 10_000n);
    const share = (gross * 300n) / 10_000n - (gross * 100n) / 10_000n;
    expect(BigInt(row?.operator_share ?? 0)).toBe(share);
    expect(await ledgerInvariants({ database })).toMatchObject({
      unbalanced: [],
      drifted: [],
      negative: [],
      total: 0n,
    });

    const earned = await send<EarnedFromMiner>(
      'operator',
      'GET',
      `/operators/${operator.id}/earned-from-miner?miner_id=${carolId}&from=${day}&to=${day}`,
    );
    expect(earned.body.amount).toBe(Number(share));
    const balance = await send<{ balance: number }>('operator', 'GET', `/operators/${operator.id}/balance`);
    expect(balance.body.balance).toBe(Number(share));
    const pool = await database.query<{ id: string }>(`select id from app.pools where is_current`);
    const poolStaff = await factory.newPerson();
    await factory.grant(poolStaff, { type: 'pool', id: pool[0]?.id ?? '' }, 'admin');
    as.pool = await factory.signIn(poolStaff);
    const poolEarned = await send<EarnedFromMiner>(
      'pool',
      'GET',
      `/pools/${pool[0]?.id}/earned-from-miner?miner_id=${carolId}`,
    );
    expect(poolEarned.body.amount).toBe(Number((gross * 100n) / 10_000n));
    const list = await send<CustomerPage>(
      'operator',
      'GET',
      `/operators/${operator.id}/miners?sort=earned&direction=desc`,
    );
    expect(list.body.items[0]).toMatchObject({ id: carolId, earned: Number(share) });
    // The customer's payments show its fee, never the operator's share.
    const payments = await send<PaymentsPage>('carol', 'GET', `/miners/${carolId}/payments`);
    expect(payments.body.items[0]?.reward).toMatchObject({ fee_percent: 3, fee: Number((gross * 300n) / 10_000n) });
    expect(Object.values(payments.body.items[0]?.reward ?? {})).not.toContain(Number(share));
    expect(JSON.stringify(payments.body)).not.toContain('operator_share');

    // The operator reads the same payments, each reward with its own leg of the same transfer.
    const [leg] = await database.query<{ transfer_id: string; amount: string }>(
      `select e.transfer_id, e.amount::text from app.ledger_entries e join app.ledger_accounts a on a.id = e.account_id
       where a.kind = 'operator' and a.owner_id = $1`,
      [operator.id],
    );
    expect(BigInt(leg?.amount ?? 0)).toBe(share);
    const path = `/miners/${carolId}/payments`;
    const operatorView = await send<CustomerPaymentsPage>('operator', 'GET', `/operators/${operator.id}${path}`);
    expect(operatorView.status).toBe(200);
    expect(operatorView.body.total).toBe(payments.body.total);
    const { operator_share: operatorShare, ...asCustomerSees } = operatorView.body.items[0] ?? { operator_share: null };
    expect(asCustomerSees).toEqual(payments.body.items[0]);
    expect(operatorView.body.items[0]?.id).toBe(leg?.transfer_id);
    expect(operatorShare).toBe(Number(share));
    const poolView = await send<CustomerPaymentsPage>('pool', 'GET', `/pools/${pool[0]?.id}${path}`);
    expect(poolView.body.items[0]?.operator_share).toBe(Number(share));
    // Never to the customer, nor to another operator, nor to a role without the Payments section.
    expect((await send('carol', 'GET', `/operators/${operator.id}${path}`)).status).toBe(403);
    expect((await send('other', 'GET', `/operators/${otherOperator.id}${path}`)).status).toBe(404);
    expect((await send('viewer', 'GET', `/operators/${operator.id}${path}`)).status).toBe(403);
  });

  it('answers the operator’s branded config by its title: its pool’s theme and that theme’s brand colour', async () => {
    const lookup = async () => {
      const response = await fetch(
        `${server.listeningOn}${api}/operators/lookup-by-title/${encodeURIComponent(operator.title)}`,
      );
      return { status: response.status, body: (await response.json()) as OperatorLookup };
    };
    const [pool] = await database.query<{ page_settings: { app_theme: string } }>(
      `select o.pool_id, p.page_settings from app.operators o join app.pools p on p.id = o.pool_id where o.id = $1`,
      [operator.id],
    );
    const setTheme = (theme: string) =>
      database.query(
        `update app.pools set page_settings = jsonb_set(page_settings, '{app_theme}', to_jsonb($2::text))
         where id = (select pool_id from app.operators where id = $1)`,
        [operator.id, theme],
      );
    try {
      await setTheme('headframe');
      expect(await lookup()).toEqual({
        status: 200,
        body: {
          id: operator.id,
          operator_name: operator.operatorName,
          title: operator.title,
          theme: 'headframe',
          logo_colour: '#435FFF',
        },
      });
      await setTheme('default');
      expect((await lookup()).body).toMatchObject({ theme: 'default', logo_colour: '#5b7bdc' });
    } finally {
      await setTheme(pool?.page_settings.app_theme ?? 'default');
    }
    const unknown = await fetch(`${server.listeningOn}${api}/operators/lookup-by-title/no-such-operator`);
    expect(unknown.status).toBe(404);
  });

  it('with total_fee_hide the customer sees no total fee anywhere', async () => {
    const people = await send<CustomerPeople>('operator', 'GET', `/operators/${operator.id}/miners/${carolId}/people`);
    const carolPermission = people.body.items.find((person) => person.email === carolEmail);
    expect(carolPermission).toMatchObject({ role: 'owner', total_fee_hide: false });
    const hidden = await send(
      'operator',
      'PUT',
      `/operators/${operator.id}/miners/${carolId}/people/${carolPermission?.id}`,
      {
        total_fee_hide: true,
      },
    );
    expect(hidden.status).toBe(204);
    const fee = await send<CurrentFee>('carol', 'GET', `/miners/${carolId}/fees/current`);
    expect(fee.body).toEqual({ percent: null, start_date: null, fee: null, hidden: true });
    const list = await send<FeeList>('carol', 'GET', `/miners/${carolId}/fees`);
    expect(list.body).toEqual({ items: [], default_percent: null, hidden: true });
    const payments = await send<PaymentsPage>('carol', 'GET', `/miners/${carolId}/payments`);
    expect(payments.body.items[0]?.reward).toMatchObject({ fee_percent: null, fee: null });
    // The operator still reads it.
    const current = await send<CustomerCurrentFee>(
      'operator',
      'GET',
      `/operators/${operator.id}/miners/${carolId}/fees/current`,
    );
    expect(current.body.percent).toBe(3);
  });
});
