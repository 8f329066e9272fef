import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import type { ErrorBody } from '@pool/contract/errors';
import type { NotificationPreferences, TelegramChat, TelegramInvite } from '@pool/contract/notifications';
import { schema } from '../src/db/schema.ts';
import { outboxRepository } from '../src/mail/outbox-repository.ts';
import { withdrawalRun } from '../src/modules/payouts/withdrawal/withdrawal-run.ts';
import { TestBrowser } from './support/browser.ts';
import { testFactory, type TestFactory, type TestMiner, type TestPerson } from './support/factory.ts';
import { fakeTelegram, type FakeTelegram } from './support/fake-telegram.ts';
import { fakeClock } from './support/mining.ts';
import { fund, mainnetAddress, setWallet } from './support/payouts.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const api = '/api/backend/v0.1';
const botToken = '7000001:AAH-test-token-0123456789abcdefghij';
const newAddress = 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3';

/** A browser that says which one it is: the identity service records it as the session's device. */
class DeviceBrowser extends TestBrowser {
  constructor(
    origin: string,
    private readonly userAgent: string,
  ) {
    super(origin);
  }
  override fetch(path: string, init: RequestInit = {}): Promise<Response> {
    return super.fetch(path, { ...init, headers: { 'user-agent': this.userAgent, ...init.headers } });
  }
}

/** Issue 17 "Notifications": preferences, the Telegram chat-bot against a local Bot API server, e-mail in the person's language. */
describe.each(testDatabaseKinds)('notifications on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  let bare: TestServer;
  let bareDatabase: Database;
  let telegram: FakeTelegram;
  let factory: TestFactory;
  let alice: TestPerson;
  let miner: TestMiner;
  let browser: TestBrowser;
  const clock = fakeClock('2026-03-10T10:00:00Z');
  const chatId = 424_242;

  beforeAll(async () => {
    telegram = await fakeTelegram({ token: botToken });
    database = await openTestDatabase(kind);
    server = await startTestServer(
      database,
      { TELEGRAM_BOT_TOKEN: botToken, TELEGRAM_API_ROOT: telegram.apiRoot },
      { clock: clock.now },
    );
    factory = await testFactory(database, server);
    alice = await factory.newPerson({ totp: true });
    miner = await factory.newMiner({ owner: alice, accountName: `alice_notify_${kind}` });
    browser = await factory.signIn(alice);
    // A server without TELEGRAM_BOT_TOKEN: its Telegram parts say so and the rest works.
    bareDatabase = await openTestDatabase(kind);
    bare = await startTestServer(bareDatabase);
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await bare?.close();
    await telegram?.close();
    await database?.close();
    await bareDatabase?.close();
  });

  const call = <T>(who: TestBrowser, method: string, path: string, body?: unknown) =>
    who.json<T>(`${api}${path}`, body === undefined ? { method } : { method, body: JSON.stringify(body) });
  const outbox = (email: string) => outboxRepository(database.orm(schema)).to(email);

  it('answers every kind with both channels; the security kinds are on until the person turns them off', async () => {
    const { status, body } = await call<NotificationPreferences>(
      browser,
      'GET',
      `/identity/${alice.id}/notifications/preferences`,
    );
    expect(status).toBe(200);
    expect(body.items.map((item) => item.kind)).toEqual([
      'delete-miner',
      'miner-payout',
      'miner-reward',
      'miner-wallet-address-changed',
      'miner-wallet-minpay-changed',
      'user-login',
      'worker-status-changed',
    ]);
    const on = body.items.filter((item) => item.channels.email && item.channels.telegram).map((item) => item.kind);
    expect(on).toEqual(['miner-wallet-address-changed', 'miner-wallet-minpay-changed', 'user-login']);
    expect(body.items.filter((item) => item.channels.email || item.channels.telegram)).toHaveLength(3);
  });

  it('stores the kinds named and keeps the others; another person’s preferences are refused', async () => {
    const put = await call<NotificationPreferences>(browser, 'PUT', `/identity/${alice.id}/notifications/preferences`, {
      items: [{ kind: 'miner-payout', channels: { email: false, telegram: true } }],
    });
    expect(put.status).toBe(200);
    const payout = put.body.items.find((item) => item.kind === 'miner-payout');
    expect(payout?.channels).toEqual({ email: false, telegram: true });
    expect(put.body.items.find((item) => item.kind === 'user-login')?.channels).toEqual({
      email: true,
      telegram: true,
    });
    const again = await call<NotificationPreferences>(
      browser,
      'GET',
      `/identity/${alice.id}/notifications/preferences`,
    );
    expect(again.body).toEqual(put.body);
    const bob = await factory.newPerson();
    const refused = await call<ErrorBody>(browser, 'GET', `/identity/${bob.id}/notifications/preferences`);
    expect(refused.status).toBe(403);
    const unknownKind = await call<ErrorBody>(browser, 'PUT', `/identity/${alice.id}/notifications/preferences`, {
      items: [{ kind: 'miner-lunch', channels: { email: true, telegram: true } }],
    });
    expect(unknownKind.status).toBe(400);
  });

  it('links a chat through a one-time deep link when the person presses Start, and sends the payout message there', async () => {
    const none = await call<ErrorBody>(browser, 'GET', '/telegram/chats/current');
    expect(none.status).toBe(404);
    const created = await call<TelegramInvite>(browser, 'POST', `/identity/${alice.id}/telegram/invites`);
    expect(created.status).toBe(201);
    expect(created.body.link).toMatch(/^https:\/\/t\.me\/pool_test_bot\?start=[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(created.body.expires_at) - Date.parse(created.body.created_at)).toBe(60 * 60_000);
    const current = await call<TelegramInvite>(browser, 'GET', '/telegram/invites/current');
    expect(current.body).toEqual(created.body);
    // Only a hash of the token is kept.
    const token = new URL(created.body.link).searchParams.get('start') ?? '';
    const stored = await database.query<{ token_hash: string }>('select token_hash from app.telegram_invites');
    expect(stored.some((row) => row.token_hash.includes(token))).toBe(false);

    telegram.pressStart(created.body.link, chatId, 'alice_tg');
    expect(await telegram.messageTo(chatId, (text) => text.startsWith('Done'))).toContain('notifications');
    const chat = await call<TelegramChat>(browser, 'GET', '/telegram/chats/current');
    expect(chat.status).toBe(200);
    expect(chat.body.username).toBe('alice_tg');
    expect((await call<ErrorBody>(browser, 'GET', '/telegram/invites/current')).status).toBe(404);
    // The link works once: someone else pressing Start on it links nothing.
    telegram.pressStart(created.body.link, 999, 'mallory');
    expect(await telegram.messageTo(999, (text) => text.includes('expired'))).toContain('used already');

    // The 14:00 withdrawal creates a payout: its trigger writes the event, the dispatcher sends it.
    await fund(database, factory.pool.id, miner.id, 500_000n);
    await setWallet(database, miner.id, { address: mainnetAddress, stoppedUntil: new Date('2026-03-09T00:00:00Z') });
    await withdrawalRun({ database, poolId: factory.pool.id, clock: clock.now }).runPayoutDay('2026-03-10');
    await server.app.notifications.dispatcher.drain();
    const message = await telegram.messageTo(chatId, (text) => text.includes('Payout created'));
    expect(message).toContain('0.00500000 BTC');
    expect(message).toContain(mainnetAddress);
    expect(message).toContain(`alice_notify_${kind}`);
    // miner-payout is off by e-mail for alice.
    expect((await outbox(alice.email)).some((mail) => mail.subject.includes('Payout'))).toBe(false);
  });

  it('mails a wallet address change in the person’s language, saying what changed, when, from where and what to do', async () => {
    expect((await call(browser, 'PUT', '/identity/language', { language: 'ru' })).status).toBe(204);
    const [wallet] = await database.query<{ id: string }>('select id from app.wallets where miner_id = $1', [miner.id]);
    const changed = await call(browser, 'POST', `/wallets/${wallet?.id}/addresses`, { address: newAddress });
    expect(changed.status).toBe(200);
    await server.app.notifications.dispatcher.drain();
    const [mail] = (await outbox(alice.email)).filter((row) => row.subject.includes('адрес выплат'));
    expect(mail?.subject).toBe(
      `Test pool: Безопасность: адрес выплат изменён — alice_notify_${kind}`.replace('Test pool', factory.pool.name),
    );
    expect(mail?.body).toContain(`Новый адрес: ${newAddress}`);
    expect(mail?.body).toContain(`Прежний адрес: ${mainnetAddress}`);
    expect(mail?.body).toContain('Когда: 2026-03-10 10:00 UTC');
    expect(mail?.body).toMatch(/Откуда: (::ffff:)?127\.0\.0\.1/);
    expect(mail?.body).toContain(`Кто: ${alice.email}`);
    expect(mail?.body).toContain('Если это были не вы');
    // The same notice reaches the linked chat, in Russian too.
    expect(await telegram.messageTo(chatId, (text) => text.includes('адрес выплат изменён'))).toContain(newAddress);
  });

  it('a threshold change is a security notice as well; a kind turned off is not sent', async () => {
    const [wallet] = await database.query<{ id: string }>('select id from app.wallets where miner_id = $1', [miner.id]);
    await call(browser, 'PUT', `/identity/${alice.id}/notifications/preferences`, {
      items: [{ kind: 'miner-wallet-minpay-changed', channels: { email: true, telegram: false } }],
    });
    const before = telegram.sent.length;
    expect((await call(browser, 'POST', `/wallets/${wallet?.id}/min-payments`, { amount: 300_000 })).status).toBe(200);
    await server.app.notifications.dispatcher.drain();
    const [mail] = (await outbox(alice.email)).filter((row) => row.subject.includes('минимальная выплата'));
    expect(mail?.body).toContain('Новое значение: 0.00300000 BTC');
    expect(telegram.sent.slice(before).some((message) => message.text.includes('минимальная'))).toBe(false);
  });

  it('tells of a sign-in from a browser the person has not used before, once', async () => {
    const person = await factory.newPerson();
    const laptop = new DeviceBrowser(server.listeningOn, 'Laptop Firefox/140');
    await laptop.signIn(person.email, person.password);
    expect((await call(laptop, 'GET', '/identity')).status).toBe(200);
    const phone = new DeviceBrowser(server.listeningOn, 'Phone Safari/19');
    await phone.signIn(person.email, person.password);
    expect((await call(phone, 'GET', '/identity')).status).toBe(200);
    const again = new DeviceBrowser(server.listeningOn, 'Laptop Firefox/140');
    await again.signIn(person.email, person.password);
    expect((await call(again, 'GET', '/identity')).status).toBe(200);
    await server.app.notifications.dispatcher.drain();
    const mails = (await outbox(person.email)).filter((row) => row.subject.includes('new device'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain('Device: Phone Safari/19');
    expect(mails[0]?.body).toContain('If it was not you, change your password');
  });

  it('unlinks the chat: later notices do not reach it', async () => {
    expect((await call(browser, 'DELETE', '/telegram/chats')).status).toBe(204);
    expect((await call(browser, 'GET', '/telegram/chats/current')).status).toBe(404);
    const before = telegram.sent.length;
    const [wallet] = await database.query<{ id: string }>('select id from app.wallets where miner_id = $1', [miner.id]);
    await call(browser, 'POST', `/wallets/${wallet?.id}/addresses`, { address: mainnetAddress });
    await server.app.notifications.dispatcher.drain();
    expect(telegram.sent.slice(before)).toEqual([]);
  });

  it('without TELEGRAM_BOT_TOKEN the Telegram routes say it is not configured, and preferences still work', async () => {
    const bareFactory = await testFactory(bareDatabase, bare);
    const person = await bareFactory.newPerson();
    const signedIn = await bareFactory.signIn(person);
    for (const [method, path] of [
      ['POST', `/identity/${person.id}/telegram/invites`],
      ['GET', '/telegram/invites/current'],
      ['GET', '/telegram/chats/current'],
      ['DELETE', '/telegram/chats'],
    ] as const) {
      const answer = await call<ErrorBody>(signedIn, method, path);
      expect(answer.status, `${method} ${path}`).toBe(503);
      expect(answer.body.error.message).toBe('Telegram is not configured');
    }
    expect((await call(signedIn, 'GET', `/identity/${person.id}/notifications/preferences`)).status).toBe(200);
  });
});
