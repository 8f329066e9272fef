import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import { testFactory, type TestFactory, type TestMiner, type TestPerson } from './support/factory.ts';
import { startTestServer, type TestServer } from './support/server.ts';

interface IdentityAnswer {
  permissions: { id: string; type: string; account_id: string; role: string }[];
}

describe.each(testDatabaseKinds)('leaving an account one was invited to (spec 2 settings) on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  let factory: TestFactory;
  let alice: TestPerson;
  let aliceMiner: TestMiner;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
    factory = await testFactory(database, server);
    alice = await factory.newPerson();
    aliceMiner = await factory.newMiner({ owner: alice, accountName: 'alice_hash' });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('gives up the role, the account and what the person made with it; once', async () => {
    const carol = await factory.newPerson();
    const permission = await factory.grant(carol, aliceMiner, 'admin');
    const browser = await factory.signIn(carol);
    // A watcher link carol made as an admin of the miner goes with her role.
    const watcher = await factory.newWatcher(aliceMiner, { by: carol });
    expect((await browser.json(`/api/backend/v0.1/miners/${aliceMiner.id}/access`)).status).toBe(200);

    const left = await browser.json(`/api/backend/v0.1/identity/${carol.id}/permissions/${permission}`, {
      method: 'DELETE',
    });
    expect(left.status).toBe(204);
    const identity = await browser.json<IdentityAnswer>('/api/backend/v0.1/identity');
    expect(identity.body.permissions.map((held) => held.id)).not.toContain(permission);
    expect((await browser.json(`/api/backend/v0.1/miners/${aliceMiner.id}/access`)).status).toBe(403);
    expect(await factory.repositories.watchers.byToken(watcher.token)).toBeUndefined();
    const again = await browser.json(`/api/backend/v0.1/identity/${carol.id}/permissions/${permission}`, {
      method: 'DELETE',
    });
    expect(again.status).toBe(404);
  });

  it('never lets an owner leave (an owner deletes the account), nor anyone give up another person’s role', async () => {
    const owner = await factory.signIn(alice);
    const own = (await owner.json<IdentityAnswer>('/api/backend/v0.1/identity')).body.permissions[0];
    const refused = await owner.json<{ error: { code: string } }>(
      `/api/backend/v0.1/identity/${alice.id}/permissions/${own?.id ?? ''}`,
      { method: 'DELETE' },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('access_denied');
    expect((await owner.json<IdentityAnswer>('/api/backend/v0.1/identity')).body.permissions).toHaveLength(1);

    const dave = await factory.newPerson();
    const daves = await factory.grant(dave, aliceMiner, 'viewer');
    // Alice's own path with dave's permission: not hers to give up.
    const foreign = await owner.json(`/api/backend/v0.1/identity/${alice.id}/permissions/${daves}`, {
      method: 'DELETE',
    });
    expect(foreign.status).toBe(404);
    // Dave's path: not alice's to call.
    const otherPath = await owner.json(`/api/backend/v0.1/identity/${dave.id}/permissions/${daves}`, {
      method: 'DELETE',
    });
    expect(otherPath.status).toBe(403);
    const daveBrowser = await factory.signIn(dave);
    expect((await daveBrowser.json(`/api/backend/v0.1/miners/${aliceMiner.id}/workers`)).status).toBe(200);
  });
});
