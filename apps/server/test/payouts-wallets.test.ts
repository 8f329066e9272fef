import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import type { MinerInfo } from '@pool/contract/accounts';
import type { ErrorBody } from '@pool/contract/errors';
import { payoutStopMs } from '@pool/contract/payout-codes';
import type { PaymentThreshold, WalletAddresses } from '@pool/contract/payouts';
import type { TestBrowser } from './support/browser.ts';
import { testFactory, type TestFactory, type TestMiner } from './support/factory.ts';
import { fakeClock } from './support/mining.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const api = '/api/backend/v0.1';
const invalidAddress = { field: 'address', text: 'crypto address invalid for a currency and network' };
const belowMinimum = { field: 'amount', text: 'minimum threshold' };

/** Mainnet test vectors (BIP 13, BIP 173, BIP 350), one of each kind a payout may go to. */
const mainnet = {
  p2pkh: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  p2sh: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  p2wpkh: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  p2wsh: 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
  p2tr: 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
};

/** Wallets of miners, their address and thresholds, over HTTP as the screens call them. */
describe.each(testDatabaseKinds)('payout wallets on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  let factory: TestFactory;
  let alice: TestMiner;
  let bob: TestMiner;
  let walletId = '';
  let bobWalletId = '';
  const as: Record<string, TestBrowser> = {};
  const tokens = { payments: '', workers: '' };
  const clock = fakeClock(Date.now());

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database, {}, { clock: clock.now });
    factory = await testFactory(database, server);
    const aliceOwner = await factory.newPerson({ totp: true });
    alice = await factory.newMiner({ owner: aliceOwner, accountName: `alice_${kind}` });
    bob = await factory.newMiner({ owner: await factory.newPerson({ totp: true }), accountName: `bob_${kind}` });
    const poolAdmin = await factory.newPerson({ totp: true });
    await factory.grant(poolAdmin, factory.pool, 'admin');
    // An admin of alice's who never set up a second factor: critical changes need one.
    const adminWithoutTotp = await factory.newPerson();
    await factory.grant(adminWithoutTotp, alice, 'admin');
    const accountant = await factory.newPerson({ totp: true });
    await factory.grant(accountant, alice, 'accountant');
    const viewer = await factory.newPerson();
    await factory.grant(viewer, alice, 'viewer');
    const people = { alice: aliceOwner, bob: bob.owner, poolAdmin, adminWithoutTotp, accountant, viewer };
    for (const [name, person] of Object.entries(people)) as[name] = await factory.signIn(person);
    tokens.payments = (await factory.newWatcher(alice, { by: aliceOwner, access: ['Payments'] })).token;
    tokens.workers = (await factory.newWatcher(alice, { by: aliceOwner, access: ['Workers'] })).token;
    // A whole server and six signed-in people (four with a second factor).
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
  const asWatcher = async (token: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.listeningOn}${api}${path}`, {
      method,
      headers: { 'x-watcher-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer: unknown = await response.json();
    return { status: response.status, body: answer };
  };
  const errorOf = (body: unknown) => (body as ErrorBody).error;
  /** Everything a refusal could have changed: the wallet as read, and its history rows. */
  const snapshot = async (id: string) => ({
    addresses: (await call<WalletAddresses>('alice', 'GET', `/wallets/${id}/addresses`)).body,
    min: (await call<PaymentThreshold>('alice', 'GET', `/wallets/${id}/min-payments`)).body,
    max: (await call<PaymentThreshold>('alice', 'GET', `/wallets/${id}/max-payments`)).body,
    // The history table itself is what a refusal must not write to.
    changes: await database.query('select * from app.wallet_changes where wallet_id = $1 order by id', [id]),
  });
  const stopFromNow = () => new Date(clock.now() + payoutStopMs).toISOString();

  it('lists one BTC wallet per miner, made on first read, with the pool minimum and no limit', async () => {
    const [first, second, third] = await Promise.all(
      [1, 2, 3].map(() => call<MinerInfo>('alice', 'GET', `/miners/${alice.id}`)),
    );
    expect(first?.status).toBe(200);
    expect(first?.body).toMatchObject({ id: alice.id, account_name: alice.accountName });
    walletId = first?.body.wallets[0]?.id ?? '';
    expect(first?.body.wallets).toEqual([
      {
        id: walletId,
        currency: 'BTC',
        address: null,
        min_payment: 100_000,
        max_payment: 0,
        payouts_stopped_until: null,
      },
    ]);
    expect(walletId).toMatch(/^[0-9a-f-]{36}$/);
    // Three first reads at once still make one wallet.
    expect(second?.body.wallets.map((wallet) => wallet.id)).toEqual([walletId]);
    expect(third?.body.wallets.map((wallet) => wallet.id)).toEqual([walletId]);
    bobWalletId = (await call<MinerInfo>('bob', 'GET', `/miners/${bob.id}`)).body.wallets[0]?.id ?? '';
    expect(bobWalletId).not.toBe(walletId);
    expect((await call('alice', 'GET', `/miners/${randomUUID()}`)).status).toBe(403);
  });

  it('sets each kind of mainnet address, stops payouts for a day from each change, and keeps who set it', async () => {
    for (const address of Object.values(mainnet)) {
      clock.advance(60_000);
      const set = await call<WalletAddresses>('alice', 'POST', `/wallets/${walletId}/addresses`, { address });
      expect(set.status, address).toBe(200);
      expect(set.body.current).toBe(address);
      expect(set.body.payouts_stopped_until).toBe(stopFromNow());
    }
    const history = (await call<WalletAddresses>('alice', 'GET', `/wallets/${walletId}/addresses`)).body;
    expect(history.items.map((item) => item.address)).toEqual(Object.values(mainnet).reverse());
    expect(new Set(history.items.map((item) => item.set_by))).toEqual(new Set([alice.owner.email]));
    // The audit row: who (identity and e-mail), from where, what and when, by the server's clock.
    const [latest] = await database.query<Record<string, unknown>>(
      'select * from app.wallet_changes where wallet_id = $1 order by id desc limit 1',
      [walletId],
    );
    expect(latest).toMatchObject({
      field: 'address',
      value: mainnet.p2tr,
      changed_by: alice.owner.id,
      changed_by_email: alice.owner.email,
      ip_address: '127.0.0.1',
    });
    expect(new Date(latest?.created_at as string).getTime()).toBe(clock.now());
    const listed = (await call<MinerInfo>('alice', 'GET', `/miners/${alice.id}`)).body.wallets[0];
    expect(listed).toMatchObject({ address: mainnet.p2tr, payouts_stopped_until: stopFromNow() });
  });

  it('keeps a bech32 address typed in capitals in lower case, as the same address', async () => {
    const set = await call<WalletAddresses>('alice', 'POST', `/wallets/${walletId}/addresses`, {
      address: `  ${mainnet.p2wpkh.toUpperCase()} `,
    });
    expect(set.status).toBe(200);
    expect(set.body.current).toBe(mainnet.p2wpkh);
  });

  it('takes the same address again as no change: no new stop, no history row (a retry after the dialog)', async () => {
    const before = await snapshot(walletId);
    clock.advance(3_600_000);
    const again = await call<WalletAddresses>('alice', 'POST', `/wallets/${walletId}/addresses`, {
      address: mainnet.p2wpkh.toUpperCase(),
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(before.addresses);
    expect(await snapshot(walletId)).toEqual(before);
  });

  it('takes two identical changes at once as one: one history row, one stop', async () => {
    const rows = async () =>
      (await database.query('select id from app.wallet_changes where wallet_id = $1', [walletId])).length;
    const before = await rows();
    const [first, second] = await Promise.all(
      [1, 2].map(() =>
        call<WalletAddresses>('alice', 'POST', `/wallets/${walletId}/addresses`, { address: mainnet.p2sh }),
      ),
    );
    expect([first?.status, second?.status]).toEqual([200, 200]);
    expect(first?.body).toEqual(second?.body);
    expect(await rows()).toBe(before + 1);
  });

  it('refuses an address of another network or a mistyped one with the spec 5 message, and changes nothing', async () => {
    const before = await snapshot(walletId);
    for (const address of [
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
      'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
      '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc',
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd',
      'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs',
      'not an address',
    ]) {
      const refused = await call<ErrorBody>('alice', 'POST', `/wallets/${walletId}/addresses`, { address });
      expect(refused.status, address).toBe(400);
      expect(refused.body.error.fields, address).toEqual([invalidAddress]);
    }
    for (const body of [{ address: '' }, { address: 'x'.repeat(101) }, { address: 42 }, {}]) {
      const refused = await call<ErrorBody>('alice', 'POST', `/wallets/${walletId}/addresses`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error.fields?.map((field) => field.field)).toEqual(['address']);
    }
    expect(await snapshot(walletId)).toEqual(before);
  });

  it('lifts the stop once its day has passed', async () => {
    const { addresses } = await snapshot(walletId);
    const until = Date.parse(addresses.payouts_stopped_until ?? '');
    clock.set(until - 1);
    expect(
      (await call<WalletAddresses>('alice', 'GET', `/wallets/${walletId}/addresses`)).body.payouts_stopped_until,
    ).not.toBeNull();
    clock.set(until);
    expect(
      (await call<WalletAddresses>('alice', 'GET', `/wallets/${walletId}/addresses`)).body.payouts_stopped_until,
    ).toBeNull();
    expect(
      (await call<MinerInfo>('alice', 'GET', `/miners/${alice.id}`)).body.wallets[0]?.payouts_stopped_until,
    ).toBeNull();
  });

  it('asks for a second factor before any change, and changes nothing until it is given', async () => {
    const before = await snapshot(walletId);
    for (const [path, body] of [
      ['addresses', { address: mainnet.p2sh }],
      ['min-payments', { amount: 200_000 }],
      ['max-payments', { amount: 900_000 }],
    ] as const) {
      const refused = await call<ErrorBody>('adminWithoutTotp', 'POST', `/wallets/${walletId}/${path}`, body);
      expect(refused.status, path).toBe(403);
      expect(refused.body.error.code, path).toBe('additional_authentication_required');
    }
    expect(await snapshot(walletId)).toEqual(before);
  });

  it('holds the minimum at the pool’s, whose amount no refusal names', async () => {
    const min = await call<PaymentThreshold>('alice', 'GET', `/wallets/${walletId}/min-payments`);
    expect(min.body).toEqual({ amount: 100_000, payouts_stopped_until: null });
    const before = await snapshot(walletId);
    const refused = await call<ErrorBody>('alice', 'POST', `/wallets/${walletId}/min-payments`, { amount: 99_999 });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual([belowMinimum]);
    expect(JSON.stringify(refused.body)).not.toMatch(/100000|100,000|0\.001/);
    expect(await snapshot(walletId)).toEqual(before);

    const set = await call<PaymentThreshold>('alice', 'POST', `/wallets/${walletId}/min-payments`, { amount: 100_000 });
    expect(set.body).toEqual({ amount: 100_000, payouts_stopped_until: stopFromNow() });

    // The pool raises its minimum. No route sets it yet (the pool's staff tools will), so the test
    // writes the stored setting itself.
    await database.query(
      `update app.pools set settings = jsonb_set(settings, '{min_payout_satoshis}', '250000') where id = $1`,
      [factory.pool.id],
    );
    expect((await call<PaymentThreshold>('alice', 'GET', `/wallets/${walletId}/min-payments`)).body.amount).toBe(
      250_000,
    );
    expect((await call<MinerInfo>('bob', 'GET', `/miners/${bob.id}`)).body.wallets[0]?.min_payment).toBe(250_000);
    const below = await call<ErrorBody>('alice', 'POST', `/wallets/${walletId}/min-payments`, { amount: 200_000 });
    expect(below.body.error.fields).toEqual([belowMinimum]);
    const above = await call<PaymentThreshold>('alice', 'POST', `/wallets/${walletId}/min-payments`, {
      amount: 300_000,
    });
    expect(above.body).toEqual({ amount: 300_000, payouts_stopped_until: stopFromNow() });
    // Neither the pool config nor the page ever carries the pool's minimum (spec 5).
    const served = await fetch(`${server.listeningOn}/api/backend/v0.1/pools/current`);
    expect(await served.text()).not.toContain('min_payout');
    const page = await fetch(`${server.listeningOn}/`);
    expect(await page.text()).not.toContain('min_payout');
  });

  it('takes a maximum of 0 as no limit, and refuses one below the minimum in force', async () => {
    clock.advance(2 * payoutStopMs);
    const before = await snapshot(walletId);
    expect(before.max).toEqual({ amount: 0, payouts_stopped_until: null });
    // 0 is what is stored already: no change, no stop.
    const unchanged = await call<PaymentThreshold>('alice', 'POST', `/wallets/${walletId}/max-payments`, { amount: 0 });
    expect(unchanged.body).toEqual({ amount: 0, payouts_stopped_until: null });
    expect(await snapshot(walletId)).toEqual(before);

    const below = await call<ErrorBody>('alice', 'POST', `/wallets/${walletId}/max-payments`, { amount: 299_999 });
    expect(below.status).toBe(400);
    expect(below.body.error.fields).toEqual([belowMinimum]);
    expect(await snapshot(walletId)).toEqual(before);

    const capped = await call<PaymentThreshold>('alice', 'POST', `/wallets/${walletId}/max-payments`, {
      amount: 500_000,
    });
    expect(capped.body).toEqual({ amount: 500_000, payouts_stopped_until: stopFromNow() });
    // A minimum above the maximum in force contradicts it.
    const minAbove = await call<ErrorBody>('alice', 'POST', `/wallets/${walletId}/min-payments`, { amount: 500_001 });
    expect(minAbove.body.error.fields).toEqual([{ field: 'amount', text: 'maximum threshold' }]);
    clock.advance(60_000);
    const lifted = await call<PaymentThreshold>('alice', 'POST', `/wallets/${walletId}/max-payments`, { amount: 0 });
    expect(lifted.body).toEqual({ amount: 0, payouts_stopped_until: stopFromNow() });
    const listed = (await call<MinerInfo>('alice', 'GET', `/miners/${alice.id}`)).body.wallets[0];
    expect(listed).toMatchObject({ min_payment: 300_000, max_payment: 0 });
    const fields = (
      await database.query<{ field: string; value: string }>(
        `select field, value from app.wallet_changes where wallet_id = $1 and field <> 'address' order by id`,
        [walletId],
      )
    ).map((row) => `${row.field}=${row.value}`);
    expect(fields).toEqual(['min_payment=100000', 'min_payment=300000', 'max_payment=500000', 'max_payment=0']);
  });

  it('refuses amounts that are negative, fractional, above the supply or not numbers, and changes nothing', async () => {
    const before = await snapshot(walletId);
    const refusals: [unknown, string][] = [
      [{ amount: -1 }, 'minimum threshold'],
      [{ amount: 1.5 }, 'invalid input'],
      [{ amount: 2_100_000_000_000_001 }, 'maximum threshold'],
      [{ amount: '300000' }, 'invalid input'],
      [{ amount: null }, 'invalid input'],
      [{}, 'invalid input'],
    ];
    for (const path of ['min-payments', 'max-payments']) {
      for (const [body, text] of refusals) {
        const refused = await call<ErrorBody>('alice', 'POST', `/wallets/${walletId}/${path}`, body);
        expect(refused.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(refused.body.error.fields, `${path} ${JSON.stringify(body)}`).toEqual([{ field: 'amount', text }]);
      }
    }
    expect(await snapshot(walletId)).toEqual(before);
  });

  it('lets pool staff who manage change a miner’s wallet, but no accountant, viewer or watcher', async () => {
    const staff = await call<PaymentThreshold>('poolAdmin', 'POST', `/wallets/${walletId}/max-payments`, {
      amount: 1_000_000,
    });
    expect(staff.status).toBe(200);
    const before = await snapshot(walletId);
    // An accountant reads payments, but does not manage the account.
    expect((await call('accountant', 'GET', `/wallets/${walletId}/addresses`)).status).toBe(200);
    expect((await call('accountant', 'GET', `/miners/${alice.id}`)).status).toBe(200);
    const accountant = await call<ErrorBody>('accountant', 'POST', `/wallets/${walletId}/addresses`, {
      address: mainnet.p2sh,
    });
    expect(accountant.status).toBe(403);
    expect(accountant.body.error.code).toBe('access_denied');
    // A viewer sees mining data only (spec 6).
    expect((await call('viewer', 'GET', `/wallets/${walletId}/min-payments`)).status).toBe(403);
    expect((await call('viewer', 'GET', `/miners/${alice.id}`)).status).toBe(403);
    // A watcher link of Payments reads the wallet, without who set its addresses, and never writes.
    const watched = await asWatcher(tokens.payments, 'GET', `/wallets/${walletId}/addresses`);
    expect(watched.status).toBe(200);
    expect((watched.body as WalletAddresses).items.every((item) => item.set_by === null)).toBe(true);
    expect((await asWatcher(tokens.payments, 'GET', `/miners/${alice.id}`)).status).toBe(200);
    // A change needs a person's session: a watcher's token is no session at all.
    expect(
      (await asWatcher(tokens.payments, 'POST', `/wallets/${walletId}/addresses`, { address: mainnet.p2sh })).status,
    ).toBe(401);
    expect((await asWatcher(tokens.workers, 'GET', `/wallets/${walletId}/addresses`)).status).toBe(403);
    expect((await asWatcher(tokens.payments, 'GET', `/wallets/${bobWalletId}/addresses`)).status).toBe(403);
    const anonymous = await fetch(`${server.listeningOn}${api}/wallets/${walletId}/addresses`);
    expect(anonymous.status).toBe(401);
    expect(await snapshot(walletId)).toEqual(before);
  });

  it('never lets a miner read or change another miner’s wallet, nor tells an unknown wallet from a foreign one', async () => {
    const before = await snapshot(walletId);
    for (const path of ['addresses', 'min-payments', 'max-payments']) {
      for (const id of [walletId, randomUUID(), 'not-a-wallet']) {
        const read = await call<ErrorBody>('bob', 'GET', `/wallets/${id}/${path}`);
        expect(read.status, `${path} ${id}`).toBe(403);
        expect(read.body.error.code).toBe('access_denied');
      }
    }
    for (const [path, body] of [
      ['addresses', { address: mainnet.p2pkh }],
      ['min-payments', { amount: 400_000 }],
      ['max-payments', { amount: 0 }],
    ] as const) {
      const refused = await call<ErrorBody>('bob', 'POST', `/wallets/${walletId}/${path}`, body);
      expect(refused.status, path).toBe(403);
      expect(errorOf(refused.body).code).toBe('access_denied');
    }
    expect((await call('bob', 'GET', `/miners/${alice.id}`)).status).toBe(403);
    // Alice may not use her own rights on bob's wallet either.
    const aliceOnBob = await call<ErrorBody>('alice', 'POST', `/wallets/${bobWalletId}/addresses`, {
      address: mainnet.p2pkh,
    });
    expect(aliceOnBob.status).toBe(403);
    expect(await snapshot(walletId)).toEqual(before);
    const bobs = (await call<WalletAddresses>('bob', 'GET', `/wallets/${bobWalletId}/addresses`)).body;
    expect(bobs).toEqual({ items: [], current: null, payouts_stopped_until: null });
  });
});

/** The network comes from BITCOIN_NETWORK: a signet pool takes testnet addresses and refuses mainnet ones. */
describe('payout wallets on a signet pool', () => {
  let database: Database;
  let server: TestServer;
  let owner: TestBrowser;
  let walletId = '';

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    server = await startTestServer(database, { BITCOIN_NETWORK: 'signet' });
    const factory = await testFactory(database, server);
    const person = await factory.newPerson({ totp: true });
    const miner = await factory.newMiner({ owner: person });
    owner = await factory.signIn(person);
    walletId = (await owner.json<MinerInfo>(`${api}/miners/${miner.id}`)).body.wallets[0]?.id ?? '';
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('accepts signet (testnet-prefixed) addresses and refuses mainnet and regtest ones', async () => {
    const post = (address: string) =>
      owner.json<WalletAddresses & ErrorBody>(`${api}/wallets/${walletId}/addresses`, {
        method: 'POST',
        body: JSON.stringify({ address }),
      });
    for (const address of [
      'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
      '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc',
    ]) {
      const set = await post(address);
      expect(set.status, address).toBe(200);
      expect(set.body.current).toBe(address);
    }
    for (const address of [...Object.values(mainnet), 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080']) {
      const refused = await post(address);
      expect(refused.status, address).toBe(400);
      expect(refused.body.error.fields, address).toEqual([invalidAddress]);
    }
  });
});
