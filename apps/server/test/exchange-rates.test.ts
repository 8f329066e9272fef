import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { testDatabaseKinds } from '@pool/db/testing';
import { exchangeRateProxy, quotesOf, validPrice } from '../src/modules/exchange-rates/exchange-rates.ts';
import { bitcoinCoreSource, hashpriceOf, mempoolSource } from '../src/modules/money/rates/network-source.ts';
import { migratedTestDatabase } from './support/factory.ts';

/** A local HTTP server whose answers each test sets; it records what it was asked. */
async function localServer(handle: (request: IncomingMessage, body: string, response: ServerResponse) => void) {
  const asked: { url: string; body: string; authorization: string | undefined }[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      asked.push({ url: request.url ?? '', body, authorization: request.headers.authorization });
      handle(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const json = (response: ServerResponse, body: unknown, status = 200) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

/** A port nobody listens on: a server started and closed again. */
async function downUrl(): Promise<string> {
  const server = await localServer(() => {});
  await server.close();
  return server.url;
}

describe('exchange-rate prices', () => {
  it('keeps positive decimal prices and makes every other one null', () => {
    expect(validPrice('91234.56000000')).toBe('91234.56000000');
    expect(validPrice(91234.5)).toBe('91234.5');
    for (const bad of ['0', '0.00', '-5', 'abc', '', '1e5', 'NaN', 'Infinity', null, undefined, {}, -1, 0]) {
      expect(validPrice(bad)).toBeNull();
    }
  });

  it('reads the Binance ticker list, ignoring unknown symbols and malformed entries', () => {
    expect(
      quotesOf([
        { symbol: 'BTCUSDT', price: '91000.10' },
        { symbol: 'ETHUSDT', price: '3000' },
        { symbol: 'BTCRUB', price: '-1' },
        null,
        'x',
      ]),
    ).toEqual({ BTCUSDT: '91000.10', BTCRUB: null });
    expect(quotesOf({ code: -1121, msg: 'Invalid symbol.' })).toEqual({ BTCUSDT: null, BTCRUB: null });
  });
});

describe.each(testDatabaseKinds)('exchange-rate proxy against a local upstream on %s', (kind) => {
  let database: Database;
  let answer: (response: ServerResponse) => void = (response) => json(response, []);
  let upstream: Awaited<ReturnType<typeof localServer>>;

  beforeAll(async () => {
    database = await migratedTestDatabase(kind);
    upstream = await localServer((_request, _body, response) => answer(response));
  });
  afterAll(async () => {
    await upstream.close();
    await database.close();
  });
  afterEach(() => {
    upstream.asked.length = 0;
  });

  it('asks for both symbols in the Binance format, answers the prices and stores each sample', async () => {
    answer = (response) =>
      json(response, [
        { symbol: 'BTCUSDT', price: '91000.00000000' },
        { symbol: 'BTCRUB', price: '7300000.00' },
      ]);
    let now = Date.parse('2026-11-20T10:00:00Z');
    const proxy = exchangeRateProxy({
      url: `${upstream.url}/api/v3/ticker/price`,
      refreshMs: 60_000,
      database,
      clock: () => now,
    });
    await proxy.refresh();
    expect(upstream.asked).toHaveLength(1);
    const asked = new URL(upstream.asked[0]?.url ?? '', upstream.url);
    expect(asked.pathname).toBe('/api/v3/ticker/price');
    expect(asked.searchParams.get('symbols')).toBe('["BTCUSDT","BTCRUB"]');
    expect(proxy.quotes(['BTCRUB', 'BTCUSDT'])).toEqual([
      { symbol: 'BTCRUB', price: '7300000.00' },
      { symbol: 'BTCUSDT', price: '91000.00000000' },
    ]);
    answer = (response) =>
      json(response, [
        { symbol: 'BTCUSDT', price: '93000' },
        { symbol: 'BTCRUB', price: '0' },
      ]);
    now += 300_000;
    await proxy.refresh();
    expect(proxy.quotes(['BTCUSDT', 'BTCRUB'])).toEqual([
      { symbol: 'BTCUSDT', price: '93000' },
      { symbol: 'BTCRUB', price: null },
    ]);
    // The table is what this checks: every valid price the proxy saw, with when; the zero was not kept.
    const samples = await database.query<{ symbol: string; price: string; fetched_at: Date | string }>(
      'select symbol, price::text as price, fetched_at from app.exchange_rate_samples order by fetched_at, symbol',
    );
    expect(samples.map((row) => [row.symbol, Number(row.price), new Date(row.fetched_at).toISOString()])).toEqual([
      ['BTCRUB', 7_300_000, '2026-11-20T10:00:00.000Z'],
      ['BTCUSDT', 91_000, '2026-11-20T10:00:00.000Z'],
      ['BTCUSDT', 93_000, '2026-11-20T10:05:00.000Z'],
    ]);
  });

  it('answers null prices, never zero or stale ones, when the upstream answers garbage or an error', async () => {
    const proxy = exchangeRateProxy({ url: upstream.url, refreshMs: 60_000 });
    answer = (response) => json(response, [{ symbol: 'BTCUSDT', price: '90000' }]);
    await proxy.refresh();
    expect(proxy.quotes(['BTCUSDT'])).toEqual([{ symbol: 'BTCUSDT', price: '90000' }]);
    answer = (response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>maintenance</html>');
    };
    const errors: unknown[] = [];
    const failing = exchangeRateProxy({ url: upstream.url, refreshMs: 60_000, onError: (error) => errors.push(error) });
    await failing.refresh();
    expect(failing.quotes(['BTCUSDT', 'BTCRUB'])).toEqual([
      { symbol: 'BTCUSDT', price: null },
      { symbol: 'BTCRUB', price: null },
    ]);
    expect(errors).toHaveLength(1);
    answer = (response) => json(response, { code: -1003, msg: 'Too many requests' }, 429);
    await proxy.refresh();
    expect(proxy.quotes(['BTCUSDT'])).toEqual([{ symbol: 'BTCUSDT', price: null }]);
  });

  it('answers null prices when the upstream is down', async () => {
    const errors: unknown[] = [];
    const proxy = exchangeRateProxy({
      url: await downUrl(),
      refreshMs: 60_000,
      onError: (error) => errors.push(error),
    });
    await proxy.start();
    await proxy.stop();
    expect(proxy.quotes(['BTCUSDT', 'BTCRUB'])).toEqual([
      { symbol: 'BTCUSDT', price: null },
      { symbol: 'BTCRUB', price: null },
    ]);
    expect(errors).toHaveLength(1);
  });

  it('refreshes at once on start', async () => {
    answer = (response) => json(response, [{ symbol: 'BTCRUB', price: '7000000' }]);
    const proxy = exchangeRateProxy({ url: upstream.url, refreshMs: 3_600_000 });
    await proxy.start();
    await proxy.stop();
    expect(upstream.asked).toHaveLength(1);
    expect(proxy.quotes(['BTCRUB'])).toEqual([{ symbol: 'BTCRUB', price: '7000000' }]);
  });
});

describe('network reward rate', () => {
  it('is hashprice: 1e12 × 86400 × block reward / (difficulty × 2^32), in sat per TH/s per day', () => {
    // 1e12 × 86400 × 325,000,000 / (1e14 × 4,294,967,296) = 65.3788447…
    expect(hashpriceOf(1e14, 325_000_000)).toBe(65.379);
    expect(() => hashpriceOf(0, 1)).toThrow();
  });

  it('reads a Bitcoin Core node over JSON-RPC with the credentials of its URL', async () => {
    const node = await localServer((_request, body, response) => {
      const call = JSON.parse(body) as { id: string; method: string; params: unknown[] };
      if (call.method === 'getblockchaininfo') {
        return json(response, {
          result: { chain: 'main', blocks: 925_000, difficulty: 102289407543323.8 },
          error: null,
          id: call.id,
        });
      }
      if (call.method === 'getblockstats') {
        return json(response, {
          result: { height: call.params[0], subsidy: 312_500_000, totalfee: 8_745_123 },
          error: null,
          id: call.id,
        });
      }
      json(response, { result: null, error: { code: -32601, message: 'Method not found' }, id: call.id }, 404);
    });
    try {
      const url = new URL(node.url);
      url.username = 'pool';
      url.password = 's3cret:pw';
      const source = bitcoinCoreSource(url.toString());
      expect(source.origin).toBe(node.url);
      // 1e12 × 86400 × (312,500,000 + 8,745,123) / (102289407543323.8 × 2^32) = 63.1771108…
      expect(await source.read()).toEqual({
        rate: 63.177,
        difficulty: 102289407543323.8,
        blockReward: 321_245_123,
        height: 925_000,
      });
      const calls = node.asked.map((entry) => JSON.parse(entry.body) as { method: string; params: unknown[] });
      expect(calls.map((call) => [call.method, call.params])).toEqual([
        ['getblockchaininfo', []],
        ['getblockstats', [925_000, ['height', 'subsidy', 'totalfee']]],
      ]);
      expect(node.asked[0]?.authorization).toBe(`Basic ${Buffer.from('pool:s3cret:pw').toString('base64')}`);
    } finally {
      await node.close();
    }
  });

  it('reads a mempool.space-compatible API: the tip height, then that block', async () => {
    const mempool = await localServer((request, _body, response) => {
      if (request.url === '/api/blocks/tip/height') {
        response.writeHead(200, { 'content-type': 'text/plain' });
        return response.end('925000');
      }
      if (request.url === '/api/v1/blocks/925000') {
        return json(response, [
          { id: 'a', height: 925_000, difficulty: 1e14, extras: { reward: 325_000_000 } },
          { id: 'b', height: 924_999, difficulty: 1e14, extras: { reward: 999_000_000 } },
        ]);
      }
      response.writeHead(404).end();
    });
    try {
      expect(await mempoolSource(mempool.url).read()).toEqual({
        rate: 65.379,
        difficulty: 1e14,
        blockReward: 325_000_000,
        height: 925_000,
      });
    } finally {
      await mempool.close();
    }
  });

  it('fails with a reason when the source answers garbage, an error or nothing', async () => {
    const garbage = await localServer((_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('not a height');
    });
    try {
      await expect(mempoolSource(garbage.url).read()).rejects.toThrow('tip height is not a positive number');
      await expect(bitcoinCoreSource(garbage.url).read()).rejects.toThrow();
    } finally {
      await garbage.close();
    }
    await expect(mempoolSource(await downUrl()).read()).rejects.toThrow();
  });
});
