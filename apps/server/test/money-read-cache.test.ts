import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import type { Balance, EarnedAllTime, PaymentsPage, UnallocatedTransaction } from '@pool/contract/money';
import { transaction } from '../src/modules/mining/sql.ts';
import { ledgerWrites } from '../src/modules/money/ledger/ledger-repository.ts';
import { insertUnallocatedFunds } from '../src/modules/money/rewards/reward-repository.ts';
import { TestBrowser } from './support/browser.ts';
import { testFactory, type TestFactory, type TestMiner } from './support/factory.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const api = '/api/backend/v0.1';

/**
 * Issue 18: each server remembers payment pages and earnings until money changes. Two servers on
 * one database, as two processes would be (on PostgreSQL each with connections of its own; PGlite
 * is one process): what one of them writes, or the engine writes behind both, the other reads.
 */
describe.each(testDatabaseKinds)('money reads remembered by two servers on one %s database', (kind) => {
  let database: Database;
  let secondConnection: Database | undefined;
  let a: TestServer;
  let b: TestServer;
  let factory: TestFactory;
  let alice: TestMiner;
  let aliceOnB: TestBrowser;
  let adminOnA: TestBrowser;
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    a = await startTestServer(database);
    if (database.driver.kind === 'postgres') {
      secondConnection = await openDatabase({ url: database.driver.pool.options.connectionString ?? '' });
    }
    b = await startTestServer(secondConnection ?? database);
    factory = await testFactory(database, a);
    alice = await factory.newMiner({ accountName: `alice_cache_${kind}` });
    aliceOnB = new TestBrowser(b.listeningOn);
    await aliceOnB.signIn(alice.owner.email, alice.owner.password);
    const admin = await factory.newPerson({ totp: true });
    await factory.grant(admin, factory.platform, 'admin');
    adminOnA = await factory.signIn(admin);
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await secondConnection?.close();
    await database?.close();
  });

  const paymentsOnB = async () => (await aliceOnB.json<PaymentsPage>(`${api}/miners/${alice.id}/payments`)).body;
  const earnedOnB = async () => (await aliceOnB.json<EarnedAllTime>(`${api}/miners/${alice.id}/earned-all-time`)).body;

  /** A reward written as the engine's run writes it, on the test's own connection: no server takes part. */
  const creditBehindTheServers = (amount: bigint, key: string) =>
    transaction(database, (query) =>
      ledgerWrites(query, factory.pool.id).post([
        {
          key,
          memo: { kind: 'reward', day, miner_id: alice.id },
          legs: [
            { account: { kind: 'reward_clearing' }, amount: -amount, type: 'reward' },
            { account: { kind: 'miner', ownerId: alice.id }, amount, type: 'reward' },
          ],
        },
      ]),
    );

  it('a reward the engine writes behind both servers is read by B once the database notifies it', async () => {
    expect(await paymentsOnB()).toMatchObject({ total: 0, items: [] });
    expect((await earnedOnB()).amount).toBe(0);
    // Twice: the second answer comes from what B remembers.
    expect((await paymentsOnB()).total).toBe(0);

    await creditBehindTheServers(5000n, `reward:${day}:${alice.id}:cache`);

    await expect.poll(async () => (await paymentsOnB()).total).toBe(1);
    expect((await paymentsOnB()).items[0]).toMatchObject({ type: 'reward', direction: 'incoming', amount: 5000 });
    await expect.poll(async () => (await earnedOnB()).amount).toBe(5000);
  });

  it('a refund made through A is on B’s very next read', async () => {
    const page = await paymentsOnB();
    expect(await paymentsOnB()).toEqual(page);
    const key = `unallocated:${day}:${factory.pool.id}:cache_rig`;
    const unallocatedId = await transaction(database, async (query) => {
      const written = await ledgerWrites(query, factory.pool.id).post([
        {
          key,
          memo: { kind: 'unallocated', day, account_name: 'cache_rig' },
          legs: [
            { account: { kind: 'reward_clearing' }, amount: -700n, type: 'reward' },
            { account: { kind: 'unallocated' }, amount: 700n, type: 'reward' },
          ],
        },
      ]);
      const id = written.get(key) ?? '';
      await insertUnallocatedFunds(query, factory.pool.id, 'pool.example.com', [
        { transferId: id, day, accountName: 'cache_rig', hashRate: 10e12, amount: 700n },
      ]);
      return id;
    });

    const refunded = await adminOnA.json<UnallocatedTransaction>(
      `${api}/platform/rewards/unallocated-funds/${unallocatedId}/refund`,
      { method: 'POST', body: JSON.stringify({ account_name: alice.accountName }) },
    );
    expect(refunded.status).toBe(200);

    // No waiting: A answered once every server had heard the change.
    const after = await paymentsOnB();
    expect(after.total).toBe(page.total + 1);
    expect(after.items[0]).toMatchObject({ type: 'transfer', direction: 'incoming', amount: 700 });
    // A refund is money moved to the miner, not earned by mining.
    expect((await earnedOnB()).amount).toBe(5000);
    expect((await aliceOnB.json<Balance>(`${api}/miners/${alice.id}/balance`)).body.balance).toBe(5700);
  });
});
