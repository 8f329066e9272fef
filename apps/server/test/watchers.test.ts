import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { applyMigrations } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import { buildApp } from '../src/app.ts';
import type { IdentityAdminClient } from '../src/identity-client/admin.ts';
import { miningEngine, type MiningEngine } from '../src/modules/mining/engine/engine.ts';
import { appMigrations } from '../src/server.ts';
import type { TestMiner, TestOperator, TestPerson } from './support/factory.ts';
import { fakeClock, miningTestDatabase, type MiningTestDatabase } from './support/mining.ts';
import { fakeWebRoot, testConfig } from './support/server.ts';
import { fakeSessions, type Person } from './support/signed-in.ts';

const api = '/api/backend/v0.1';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface ListedWatcher {
  id: string;
  name: string;
  created_by: { id: string; email: string } | null;
}

describe.each(testDatabaseKinds)('watcher links on %s', (kind) => {
  let t: MiningTestDatabase;
  let engine: MiningEngine;
  let app: FastifyInstance;
  /** Alice owns her miner; carol's is a customer of the operator; staff is the pool's admin. */
  let alices: TestMiner;
  let carols: TestMiner;
  let alice: TestPerson;
  let bob: TestPerson;
  let operatorAccount: TestOperator;
  let operator: TestPerson;
  let staff: TestPerson;
  const aliceMiner = () => alices.id;
  const carolMiner = () => carols.id;
  const sessions = fakeSessions();
  const cookies = new Map<string, string>();

  const call = async <T = unknown>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    who: { person?: Person; watcher?: string } = {},
    payload?: unknown,
  ) => {
    const headers: Record<string, string> = {};
    if (who.person) headers.cookie = cookies.get(who.person.email) ?? '';
    if (who.watcher) headers['x-watcher-token'] = who.watcher;
    const response = await app.inject({ method, url: `${api}${path}`, headers, payload: payload as object });
    return {
      status: response.statusCode,
      body: (response.body ? JSON.parse(response.body) : null) as T,
      text: response.body,
    };
  };
  const createLink = async (creator: Person, minerId: string, name: string) => {
    const created = await call<{ id: string; token: string }>(
      'POST',
      `/identity/${creator.id}/watchers`,
      { person: creator },
      { miner_id: minerId, name, access: ['Workers', 'Payments'] },
    );
    expect(created.status).toBe(201);
    return created.body;
  };

  /**
   * A grant the factory writes reaches the app's grant cache as PostgreSQL's notification, which
   * arrives on a connection of its own a moment after the commit (the app's own writes wait for
   * it: access-changes.ts). On a loaded CI machine the next request got in before it.
   */
  const grantHeard = async (person: Person, minerId: string) =>
    expect.poll(async () => (await call('GET', `/miners/${minerId}/stats`, { person })).status).toBe(200);

  beforeAll(async () => {
    t = await miningTestDatabase(kind);
    alices = await t.factory.newMiner({ accountName: 'alice_hash' });
    alice = alices.owner;
    operatorAccount = await t.factory.newOperator();
    operator = operatorAccount.owner;
    carols = await t.factory.newMiner({ operator: operatorAccount });
    bob = await t.factory.newPerson();
    staff = await t.factory.newPerson();
    await t.factory.grant(staff, t.factory.pool, 'admin');
    const clock = fakeClock('2026-03-01T12:00:30Z');
    engine = miningEngine({ database: t.database, pool: t.pool, clock: clock.now, flushInterval: 0, tickInterval: 0 });
    await engine.start();
    for (const who of [alice, bob, operator, staff]) cookies.set(who.email, sessions.signIn(who));
    app = await buildApp({
      config: testConfig(),
      database: t.database,
      poolId: t.pool.id,
      identity: { public: sessions.identity, admin: {} as IdentityAdminClient },
      version: '0.0.0-test',
      webRoot: fakeWebRoot(),
      readiness: {},
      mining: { engine, clock: clock.now },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await engine?.stop();
    await t?.database.close();
  });

  it('finding 16: a new watcher token is kept only as its SHA-256 hash, and the link still works', async () => {
    const created = await call<{ id: string; token: string }>(
      'POST',
      `/miners/${aliceMiner()}/watchers`,
      { person: alice },
      { name: 'Investor', access: ['Workers'] },
    );
    expect(created.status).toBe(201);
    const { id, token } = created.body;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // What the table keeps is the point of this finding, so the test reads the table.
    const rows = await t.database.query<Record<string, unknown>>('select * from app.watchers where id = $1', [id]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.token_hash).toBe(sha256(token));

    expect((await call('GET', `/watchers/${token}`)).status).toBe(200);
    expect((await call('GET', `/miners/${aliceMiner()}/workers`, { watcher: token })).status).toBe(200);
    expect((await call('GET', `/miners/${aliceMiner()}/workers`, { watcher: sha256(token) })).status).toBe(401);
  });

  it('finding 16: watcher lists answer name, access, creator and date, and never a token', async () => {
    const { id, token } = await createLink(alice, aliceMiner(), 'Partner');
    for (const path of [`/miners/${aliceMiner()}/watchers`, `/identity/${alice.id}/watchers`]) {
      const list = await call<Record<string, unknown>[]>('GET', path, { person: alice });
      expect(list.status).toBe(200);
      expect(list.text).not.toContain(token);
      expect(list.body.every((watcher) => !('token' in watcher))).toBe(true);
      expect(list.body.find((watcher) => watcher.id === id)).toMatchObject({
        name: 'Partner',
        access: ['Workers', 'Payments'],
        account_name: 'alice_hash',
        created_by: { id: alice.id, email: alice.email },
      });
      expect(Date.parse(String(list.body.find((watcher) => watcher.id === id)?.created_at))).not.toBeNaN();
    }
  });

  it('finding 16: revoking a link by its token finds it by the hash', async () => {
    const { token } = await createLink(alice, aliceMiner(), 'Short-lived');
    expect((await call('DELETE', `/identity/${alice.id}/watchers/${token}`, { person: alice })).status).toBe(204);
    expect((await call('GET', `/watchers/${token}`)).status).toBe(404);
    expect((await call('GET', `/miners/${aliceMiner()}/stats`, { watcher: token })).status).toBe(401);
    expect((await call('DELETE', `/identity/${alice.id}/watchers/${token}`, { person: alice })).status).toBe(404);
  });

  it("finding 7: a removed member's link stops working and leaves their list (review steps 1-5)", async () => {
    // 1. bob is admin on alice_hash (alice's invitation, accepted).
    const bobAccess = await t.factory.grant(bob, alices, 'admin');
    await grantHeard(bob, aliceMiner());
    // 2. bob makes a link to alice's Workers and Payments; alice sees who made it.
    const link = await createLink(bob, aliceMiner(), 'Bob keeps an eye');
    expect((await call('GET', `/miners/${aliceMiner()}/workers`, { watcher: link.token })).status).toBe(200);
    const aliceList = await call<ListedWatcher[]>('GET', `/miners/${aliceMiner()}/watchers`, { person: alice });
    expect(aliceList.body.find((watcher) => watcher.id === link.id)?.created_by).toEqual({
      id: bob.id,
      email: bob.email,
    });
    // 3. alice removes bob.
    const removed = await call('DELETE', `/miners/${aliceMiner()}/access/${bobAccess}`, { person: alice });
    expect(removed.status).toBe(204);
    // 4. bob reads nothing of alice's any more, and his list no longer hands the link back.
    expect((await call('GET', `/miners/${aliceMiner()}/workers`, { person: bob })).status).toBe(403);
    const bobList = await call<ListedWatcher[]>('GET', `/identity/${bob.id}/watchers`, { person: bob });
    expect(bobList.status).toBe(200);
    expect(bobList.body.map((watcher) => watcher.id)).not.toContain(link.id);
    expect(bobList.text).not.toContain(link.token);
    // 5. The link itself is dead.
    expect((await call('GET', `/miners/${aliceMiner()}/workers`, { watcher: link.token })).status).toBe(401);
    expect((await call('GET', `/watchers/${link.token}`)).status).toBe(404);
  });

  it('finding 7: a link lives only while its creator manages the account, whatever removes the grant', async () => {
    // Nothing deletes these links: the grant changes under them, through the miner, operator and pool.
    const bobAccess = await t.factory.grant(bob, alices, 'admin');
    await grantHeard(bob, aliceMiner());
    const bobLink = await createLink(bob, aliceMiner(), 'Demoted');
    const operatorLink = await createLink(operator, carolMiner(), 'Operator view');
    const staffLink = await createLink(staff, aliceMiner(), 'Staff view');
    for (const token of [bobLink.token, operatorLink.token, staffLink.token]) {
      expect((await call('GET', `/watchers/${token}`)).status).toBe(200);
    }

    // Straight to the table on purpose: the access repository would also delete the links, and this
    // test holds that a link dies with its creator's grant even when nothing cleans up after it.
    await t.database.query("update app.permissions set role = 'viewer' where id = $1", [bobAccess]);
    await t.database.query("delete from app.permissions where user_id = $1 and type = 'operator'", [operator.id]);
    await t.database.query("update app.permissions set role = 'viewer' where user_id = $1 and type = 'pool'", [
      staff.id,
    ]);

    for (const [who, link, minerId] of [
      [bob, bobLink, aliceMiner()],
      [operator, operatorLink, carolMiner()],
      [staff, staffLink, aliceMiner()],
    ] as const) {
      // Written outside the app too, the change is heard a moment after its commit (`grantHeard`).
      await expect.poll(async () => (await call('GET', `/watchers/${link.token}`)).status).toBe(404);
      expect((await call('GET', `/miners/${minerId}/stats`, { watcher: link.token })).status).toBe(401);
      const list = await call<ListedWatcher[]>('GET', `/identity/${who.id}/watchers`, { person: who });
      expect(list.body.map((watcher) => watcher.id)).not.toContain(link.id);
    }
  });
});

describe.each(testDatabaseKinds)('watcher token migration on %s', (kind) => {
  it('finding 16: the migration replaces every stored token by its SHA-256 hash', async () => {
    const database = await openTestDatabase(kind);
    try {
      // The migrations up to the one that hashes tokens, applied to a database holding clear tokens:
      // rows of an older schema than any repository knows, so they are written and read in SQL.
      const before = mkdtempSync(join(tmpdir(), 'migrations-'));
      cpSync(appMigrations.folder, before, { recursive: true });
      const journalPath = join(before, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
      const hashing = journal.entries.findIndex((entry) => entry.tag.endsWith('_hash_watcher_tokens'));
      expect(hashing).toBeGreaterThan(0);
      writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, hashing) }));
      await applyMigrations(database, { ...appMigrations, folder: before });

      const token = 'Qm9iS2VlcHNBbkV5ZU9uVGhpcy1saW5rX2Zvci1ldmVy';
      await database.query(
        `insert into app.pools (name, is_current, addresses, settings, page_settings)
         values ('P', true, '[]', '{}', '{}')`,
      );
      await database.query(`insert into app.miners (pool_id, account_name) select id, 'old_miner' from app.pools`);
      await database.query(
        `insert into app.watchers (token, name, miner_id, access)
         select $1, 'old link', id, '["Workers"]' from app.miners`,
        [token],
      );

      await applyMigrations(database, appMigrations);
      const rows = await database.query<Record<string, unknown>>('select * from app.watchers');
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).toBe(sha256(token));
      expect(JSON.stringify(rows)).not.toContain(token);
    } finally {
      await database.close();
    }
  });
});
