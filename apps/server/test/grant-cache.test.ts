import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import { TestBrowser } from './support/browser.ts';
import { testFactory, type TestFactory, type TestMiner, type TestPerson } from './support/factory.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const api = '/api/backend/v0.1';

interface AccessList {
  members: { id: string; user_id: string; role: string }[];
}

/**
 * Issue 18: each server remembers grants per (person, account). Two servers on one database, as
 * two processes would be (on PostgreSQL each with connections of its own; PGlite is one process):
 * what one of them revokes, the other refuses on its very next read.
 */
describe.each(testDatabaseKinds)('grants remembered by two servers on one %s database', (kind) => {
  let database: Database;
  /** The second server's own connections to the same database (PostgreSQL); PGlite shares its one. */
  let secondConnection: Database | undefined;
  let a: TestServer;
  let b: TestServer;
  let factory: TestFactory;
  let alices: TestMiner;
  /** Alice on server A, with two-factor: access changes are critical. */
  let ownerOnA: TestBrowser;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    a = await startTestServer(database);
    if (database.driver.kind === 'postgres') {
      const url = database.driver.pool.options.connectionString ?? '';
      secondConnection = await openDatabase({ url });
    }
    b = await startTestServer(secondConnection ?? database);
    factory = await testFactory(database, a);
    alices = await factory.newMiner({ owner: await factory.newPerson({ totp: true }) });
    ownerOnA = await factory.signIn(alices.owner);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await secondConnection?.close();
    await database?.close();
  });

  /** A person with a role on alice's miner, signed in on server B. */
  const memberOnB = async (role: 'viewer' | 'admin'): Promise<{ person: TestPerson; browser: TestBrowser }> => {
    const person = await factory.newPerson();
    await factory.grant(person, alices, role);
    const browser = new TestBrowser(b.listeningOn);
    await browser.signIn(person.email, person.password);
    return { person, browser };
  };
  const workersOf = (browser: TestBrowser) => browser.json(`${api}/miners/${alices.id}/workers`);

  it('a member removed on A is refused by B on the next read', async () => {
    const { person, browser } = await memberOnB('viewer');
    // Read twice on B: the second answer comes from what B remembers.
    expect((await workersOf(browser)).status).toBe(200);
    expect((await workersOf(browser)).status).toBe(200);

    const list = await ownerOnA.json<AccessList>(`${api}/miners/${alices.id}/access`);
    const permission = list.body.members.find((member) => member.user_id === person.id);
    const removed = await ownerOnA.json(`${api}/miners/${alices.id}/access/${permission?.id ?? ''}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(204);

    expect((await workersOf(browser)).status).toBe(403);
  });

  it('a miner deleted on A is refused by B on the next read', async () => {
    const miner = await factory.newMiner({ owner: alices.owner });
    const { browser } = await memberOnB('viewer');
    const viewer = await factory.newPerson();
    await factory.grant(viewer, miner, 'viewer');
    const onB = new TestBrowser(b.listeningOn);
    await onB.signIn(viewer.email, viewer.password);
    expect((await onB.json(`${api}/miners/${miner.id}/workers`)).status).toBe(200);
    expect((await onB.json(`${api}/miners/${miner.id}/workers`)).status).toBe(200);

    expect((await ownerOnA.json(`${api}/miners/${miner.id}`, { method: 'DELETE' })).status).toBe(204);

    expect((await onB.json(`${api}/miners/${miner.id}/workers`)).status).toBe(403);
    // Alice's other miner is untouched.
    expect((await workersOf(browser)).status).toBe(200);
  });

  it('a grant deleted straight in the table, as psql would, is refused by both once the database notifies them', async () => {
    const { person, browser } = await memberOnB('viewer');
    const onA = await factory.signIn(person);
    expect((await workersOf(browser)).status).toBe(200);
    expect((await workersOf(onA)).status).toBe(200);

    // Straight to the table on purpose: no code of the product takes part, only the database's trigger.
    await database.query('delete from app.permissions where user_id = $1', [person.id]);

    await expect.poll(async () => (await workersOf(browser)).status).toBe(403);
    await expect.poll(async () => (await workersOf(onA)).status).toBe(403);
  });
});
