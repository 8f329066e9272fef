import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import type { RunningServer } from '../src/server.ts';
import { demoPassword } from '../src/demo/people.ts';
import { TestBrowser } from './support/browser.ts';
import { startTestServer } from './support/server.ts';

describe.each(testDatabaseKinds)('miner accounts on %s', (kind) => {
  let database: Database;
  let server: RunningServer;
  let newcomer: TestBrowser;
  let bob: TestBrowser;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
    newcomer = new TestBrowser(server.listeningOn);
    await newcomer.register('newcomer@example.com', 'Newcomer-Pass-118');
    bob = new TestBrowser(server.listeningOn);
    await bob.signIn('bob@demo.pool', demoPassword);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const create = (browser: TestBrowser, body: Record<string, unknown>) =>
    browser.json<{ error?: { code: string; fields?: { field: string; text: string }[] }; account_name?: string }>(
      '/api/backend/v0.1/miners',
      { method: 'POST', body: JSON.stringify(body) },
    );

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
    }
    expect(await database.query("select 1 from app.miners where account_name like 'with%'")).toEqual([]);
  });

  it("creates the caller's miner and makes them its owner", async () => {
    const response = await create(newcomer, { account_name: 'new_farm_01' });
    expect(response.status).toBe(201);
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
    const [row] = await database.query<{ title: string }>(
      'select o.title from app.miners m join app.operators o on o.id = m.operator_id where m.account_name = $1',
      ['managed_rig'],
    );
    expect(row?.title).toBe('NorthHash');
    const unknown = await create(newcomer, { account_name: 'lost_rig', operator_title: 'Nobody' });
    expect(unknown.status).toBe(404);
    expect(await database.query("select 1 from app.miners where account_name = 'lost_rig'")).toEqual([]);
  });

  it("renames the caller's miner, clears the title, and refuses another miner's owner", async () => {
    const [miner] = await database.query<{ id: string }>(
      "select id from app.miners where account_name = 'new_farm_01'",
    );
    const path = `/api/backend/v0.1/miners/${miner?.id ?? ''}/title`;
    const renamed = await newcomer.json(path, { method: 'PUT', body: JSON.stringify({ title: 'North shed' }) });
    expect(renamed.status).toBe(204);
    const stranger = await bob.json(path, { method: 'PUT', body: JSON.stringify({ title: 'Mine now' }) });
    expect(stranger.status).toBe(403);
    expect(await database.query('select title from app.miners where id = $1', [miner?.id])).toEqual([
      { title: 'North shed' },
    ]);
    expect((await newcomer.json(path, { method: 'DELETE' })).status).toBe(204);
    expect(await database.query('select title from app.miners where id = $1', [miner?.id])).toEqual([{ title: null }]);
  });

  it('asks for a second factor before deleting a miner account, and keeps the account meanwhile', async () => {
    const [miner] = await database.query<{ id: string }>(
      "select id from app.miners where account_name = 'new_farm_01'",
    );
    const deleted = await newcomer.json<{ error: { code: string } }>(`/api/backend/v0.1/miners/${miner?.id ?? ''}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(403);
    expect(deleted.body.error.code).toBe('additional_authentication_required');
    expect(await database.query('select deleted_at from app.miners where id = $1', [miner?.id])).toEqual([
      { deleted_at: null },
    ]);
  });
});
