import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import { TestBrowser } from './support/browser.ts';
import { testFactory, type TestFactory, type TestOperator } from './support/factory.ts';
import { startTestServer, type TestServer } from './support/server.ts';

describe.each(testDatabaseKinds)('miner accounts on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  let factory: TestFactory;
  let operator: TestOperator;
  let newcomer: TestBrowser;
  let bob: TestBrowser;
  let newFarm = '';

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
    factory = await testFactory(database, server);
    operator = await factory.newOperator({ title: 'NorthHash' });
    newcomer = new TestBrowser(server.listeningOn);
    await newcomer.register('newcomer@example.com', 'Newcomer-Pass-118');
    bob = await factory.signIn(await factory.newPerson());
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const create = (browser: TestBrowser, body: Record<string, unknown>) =>
    browser.json<{
      error?: { code: string; fields?: { field: string; text: string }[] };
      id?: string;
      account_name?: string;
      operator_id?: string | null;
    }>('/api/backend/v0.1/miners', { method: 'POST', body: JSON.stringify(body) });

  it('starts a new identity with no permission, so the app sends it to the account-name step', async () => {
    const identity = await newcomer.json<{ permissions: unknown[] }>('/api/backend/v0.1/identity');
    expect(identity.status).toBe(200);
    expect(identity.body.permissions).toEqual([]);
  });

  it('refuses names outside latin lowercase letters, digits and underscores, or out of bounds', async () => {
    for (const account_name of ['Upper', 'with-dash', 'кириллица', 'ab', 'a'.repeat(33)]) {
      const response = await create(newcomer, { account_name });
      expect(response.status, account_name).toBe(400);
      expect(response.body.error?.fields?.[0]?.field).toBe('account_name');
      expect(await factory.repositories.accounts.lookupMiner(account_name), account_name).toBeUndefined();
    }
  });

  it("creates the caller's miner and makes them its owner", async () => {
    const response = await create(newcomer, { account_name: 'new_farm_01' });
    expect(response.status).toBe(201);
    newFarm = response.body.id ?? '';
    const identity = await newcomer.json<{ permissions: { type: string; role: string; account_name: string }[] }>(
      '/api/backend/v0.1/identity',
    );
    expect(identity.body.permissions).toEqual([
      expect.objectContaining({ type: 'miner', role: 'owner', account_name: 'new_farm_01' }),
    ]);
  });

  it("answers 'Miner already exists' to its owner and 'This name is taken' to anyone else", async () => {
    const again = await create(newcomer, { account_name: 'new_farm_01' });
    expect(again.status).toBe(409);
    expect(again.body.error?.fields).toEqual([{ field: 'account_name', text: 'Miner already exists' }]);
    const taken = await create(bob, { account_name: 'new_farm_01' });
    expect(taken.status).toBe(409);
    expect(taken.body.error?.fields).toEqual([{ field: 'account_name', text: 'This name is taken' }]);
  });

  it('puts a customer-management sign-up under the operator found by title, and refuses an unknown one', async () => {
    const managed = await create(newcomer, { account_name: 'managed_rig', operator_title: 'NorthHash' });
    expect(managed.status).toBe(201);
    expect(managed.body.operator_id).toBe(operator.id);
    const unknown = await create(newcomer, { account_name: 'lost_rig', operator_title: 'Nobody' });
    expect(unknown.status).toBe(404);
    expect(await factory.repositories.accounts.lookupMiner('lost_rig')).toBeUndefined();
  });

  it("renames the caller's miner, clears the title, and refuses another miner's owner", async () => {
    const path = `/api/backend/v0.1/miners/${newFarm}/title`;
    // No product call reads a miner's title back yet, so the test reads what the database keeps.
    const storedTitle = () => database.query('select title from app.miners where id = $1', [newFarm]);
    const renamed = await newcomer.json(path, { method: 'PUT', body: JSON.stringify({ title: 'North shed' }) });
    expect(renamed.status).toBe(204);
    const stranger = await bob.json(path, { method: 'PUT', body: JSON.stringify({ title: 'Mine now' }) });
    expect(stranger.status).toBe(403);
    expect(await storedTitle()).toEqual([{ title: 'North shed' }]);
    expect((await newcomer.json(path, { method: 'DELETE' })).status).toBe(204);
    expect(await storedTitle()).toEqual([{ title: null }]);
  });

  it('asks for a second factor before deleting a miner account, and keeps the account meanwhile', async () => {
    const deleted = await newcomer.json<{ error: { code: string } }>(`/api/backend/v0.1/miners/${newFarm}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(403);
    expect(deleted.body.error.code).toBe('additional_authentication_required');
    // Still there: a deleted miner would no longer be found by its name.
    expect(await factory.repositories.accounts.lookupMiner('new_farm_01')).toEqual({
      id: newFarm,
      account_name: 'new_farm_01',
    });
  });
});
