import type { Database } from '@pool/db/database';
import { exchangeSymbols, type ExchangeSymbol } from '@pool/contract/money-codes';

/**
 * The server's exchange-rate proxy (spec 7): it asks a configured upstream that speaks Binance's
 * ticker format (`?symbols=["BTCUSDT","BTCRUB"]` -> `[{ "symbol", "price" }]`) at once and then every
 * EXCHANGE_RATES_REFRESH_MS, keeps the latest prices in memory for `GET exchange-rates`, and stores
 * each sample so the mining report can average a month's rates. A price that is missing, not a
 * number, or not positive is null: fiat figures are absent then, never zero.
 */

export type Quotes = Record<ExchangeSymbol, string | null>;

const noQuotes = (): Quotes => Object.fromEntries(exchangeSymbols.map((symbol) => [symbol, null])) as Quotes;

/** A positive decimal price as the upstream wrote it, normalised; null otherwise. */
export function validPrice(value: unknown): string | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const number = Number(text);
  return Number.isFinite(number) && number > 0 ? text : null;
}

/** Reads the upstream's answer: every known symbol with a valid price; anything else is ignored. */
export function quotesOf(body: unknown): Quotes {
  const quotes = noQuotes();
  if (!Array.isArray(body)) return quotes;
  for (const entry of body as unknown[]) {
    if (!entry || typeof entry !== 'object') continue;
    const { symbol, price } = entry as { symbol?: unknown; price?: unknown };
    if (typeof symbol === 'string' && (exchangeSymbols as readonly string[]).includes(symbol)) {
      quotes[symbol as ExchangeSymbol] = validPrice(price);
    }
  }
  return quotes;
}

export interface ExchangeRateProxyOptions {
  /** The upstream; null runs no refresh (every price stays null). */
  url: string | null;
  refreshMs: number;
  database?: Database;
  /** Whether this process stores the samples (a cluster's writer only, so each is stored once). */
  stores?: () => boolean;
  timeoutMs?: number;
  clock?: () => number;
  onError?: (error: unknown) => void;
}

export function exchangeRateProxy(options: ExchangeRateProxyOptions) {
  const clock = options.clock ?? Date.now;
  const timeoutMs = options.timeoutMs ?? Math.min(10_000, options.refreshMs);
  let quotes = noQuotes();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  /** Stopping aborts a request in flight instead of waiting for its timeout. */
  const stopping = new AbortController();

  async function store(fetched: Quotes, at: number): Promise<void> {
    if (!options.database || options.stores?.() === false) return;
    const entries = Object.entries(fetched).filter((entry): entry is [ExchangeSymbol, string] => entry[1] !== null);
    if (entries.length === 0) return;
    await options.database.query(
      `insert into app.exchange_rate_samples (symbol, price, fetched_at)
       select symbol, price::numeric, $3::timestamptz from unnest($1::text[], $2::text[]) as t(symbol, price)
       on conflict do nothing`,
      [entries.map(([symbol]) => symbol), entries.map(([, price]) => price), new Date(at).toISOString()],
    );
  }

  /** One refresh: the upstream's prices replace the kept ones; an upstream that fails leaves them all null. */
  async function refresh(): Promise<Quotes> {
    if (!options.url) return quotes;
    const url = new URL(options.url);
    url.searchParams.set('symbols', JSON.stringify(exchangeSymbols));
    try {
      const response = await fetch(url, {
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), stopping.signal]),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`the exchange-rate upstream answered ${response.status}`);
      const fetched = quotesOf(await response.json());
      quotes = fetched;
      await store(fetched, clock());
    } catch (error) {
      // A stale price shown as current would be wrong money: without an answer, fiat is absent.
      quotes = noQuotes();
      if (!stopping.signal.aborted) options.onError?.(error);
    }
    return quotes;
  }

  return {
    refresh,
    /** The latest prices of the symbols asked for, in the order asked. */
    quotes(symbols: readonly ExchangeSymbol[]): { symbol: ExchangeSymbol; price: string | null }[] {
      return symbols.map((symbol) => ({ symbol, price: quotes[symbol] }));
    },
    /** Refreshes at once, then every refreshMs; answers once the first refresh is done. */
    async start(): Promise<void> {
      if (!options.url || timer) return;
      running = refresh().then(() => undefined);
      await running;
      timer = setInterval(() => {
        running = refresh().then(() => undefined);
      }, options.refreshMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      stopping.abort();
      await running;
    },
  };
}

export type ExchangeRateProxy = ReturnType<typeof exchangeRateProxy>;
