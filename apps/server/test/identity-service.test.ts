import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import type { RunningServer } from '../src/server.ts';
import { demoPeople } from '../src/demo/people.ts';
import { startTestServer } from './support/server.ts';
import { TestBrowser } from './support/browser.ts';

const person = (email: string) => {
  const found = demoPeople.find((entry) => entry.email === email);
  if (!found) throw new Error(email);
  return found;
};

describe.each(testDatabaseKinds)('the mounted identity service on %s', (kind) => {
  let database: Database;
  let server: RunningServer;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database, { PUBLIC_URL: 'http://pool.localhost:8080' });
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

  it('signs a demo miner in and answers GET identity with the second factors read over the admin API', async () => {
    const bob = person('bob@demo.pool');
    const browser = new TestBrowser(server.listeningOn);
    await browser.signIn(bob.email, bob.password);
    const answer = await browser.json<{ user: { id: string }; credentials: Record<string, boolean> }>(
      '/api/backend/v0.1/identity',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.user.id).toBe(bob.id);
    expect(answer.body.credentials).toEqual({ totp: false, lookup_secret: false, webauthn: false });
  });

  it('takes alice through her TOTP step, twice within one code window', async () => {
    const alice = person('alice@demo.pool');
    for (let round = 0; round < 2; round++) {
      const browser = new TestBrowser(server.listeningOn);
      await browser.signIn(alice.email, alice.password, alice.totpSecret);
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
    const server = await startTestServer(database, { DEMO: 'off' });
    try {
      expect(await database.query('select id from identity.identities')).toEqual([]);
    } finally {
      await server.close();
      await database.close();
    }
  });
});
