import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchExchangeRates, validPrice } from './exchange-rates.ts';

const priceService = 'https://prices.example/api/v3/simple/price';

interface Call {
  url: URL;
  credentials: RequestCredentials | undefined;
}

/**
 * Both upstreams as their documented formats write them: the price service's
 * `{bitcoin: {usd, rub}, tether: {usd}}` for its `ids`/`vs_currencies`, and the proxy's
 * `[{symbol, price}]` for its `symbols` JSON list. Each answer is a function of the request.
 */
function serve({
  prices,
  proxy,
}: {
  prices?: (ids: string[], currencies: string[]) => Response;
  proxy?: (symbols: string[]) => Response;
}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init?: RequestInit) => {
      const url = new URL(input, window.location.origin);
      calls.push({ url, credentials: init?.credentials });
      if (url.href.startsWith(priceService)) {
        if (!prices) throw new TypeError('Failed to fetch');
        return prices(
          (url.searchParams.get('ids') ?? '').split(','),
          (url.searchParams.get('vs_currencies') ?? '').split(','),
        );
      }
      if (url.pathname === '/api/backend/v0.1/exchange-rates') {
        if (!proxy) return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 503 });
        return proxy(JSON.parse(url.searchParams.get('symbols') ?? '[]') as string[]);
      }
      throw new TypeError('Failed to fetch');
    }),
  );
  return {
    priceCalls: () => calls.filter((call) => call.url.href.startsWith(priceService)),
    proxyCalls: () => calls.filter((call) => call.url.pathname === '/api/backend/v0.1/exchange-rates'),
  };
}

/** A price service whose figures are a function of what was asked, as CoinGecko's simple/price answers. */
const market =
  (table: Record<string, Record<string, unknown>>) =>
  (ids: string[], currencies: string[]): Response =>
    Response.json(
      Object.fromEntries(
        ids.map((id) => [
          id,
          Object.fromEntries(
            currencies.filter((currency) => currency in (table[id] ?? {})).map((c) => [c, table[id]?.[c]]),
          ),
        ]),
      ),
    );

const quotes = (prices: Record<string, string | null>) => (symbols: string[]) =>
  Response.json(symbols.map((symbol) => ({ symbol, price: prices[symbol] ?? null })));

describe('exchange rates (spec 7): the price service first, the proxy on failure', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks the price service for bitcoin and tether in usd and rub: BTC/USDT is bitcoin.usd / tether.usd, BTC/RUB is bitcoin.rub', async () => {
    const server = serve({
      prices: market({ bitcoin: { usd: 91_000, rub: 7_280_000 }, tether: { usd: 0.9995 } }),
      proxy: quotes({ BTCUSDT: '1', BTCRUB: '1' }),
    });
    const rates = await fetchExchangeRates({ price_service_url: priceService }, ['BTCUSDT', 'BTCRUB']);
    expect(rates).toEqual({ USDT: 91_000 / 0.9995, RUB: 7_280_000 });
    const [call] = server.priceCalls();
    expect(call?.url.searchParams.get('ids')).toBe('bitcoin,tether');
    expect(call?.url.searchParams.get('vs_currencies')).toBe('usd,rub');
    // A third-party origin gets no cookie of ours.
    expect(call?.credentials).toBe('omit');
    expect(server.proxyCalls()).toHaveLength(0);
  });

  it('asks for usd alone when the pool shows no roubles', async () => {
    const server = serve({ prices: market({ bitcoin: { usd: 90_000, rub: 1 }, tether: { usd: 1 } }) });
    expect(await fetchExchangeRates({ price_service_url: priceService }, ['BTCUSDT'])).toEqual({
      USDT: 90_000,
      RUB: null,
    });
    expect(server.priceCalls()[0]?.url.searchParams.get('vs_currencies')).toBe('usd');
  });

  it.each([
    ['an error status', () => new Response('busy', { status: 429 })],
    ['a body that is not JSON', () => new Response('<html>', { status: 200 })],
  ])('falls back to the proxy when the price service answers %s', async (_case, answer) => {
    const server = serve({ prices: answer, proxy: quotes({ BTCUSDT: '90123.45', BTCRUB: '7300000.5' }) });
    const rates = await fetchExchangeRates({ price_service_url: priceService }, ['BTCUSDT', 'BTCRUB']);
    expect(rates).toEqual({ USDT: 90_123.45, RUB: 7_300_000.5 });
    expect(server.proxyCalls()[0]?.url.searchParams.get('symbols')).toBe('["BTCUSDT","BTCRUB"]');
  });

  it('falls back to the proxy when the price service cannot be reached', async () => {
    serve({ proxy: quotes({ BTCUSDT: '90000' }) });
    expect(await fetchExchangeRates({ price_service_url: priceService }, ['BTCUSDT'])).toEqual({
      USDT: 90_000,
      RUB: null,
    });
  });

  it('asks the proxy only for what the price service priced badly', async () => {
    const server = serve({
      prices: market({ bitcoin: { usd: 90_000, rub: -5 }, tether: { usd: 1 } }),
      proxy: quotes({ BTCUSDT: '1', BTCRUB: '7200000' }),
    });
    expect(await fetchExchangeRates({ price_service_url: priceService }, ['BTCUSDT', 'BTCRUB'])).toEqual({
      USDT: 90_000,
      RUB: 7_200_000,
    });
    expect(server.proxyCalls()[0]?.url.searchParams.get('symbols')).toBe('["BTCRUB"]');
  });

  it('uses the proxy alone when the pool turned the price service off', async () => {
    const server = serve({ prices: market({ bitcoin: { usd: 1 } }), proxy: quotes({ BTCUSDT: '88000' }) });
    expect(await fetchExchangeRates({ price_service_url: null }, ['BTCUSDT'])).toEqual({ USDT: 88_000, RUB: null });
    expect(server.priceCalls()).toHaveLength(0);
  });

  it('makes invalid or non-positive prices null, from either source', async () => {
    serve({
      prices: market({ bitcoin: { usd: 0, rub: 'lots' }, tether: { usd: 1 } }),
      proxy: quotes({ BTCUSDT: '-1', BTCRUB: 'NaN' }),
    });
    expect(await fetchExchangeRates({ price_service_url: priceService }, ['BTCUSDT', 'BTCRUB'])).toEqual({
      USDT: null,
      RUB: null,
    });
  });

  it('a tether price of zero gives no BTC/USDT rather than infinity', async () => {
    serve({ prices: market({ bitcoin: { usd: 90_000 }, tether: { usd: 0 } }) });
    expect((await fetchExchangeRates({ price_service_url: priceService }, ['BTCUSDT'])).USDT).toBeNull();
  });

  it('leaves every rate unknown, never zero, when no source answers', async () => {
    serve({});
    expect(await fetchExchangeRates({ price_service_url: priceService }, ['BTCUSDT', 'BTCRUB'])).toEqual({
      USDT: null,
      RUB: null,
    });
  });

  it('reads prices as numbers or numeric strings only', () => {
    expect(validPrice('91000.5')).toBe(91_000.5);
    expect(validPrice(91_000)).toBe(91_000);
    for (const bad of [0, -1, '0', '', ' ', 'abc', null, undefined, Number.POSITIVE_INFINITY, {}, []]) {
      expect(validPrice(bad)).toBeNull();
    }
  });
});
