import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { openTestDatabase } from '@pool/db/testing';
import { startServer, type RunningServer } from '../src/server.ts';
import { fakeWebRoot, testConfig } from './support/server.ts';

describe('the request log', () => {
  let database: Database;
  let server: RunningServer;
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    server = await startServer(testConfig({ LOG_LEVEL: 'debug', DEMO: 'off' }), {
      database,
      webRoot: fakeWebRoot(),
      logStream,
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const loggedUrls = () =>
    lines.flatMap((line) => {
      const entry = JSON.parse(line) as { req?: { url?: string } };
      return entry.req?.url ? [entry.req.url] : [];
    });

  it('finding 6: never logs invitation or watcher tokens, in paths or query strings', async () => {
    const id = '0b7d5c2e-1f0a-4c38-9d2e-6a1f2c3b4d04';
    const calls: [string, string][] = [
      ['GET', '/api/backend/v0.1/invites/SECRET-invite-1'],
      ['POST', '/api/backend/v0.1/invites/SECRET-invite-2/activation'],
      ['GET', '/invitation?token=SECRET-invite-3'],
      ['GET', `/api/backend/v0.1/miners/${id}/events?watcher_token=SECRET-watcher-1`],
      ['GET', '/api/backend/v0.1/watchers/SECRET-watcher-2'],
      ['GET', '/watch/SECRET-watcher-3'],
      ['GET', '/watch/SECRET-watcher-4/workers'],
      ['DELETE', `/api/backend/v0.1/identity/${id}/watchers/SECRET-watcher-5`],
      ['GET', '/api/backend/v0.1/no-such-route/invites/SECRET-invite-4?x=SECRET-query'],
    ];
    for (const [method, path] of calls) {
      const response = await fetch(`${server.listeningOn}${path}`, {
        method,
        headers: { accept: 'text/html', ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        body: method === 'POST' ? '{}' : undefined,
      });
      await response.arrayBuffer();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lines.join('\n')).not.toContain('SECRET');
    const urls = loggedUrls();
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/backend/v0.1/invites/:token',
        '/api/backend/v0.1/invites/:token/activation',
        '/invitation',
        `/api/backend/v0.1/miners/${id}/events`,
        '/api/backend/v0.1/watchers/:token',
        '/watch/:token',
        '/watch/:token/workers',
        `/api/backend/v0.1/identity/${id}/watchers/:token`,
        '/api/backend/v0.1/no-such-route/invites/:token',
      ]),
    );
  });
});
