import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import { applyMigrations, type Database } from '@pool/db/database';
import { PoolConfig } from '@pool/contract/pool-config';
import type { ExternalRateSources } from '@pool/contract/money';
import type { z } from 'zod';
import { schema } from '../src/db/schema.ts';
import { loadConfig } from '../src/config/env.ts';
import { poolConfigRepository } from '../src/modules/pool-config/repository.ts';
import { appMigrations } from '../src/server.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { testFactory } from './support/factory.ts';

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

describe('exchange-rate settings in the environment', () => {
  it('default to the public price service, 5 minutes, and the Binance ticker upstream', () => {
    const result = loadConfig({ DEMO: 'off' });
    if (!result.ok) throw new Error(result.problems.join('; '));
    expect(result.config.PRICE_SERVICE_URL).toBe('https://api.coingecko.com/api/v3/simple/price');
    expect(result.config.EXCHANGE_RATES_REFRESH_MS).toBe(300_000);
    expect(result.config.EXCHANGE_RATES_URL).toBe('https://api.binance.com/api/v3/ticker/price');
  });

  it('turn the price service and the upstream off with `off`', () => {
    const result = loadConfig({ DEMO: 'off', PRICE_SERVICE_URL: 'off', EXCHANGE_RATES_URL: 'OFF' });
    if (!result.ok) throw new Error(result.problems.join('; '));
    expect(result.config.PRICE_SERVICE_URL).toBeNull();
    expect(result.config.EXCHANGE_RATES_URL).toBeNull();
  });

  it('refuse an interval out of range, a non-number and an address that is no http URL', () => {
    for (const [name, value, message] of [
      [
        'EXCHANGE_RATES_REFRESH_MS',
        '999',
        'EXCHANGE_RATES_REFRESH_MS: must be at least 10000 (10 seconds) (got "999")',
      ],
      [
        'EXCHANGE_RATES_REFRESH_MS',
        '5 minutes',
        'EXCHANGE_RATES_REFRESH_MS: must be a number of milliseconds (got "5 minutes")',
      ],
      [
        'EXCHANGE_RATES_REFRESH_MS',
        '90000000',
        'EXCHANGE_RATES_REFRESH_MS: must be at most 86400000 (a day) (got "90000000")',
      ],
      [
        'PRICE_SERVICE_URL',
        'ftp://prices.example',
        'PRICE_SERVICE_URL: must be an http:// or https:// URL, or off (got "ftp://prices.example")',
      ],
      ['MEMPOOL_API_URL', 'mempool', 'MEMPOOL_API_URL: must be an http:// or https:// URL (got "mempool")'],
    ] as const) {
      expect(loadConfig({ DEMO: 'off', [name]: value })).toEqual({ ok: false, problems: [message] });
    }
  });
});

describe.each(testDatabaseKinds)('pool config money settings on %s', (kind) => {
  let database: Database;
  let server: TestServer;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await applyMigrations(database, appMigrations);
    // A pool stored before fees and the tax calculator's flat rate existed: its settings lack both.
    await poolConfigRepository(database.orm(schema)).insertCurrent({
      name: 'Old pool',
      addresses: [],
      settings: { default_language: 'en', available_languages: ['en'] },
      pageSettings: { tax_calculator: true, mining_report: true, extra_currencies: [], app_theme: 'default' },
    });
    server = await startTestServer(database, {
      PRICE_SERVICE_URL: 'https://prices.example.com:8443/api/v3/simple/price',
      EXCHANGE_RATES_REFRESH_MS: '60000',
    });
  });

  afterAll(async () => {
    await server.close();
    await database.close();
  });

  it('loads a stored pool without the new settings: no default fee (none was charged), 25 % for legal entities', async () => {
    const response = await fetch(`${server.listeningOn}/v0.1/pools/current`);
    expect(response.status).toBe(200);
    const config = PoolConfig.parse(await response.json());
    expect(config.settings.default_fee_percent).toBe(0);
    expect(config.page_settings.legal_entity_tax_percent).toBe(25);
    expect(config.exchange_rates).toEqual({
      price_service_url: 'https://prices.example.com:8443/api/v3/simple/price',
      refresh_ms: 60_000,
    });
  });

  it('lets the browser connect to its own origin and the price service origin, nothing more', async () => {
    const response = await fetch(`${server.listeningOn}/v0.1/pools/current`);
    expect(cspOf(response).get('connect-src')).toEqual(["'self'", 'https://prices.example.com:8443']);
    expect(cspOf(response).get('default-src')).toEqual(["'self'"]);
  });
});

describe.each(testDatabaseKinds)('price service turned off on %s', (kind) => {
  let database: Database;
  let server: TestServer;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database, { PRICE_SERVICE_URL: 'off' });
  });

  afterAll(async () => {
    await server.close();
    await database.close();
  });

  it('serves no price service, and the Content Security Policy allows only the own origin', async () => {
    const response = await fetch(`${server.listeningOn}/v0.1/pools/current`);
    const config = PoolConfig.parse(await response.json());
    expect(config.exchange_rates).toEqual({ price_service_url: null, refresh_ms: 300_000 });
    expect(config.settings.default_fee_percent).toBe(0.9);
    expect(cspOf(response).get('connect-src')).toEqual(["'self'"]);
  });
});

describe.each(testDatabaseKinds)('network reward rate from a configured mempool API on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  let mempool: Server;
  let mempoolUrl = '';

  beforeAll(async () => {
    mempool = createServer((request, response) => {
      if (request.url === '/api/blocks/tip/height') return response.end('925001');
      if (request.url === '/api/v1/blocks/925001') {
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end(JSON.stringify([{ height: 925_001, difficulty: 1e14, extras: { reward: 325_000_000 } }]));
      }
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => mempool.listen(0, '127.0.0.1', resolve));
    const address = mempool.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    mempoolUrl = `http://127.0.0.1:${address.port}`;
    database = await openTestDatabase(kind);
    server = await startTestServer(database, { MEMPOOL_API_URL: mempoolUrl });
  });

  afterAll(async () => {
    await server.close();
    await database.close();
    await new Promise((resolve) => mempool.close(resolve));
  });

  it('shows the platform the network hashprice next to the manual rate', async () => {
    const factory = await testFactory(database, server);
    const admin = await factory.newPerson();
    await factory.grant(admin, factory.platform, 'viewer');
    const browser = await factory.signIn(admin);
    const sources = await browser.json<z.infer<typeof ExternalRateSources>>(
      '/api/backend/v0.1/platform/rewards/rates/external-sources',
    );
    expect(sources.status).toBe(200);
    // 1e12 × 86400 × 325,000,000 / (1e14 × 2^32) = 65.379 sat per TH/s per day.
    expect(sources.body.items).toEqual([
      { source: 'manual', origin: 'manual', rate: null, fetched_at: null, detail: null, error: null },
      {
        source: 'network',
        origin: mempoolUrl,
        rate: 65.379,
        fetched_at: expect.any(String) as string,
        detail: { difficulty: 1e14, block_reward: 325_000_000, height: 925_001 },
        error: null,
      },
    ]);
  });
});
