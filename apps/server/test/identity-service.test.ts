import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import { testFactory, type TestFactory } from './support/factory.ts';
import { startTestServer, type TestServer } from './support/server.ts';

describe.each(testDatabaseKinds)('the mounted identity service on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  let factory: TestFactory;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database, { PUBLIC_URL: 'http://pool.localhost:8080' });
    factory = await testFactory(database, server);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('serves Kratos paths under /identity with ui.action on the public address', async () => {
    const response = await fetch(`${server.listeningOn}/identity/self-service/login/browser`, {
      headers: { accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    const flow = (await response.json()) as { id: string; ui: { action: string } };
    expect(flow.ui.action).toBe(`http://pool.localhost:8080/identity/self-service/login?flow=${flow.id}`);
    const unknown = await fetch(`${server.listeningOn}/identity/self-service/nothing`, {
      headers: { accept: 'text/html' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/json/);
    const script = await fetch(`${server.listeningOn}/.well-known/ory/webauthn.js`);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=UTF-8');
  });

  it('signs a miner in and answers GET identity with the second factors read over the admin API', async () => {
    const bob = (await factory.newMiner()).owner;
    const browser = await factory.signIn(bob);
    const answer = await browser.json<{ user: { id: string }; credentials: Record<string, boolean> }>(
      '/api/backend/v0.1/identity',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.user.id).toBe(bob.id);
    expect(answer.body.credentials).toEqual({ totp: false, lookup_secret: false, webauthn: false });
  });

  it('takes alice through her TOTP step, twice within one code window', async () => {
    const alice = await factory.newPerson({ totp: true });
    for (let round = 0; round < 2; round++) {
      const browser = await factory.signIn(alice);
      const answer = await browser.json<{ credentials: Record<string, boolean> }>('/api/backend/v0.1/identity');
      expect(answer.body.credentials).toEqual({ totp: true, lookup_secret: false, webauthn: false });
    }
  });

  it('reports the identity migrations in readiness', async () => {
    const response = await fetch(`${server.listeningOn}/readyz`);
    expect(await response.json()).toMatchObject({ status: 'ok', checks: { migrations: true } });
  });
});

describe('without the demo', () => {
  it('has no identities', async () => {
    const database = await openTestDatabase('pglite');
    const server = await startTestServer(database);
    try {
      const { baseUrl, headers } = server.identityAdmin;
      const identities = await fetch(`${baseUrl()}/admin/identities`, { headers });
      expect(await identities.json()).toEqual([]);
    } finally {
      await server.close();
      await database.close();
    }
  });
});
