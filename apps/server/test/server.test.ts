import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import { PoolConfig } from '@pool/contract/pool-config';
import { startServer } from '../src/server.ts';
import { testFactory, type TestFactory } from './support/factory.ts';
import { fakeWebRoot, startTestServer, testConfig as configWith, type TestServer } from './support/server.ts';
import { TestBrowser } from './support/browser.ts';

describe.each(testDatabaseKinds)('product server on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  let factory: TestFactory;
  const webRoot = fakeWebRoot();
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.listeningOn}${path}`, { headers });

  beforeAll(async () => {
    // A build that still wrote its source maps: the server must not hand them out.
    writeFileSync(join(webRoot, 'assets', 'app-1a2b3c.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
    // The build's precompressed copies (apps/web/precompress.ts), of the script and of the page.
    for (const path of [join(webRoot, 'assets', 'app-1a2b3c.js'), join(webRoot, 'index.html')]) {
      const text = readFileSync(path);
      writeFileSync(`${path}.br`, brotliCompressSync(text));
      writeFileSync(`${path}.gz`, gzipSync(text));
    }
    database = await openTestDatabase(kind);
    server = await startTestServer(database, { PUBLIC_URL: 'http://pool.localhost:8080' }, { webRoot });
    factory = await testFactory(database, server);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('applies the migrations and reports ready', async () => {
    const response = await get('/readyz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', checks: { database: true, migrations: true } });
    expect((await get('/healthz')).status).toBe(200);
  });

  it('serves the seeded pool config with the deployment addresses, stratum and page settings', async () => {
    const response = await get('/v0.1/pools/current');
    expect(response.status).toBe(200);
    const config = PoolConfig.parse(await response.json());
    expect(config.addresses).toEqual([
      { type: 'app', address: 'http://pool.localhost:8080' },
      { type: 'api', address: 'http://pool.localhost:8080/api/backend' },
      { type: 'auth', address: 'http://pool.localhost:8080/identity' },
      { type: 'stratum', address: 'stratum+tcp://localhost:3333' },
    ]);
    expect(config.settings).toEqual({
      default_language: 'en',
      available_languages: ['en', 'ru', 'cn'],
      password_min_length: 8,
      default_fee_percent: 0.9,
    });
    expect(config.page_settings).toEqual({
      tax_calculator: true,
      mining_report: true,
      extra_currencies: ['RUB'],
      app_theme: 'default',
      legal_entity_tax_percent: 25,
    });
    expect(config.exchange_rates).toEqual({
      price_service_url: 'https://api.coingecko.com/api/v3/simple/price',
      refresh_ms: 300_000,
    });
  });

  it('answers an unknown product route with 404 not_found in the error format', async () => {
    const response = await get('/api/backend/v0.1/no-such-thing', { accept: 'text/html' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('falls back to the app for page paths and never for service paths', async () => {
    const root = await get('/', { accept: 'text/html' });
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('<div id="root">');
    const page = await get('/customers/42/settings', { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect((await get('/static/locales/xx.json', { accept: 'text/html' })).status).toBe(404);
    expect((await get('/meta/nothing', { accept: 'text/html' })).status).toBe(404);
  });

  it('serves translations and hashed assets with their cache rules', async () => {
    const locale = await get('/static/locales/en.json');
    expect(await locale.json()).toEqual({ hello: 'Hello' });
    const asset = await get('/assets/app-1a2b3c.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed copy the browser accepts, brotli first, and the file itself to one that takes neither', async () => {
    /** The raw answer, undecoded: fetch would decode it and hide what went over the wire. */
    const raw = (path: string, acceptEncoding?: string) =>
      new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer; type: string | undefined }>(
        (resolve, reject) => {
          const headers: Record<string, string> = { accept: 'text/html' };
          if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
          request(`${server.listeningOn}${path}`, { headers }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({
                encoding: response.headers['content-encoding'],
                vary: response.headers.vary,
                type: response.headers['content-type'],
                body: Buffer.concat(chunks),
              }),
            );
          })
            .on('error', reject)
            .end();
        },
      );
    const script = readFileSync(join(webRoot, 'assets', 'app-1a2b3c.js'), 'utf8');
    const brotli = await raw('/assets/app-1a2b3c.js', 'gzip, deflate, br');
    expect(brotli.encoding).toBe('br');
    expect(brotli.type).toMatch(/javascript/);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(script);
    expect(brotli.vary).toMatch(/accept-encoding/i);
    const gzip = await raw('/assets/app-1a2b3c.js', 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    const plain = await raw('/assets/app-1a2b3c.js');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    // The page is written per pool and layout, so it is compressed as it goes out.
    const page = await raw('/workers', 'gzip, deflate, br');
    expect(page.encoding).toBe('br');
    expect(page.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(page.body).toString()).toContain('<div id="root"><div class="shell">');
    const gzipPage = await raw('/workers', 'gzip');
    expect(gzipPage.encoding).toBe('gzip');
    expect(gunzipSync(gzipPage.body).toString()).toBe(brotliDecompressSync(page.body).toString());
    const plainPage = await raw('/workers');
    expect(plainPage.encoding).toBeUndefined();
    expect(plainPage.body.toString()).toBe(gunzipSync(gzipPage.body).toString());
  });

  it("writes the pool config, the layout's frame and the stylesheet into the page, so that the first paint waits for no request and no script", async () => {
    const served = PoolConfig.parse(await (await get('/v0.1/pools/current')).json());
    // At its own path and as the history fallback of a client route.
    for (const path of ['/', '/payments']) {
      const response = await get(path, { accept: 'text/html' });
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      const html = await response.text();
      const json = /<script id="pool-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
      expect(JSON.parse(json ?? 'null'), path).toEqual(served);
      expect(html, path).toContain('<link rel="preload" href="/static/locales/en.json" as="fetch" crossorigin>');
      expect(html, path).toContain('<div id="root"><div class="shell"><header class="shell-header">');
      expect(html, path).toContain(`<html lang="en" data-theme="${served.page_settings.app_theme}"`);
      // The entry's stylesheet comes in the page: the frame paints without waiting for a request.
      expect(html, path).toContain('<style>.shell{display:grid}</style>');
      // Its link stays, disabled, for Vite's preload helper to find: the browser does not fetch it.
      expect(html.match(/<link rel="stylesheet"[^>]*>/g), path).toEqual([
        expect.stringMatching(/^<link rel="stylesheet"[^>]* disabled>$/),
      ]);
    }
    const signIn = await (await get('/auth/login', { accept: 'text/html' })).text();
    expect(signIn).toContain('<div id="root"><div class="auth-layout">');
  });

  it('never serves source maps of the built app', async () => {
    expect((await get('/assets/app-1a2b3c.js.map')).status).toBe(404);
    expect((await get('/assets/app-1a2b3c.js.map', { accept: 'text/html' })).status).toBe(404);
    expect((await get('/assets/app-1a2b3c.js')).status).toBe(200);
  });

  it('finding 13: product answers for a signed-in person, and refusals, are never stored by caches', async () => {
    const browser = await factory.signIn(await factory.newPerson());
    const identity = await browser.fetch('/api/backend/v0.1/identity');
    expect(identity.status).toBe(200);
    expect(identity.headers.get('cache-control')).toBe('no-store');
    const anonymous = await get('/api/backend/v0.1/identity', { accept: 'application/json' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
  });

  it('mounts the identity service under /identity, speaking Kratos', async () => {
    const whoami = await get('/identity/sessions/whoami', { accept: 'application/json' });
    expect(whoami.status).toBe(401);
    expect(((await whoami.json()) as { error: { code: number } }).error.code).toBe(401);
  });

  it('publishes the version and the OpenAPI document with its viewer', async () => {
    const meta = (await (await get('/meta/version.json')).json()) as { version: string };
    expect(meta.version).toMatch(/^\d+\.\d+\.\d+/);
    const openapi = (await (await get('/api/backend/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(openapi.paths)).toContain('/v0.1/pools/current');
    expect((await get('/api/docs/')).status).toBe(200);
  });
});

describe('restarts', () => {
  it('keep the data and move the deployment addresses to the new public URL', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pool-data-'));
    const first = await startServer(
      configWith({
        DATA_DIR: dataDir,
        DEMO: 'off',
        PUBLIC_URL: 'http://old.test',
        POOL_STRATUM_URLS: 'stratum+tcp://eu.pool.test:3333',
      }),
      { webRoot: fakeWebRoot() },
    );
    await first.close();
    const second = await startServer(
      configWith({ DATA_DIR: dataDir, DEMO: 'off', PUBLIC_URL: 'http://new.test', POOL_NAME: 'Ignored On Restart' }),
      { webRoot: fakeWebRoot() },
    );
    try {
      const config = PoolConfig.parse(await (await fetch(`${second.listeningOn}/v0.1/pools/current`)).json());
      expect(config.name).toBe('Headframe Pool');
      expect(config.addresses).toEqual([
        { type: 'app', address: 'http://new.test' },
        { type: 'api', address: 'http://new.test/api/backend' },
        { type: 'auth', address: 'http://new.test/identity' },
        { type: 'stratum', address: 'stratum+tcp://eu.pool.test:3333' },
      ]);
    } finally {
      await second.close();
    }
  });

  it('without the demo seed no demo account exists', async () => {
    const database = await openTestDatabase('pglite');
    const server = await startServer(configWith({ DEMO: 'off' }), { database, webRoot: fakeWebRoot() });
    try {
      expect(await database.query('select 1 from app.miners union all select 1 from app.operators')).toEqual([]);
    } finally {
      await server.close();
      await database.close();
    }
  });
});

describe.each(testDatabaseKinds)('without PUBLIC_URL on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  let port: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
    port = new URL(server.listeningOn).port;
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  // fetch() always sends the URL's host, so the Host header is set on a plain HTTP request.
  const addressesAt = async (host: string) => {
    const body = await new Promise<string>((resolve, reject) => {
      const call = request(`${server.listeningOn}/v0.1/pools/current`, { headers: { host } }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve(text));
      });
      call.on('error', reject);
      call.end();
    });
    return PoolConfig.parse(JSON.parse(body)).addresses.filter((entry) => entry.type !== 'stratum');
  };

  it('answers the pool config with addresses on the host the browser used', async () => {
    expect(await addressesAt(`127.0.0.1:${port}`)).toEqual([
      { type: 'app', address: `http://127.0.0.1:${port}` },
      { type: 'api', address: `http://127.0.0.1:${port}/api/backend` },
      { type: 'auth', address: `http://127.0.0.1:${port}/identity` },
    ]);
    expect(await addressesAt(`localhost:${port}`)).toEqual([
      { type: 'app', address: `http://localhost:${port}` },
      { type: 'api', address: `http://localhost:${port}/api/backend` },
      { type: 'auth', address: `http://localhost:${port}/identity` },
    ]);
    // A Host that is no host name falls back to the configured address.
    expect((await addressesAt('bad host/"<x>'))[0]).toEqual({ type: 'app', address: 'http://localhost:0' });
  });

  it('runs identity flows on the host the browser used, and allows return_to there only', async () => {
    const browser = new TestBrowser(server.listeningOn);
    const here = `http://127.0.0.1:${port}`;
    const flow = await browser.json<{ id: string; ui: { action: string }; return_to?: string }>(
      `/identity/self-service/login/browser?return_to=${encodeURIComponent(`${here}/workers`)}`,
    );
    expect(flow.status).toBe(200);
    expect(flow.body.ui.action).toBe(`${here}/identity/self-service/login?flow=${flow.body.id}`);
    expect(flow.body.return_to).toBe(`${here}/workers`);
    const elsewhere = await browser.json('/identity/self-service/login/browser?return_to=http://evil.test/');
    expect(elsewhere.status).toBe(400);
    const person = await (await testFactory(database, server)).newPerson();
    await browser.signIn(person.email, person.password);
    expect((await browser.fetch('/api/backend/v0.1/identity')).status).toBe(200);
  });
});
