import { createServer, type IncomingMessage, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import { applyMigrations, type Database } from '@pool/db/database';
import { PoolConfig } from '@pool/contract/pool-config';
import { loadConfig } from '../src/config/env.ts';
import { registerErrorHandling } from '../src/http/errors.ts';
import { serverErrorReporter } from '../src/http/error-reporting.ts';
import { appMigrations } from '../src/server.ts';
import { startTestServer, type TestServer } from './support/server.ts';

function cspOf(response: Response): Map<string, string[]> {
  const header = response.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

const configured = {
  PRICE_SERVICE_URL: 'off',
  ERROR_REPORTING_DSN: 'https://public@errors.example.org/7',
  ANALYTICS_KEY: 'phc_pool',
  ANALYTICS_HOST: 'https://analytics.example.net',
  ANALYTICS_REQUIRE_CONSENT: 'on',
  SUPPORT_CHAT_SCRIPT_URL: 'https://chat.example.com/widget.js',
  MESSENGER_SCRIPT_URL: 'https://messenger.example.com:8443/boot.js',
  EMAIL_MARKETING_SCRIPT_URL: 'https://mail.example.com/track.js',
};

describe('integration settings in the environment', () => {
  it('want an analytics key and host together', () => {
    expect(loadConfig({ DEMO: 'off', ANALYTICS_KEY: 'phc_pool' })).toEqual({
      ok: false,
      problems: ['ANALYTICS_KEY and ANALYTICS_HOST: set both for product analytics, or neither'],
    });
  });

  it('refuse a DSN or a widget script that is no http URL, without repeating the DSN', () => {
    expect(loadConfig({ DEMO: 'off', ERROR_REPORTING_DSN: 'secret-dsn' })).toEqual({
      ok: false,
      problems: ['ERROR_REPORTING_DSN: must be an http:// or https:// URL'],
    });
    expect(loadConfig({ DEMO: 'off', MESSENGER_SCRIPT_URL: 'ftp://x' })).toEqual({
      ok: false,
      problems: ['MESSENGER_SCRIPT_URL: must be an http:// or https:// URL (got "ftp://x")'],
    });
  });
});

describe.each(testDatabaseKinds)('integrations served with the pool config on %s', (kind) => {
  let database: Database;
  let bare: TestServer;
  let full: TestServer;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await applyMigrations(database, appMigrations);
    bare = await startTestServer(database, { PRICE_SERVICE_URL: 'off' });
    full = await startTestServer(database, configured);
  });

  afterAll(async () => {
    await bare.close();
    await full.close();
    await database.close();
  });

  it('are all off until configured, and the browser may load nothing from elsewhere', async () => {
    const response = await fetch(`${bare.listeningOn}/v0.1/pools/current`);
    expect(PoolConfig.parse(await response.json()).integrations).toEqual({
      error_reporting: null,
      analytics: null,
      support_chat: null,
      messenger: null,
      email_marketing: null,
    });
    const csp = cspOf(response);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
  });

  it('are served as configured, and the policy allows exactly their origins', async () => {
    const response = await fetch(`${full.listeningOn}/v0.1/pools/current`);
    expect(PoolConfig.parse(await response.json()).integrations).toEqual({
      error_reporting: { dsn: 'https://public@errors.example.org/7' },
      analytics: { key: 'phc_pool', host: 'https://analytics.example.net', require_consent: true },
      support_chat: { script_url: 'https://chat.example.com/widget.js' },
      messenger: { script_url: 'https://messenger.example.com:8443/boot.js' },
      email_marketing: { script_url: 'https://mail.example.com/track.js' },
    });
    const widgets = ['https://chat.example.com', 'https://messenger.example.com:8443', 'https://mail.example.com'];
    const csp = cspOf(response);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://analytics.example.net', ...widgets]);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://errors.example.org',
      'https://analytics.example.net',
      ...widgets,
    ]);
    expect(csp.get('frame-src')).toEqual(widgets);
  });
});

/** A Sentry-compatible server on loopback that keeps every envelope it receives. */
async function envelopeSink(): Promise<{ server: Server; port: number; items: () => Record<string, unknown>[] }> {
  const received: Record<string, unknown>[] = [];
  const body = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    return (request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
  };
  const server = createServer((request, response) => {
    void body(request).then((text) => {
      // An envelope: a header line, then item header and payload lines.
      const lines = text.split('\n').filter(Boolean);
      for (let index = 2; index < lines.length; index += 2)
        received.push(JSON.parse(lines[index] ?? '{}') as Record<string, unknown>);
      response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { server, port: address.port, items: () => received };
}

describe("the server's own unhandled errors", () => {
  it('reach the DSN with the request id and no personal data; refusals do not', async () => {
    const sink = await envelopeSink();
    const reporter = await serverErrorReporter({ dsn: `http://public@127.0.0.1:${sink.port}/3`, release: '9.9.9' });
    const app = Fastify();
    registerErrorHandling(app, (error, request) => reporter.report(error, request));
    app.get('/watch/:token', async () => {
      throw new Error('lookup failed for alice@demo.pool with Bearer abc.def');
    });
    app.get('/refused', async () => {
      const refusal = Object.assign(new Error('not yours'), { statusCode: 403 });
      throw refusal;
    });
    const token = 'A'.repeat(10) + 'b_c-d'.repeat(6) + 'xyz';
    const failed = await app.inject({
      url: `/watch/${token}?email=alice@demo.pool`,
      headers: { cookie: 'session=secret', 'x-request-id': 'ignored' },
    });
    expect(failed.statusCode).toBe(500);
    expect((await app.inject({ url: '/refused' })).statusCode).toBe(403);
    await reporter.flush(5000);
    await app.close();
    sink.server.close();

    const events = sink.items().filter((item) => 'exception' in item);
    expect(events).toHaveLength(1);
    const event = events[0] as {
      tags: Record<string, string>;
      contexts: Record<string, unknown>;
      exception: { values: { value: string }[] };
      release: string;
    };
    expect(event.tags.request_id).toBe('req-1');
    expect(event.release).toBe('9.9.9');
    expect(event.contexts.request).toEqual({ method: 'GET', route: '/watch/:token' });
    expect(event.exception.values[0]?.value).toBe('lookup failed for [email] with Bearer [redacted]');
    const sent = JSON.stringify(event);
    for (const secret of ['alice@demo.pool', token, 'session=secret', 'abc.def']) expect(sent).not.toContain(secret);
    expect(event).not.toHaveProperty('user');
    expect(event).not.toHaveProperty('request');
    expect(event).not.toHaveProperty('server_name');
  });
});
