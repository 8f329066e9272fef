import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import type { TestBrowser } from './support/browser.ts';
import { testFactory, type TestPerson } from './support/factory.ts';
import { startTestServer, type TestServer } from './support/server.ts';

describe.each(testDatabaseKinds)('the language and navigation bookmarks a user saves (spec 2, 4) on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  let alice: TestPerson;
  let bob: TestPerson;
  let browser: TestBrowser;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
    const factory = await testFactory(database, server);
    alice = await factory.newPerson();
    bob = await factory.newPerson();
    await factory.newMiner({ owner: alice });
    browser = await factory.signIn(alice);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('saves the interface language, which GET identity answers, and refuses one the product has not', async () => {
    const before = await browser.json<{ user: { language: string | null } }>('/api/backend/v0.1/identity');
    expect(before.body.user.language).toBeNull();
    const saved = await browser.json('/api/backend/v0.1/identity/language', {
      method: 'PUT',
      body: JSON.stringify({ language: 'ru' }),
    });
    expect(saved.status).toBe(204);
    const after = await browser.json<{ user: { language: string | null } }>('/api/backend/v0.1/identity');
    expect(after.body.user.language).toBe('ru');
    const refused = await browser.json('/api/backend/v0.1/identity/language', {
      method: 'PUT',
      body: JSON.stringify({ language: 'de' }),
    });
    expect(refused.status).toBe(400);
    expect((await browser.json<{ user: { language: string } }>('/api/backend/v0.1/identity')).body.user.language).toBe(
      'ru',
    );
  });

  it('keeps navigation bookmarks in their order, replaced as a whole, for their owner only', async () => {
    const path = `/api/backend/v0.1/identity/${alice.id}/navigation`;
    expect((await browser.json(path)).body).toEqual({ bookmarks: [] });
    const bookmarks = [
      { title: 'Rig 7', path: '/workers?search=rig7' },
      { title: 'October', path: '/payments?page=2' },
    ];
    const put = await browser.json(path, { method: 'PUT', body: JSON.stringify({ bookmarks }) });
    expect(put.status).toBe(200);
    expect((await browser.json(path)).body).toEqual({ bookmarks });
    const replaced = await browser.json(path, {
      method: 'PUT',
      body: JSON.stringify({ bookmarks: [bookmarks[1]] }),
    });
    expect(replaced.body).toEqual({ bookmarks: [bookmarks[1]] });
    // Only paths of this origin, with a title.
    const external = await browser.json(path, {
      method: 'PUT',
      body: JSON.stringify({ bookmarks: [{ title: 'Elsewhere', path: 'https://evil.example/' }] }),
    });
    expect(external.status).toBe(400);
    const protocolRelative = await browser.json(path, {
      method: 'PUT',
      body: JSON.stringify({ bookmarks: [{ title: 'Elsewhere', path: '//evil.example/workers' }] }),
    });
    expect(protocolRelative.status).toBe(400);
    const untitled = await browser.json(path, {
      method: 'PUT',
      body: JSON.stringify({ bookmarks: [{ title: ' ', path: '/workers' }] }),
    });
    expect(untitled.status).toBe(400);
    expect((await browser.json(path)).body).toEqual({ bookmarks: [bookmarks[1]] });
    // Bob's bookmarks are not alice's to read or write.
    expect((await browser.json(`/api/backend/v0.1/identity/${bob.id}/navigation`)).status).toBe(403);
  });
});
