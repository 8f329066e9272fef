import { queryOptions } from '@tanstack/react-query';
import { currencyOfSymbol as currencyOf, type ExchangeSymbol } from '@pool/contract/money-codes';
import { paths } from '@pool/contract/paths';
import type { PoolConfig } from '@pool/contract/pool-config';

/** The price of one bitcoin per currency (spec 3 "Exchange rate"): a positive number, or null when unknown. */
export interface ExchangeRates {
  USDT: number | null;
  RUB: number | null;
}

/** Where rates come from: the served pool config's `exchange_rates`. */
export type ExchangeRateSettings = PoolConfig['exchange_rates'];

/** How long the price service may take before the proxy is asked instead. */
const priceServiceTimeoutMs = 8_000;

/** The symbols a pool shows: BTC/USDT always, BTC/RUB when its extra currencies have RUB (spec 3). */
export function symbolsOf(config: PoolConfig): ExchangeSymbol[] {
  return config.page_settings.extra_currencies.includes('RUB') ? ['BTCUSDT', 'BTCRUB'] : ['BTCUSDT'];
}

/** A price as either source writes it (a number or a numeric string): positive and finite, else null. */
export function validPrice(value: unknown): number | null {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) && number > 0 ? number : null;
}

function field(body: unknown, id: string, currency: string): unknown {
  const coin = (body as Record<string, unknown> | null)?.[id];
  return typeof coin === 'object' && coin !== null ? (coin as Record<string, unknown>)[currency] : undefined;
}

/**
 * Spec 7: the public price service, `?ids=bitcoin[,tether]&vs_currencies=usd[,rub]`. BTC/USDT is
 * bitcoin.usd / tether.usd, BTC/RUB is bitcoin.rub. Throws when the service cannot be read.
 */
export async function fetchFromPriceService(
  url: string,
  symbols: readonly ExchangeSymbol[],
  signal?: AbortSignal,
): Promise<Partial<ExchangeRates>> {
  const ids = ['bitcoin', ...(symbols.includes('BTCUSDT') ? ['tether'] : [])];
  const currencies = ['usd', ...(symbols.includes('BTCRUB') ? ['rub'] : [])];
  const address = new URL(url, globalThis.location?.href);
  address.searchParams.set('ids', ids.join(','));
  address.searchParams.set('vs_currencies', currencies.join(','));
  const timeout = AbortSignal.timeout(priceServiceTimeoutMs);
  const response = await fetch(address, {
    credentials: 'omit',
    headers: { accept: 'application/json' },
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  if (!response.ok) throw new Error(`the price service answered ${response.status}`);
  const body: unknown = await response.json();
  const rates: Partial<ExchangeRates> = {};
  if (symbols.includes('BTCUSDT')) {
    const bitcoin = validPrice(field(body, 'bitcoin', 'usd'));
    const tether = validPrice(field(body, 'tether', 'usd'));
    rates.USDT = bitcoin !== null && tether !== null ? validPrice(bitcoin / tether) : null;
  }
  if (symbols.includes('BTCRUB')) rates.RUB = validPrice(field(body, 'bitcoin', 'rub'));
  return rates;
}

/** Spec 7: the product's own proxy, `GET exchange-rates?symbols=["BTCUSDT","BTCRUB"]` → `[{symbol, price}]`. */
export async function fetchFromProxy(
  symbols: readonly ExchangeSymbol[],
  signal?: AbortSignal,
): Promise<Partial<ExchangeRates>> {
  const query = new URLSearchParams({ symbols: JSON.stringify(symbols) });
  const response = await fetch(`${paths.apiVersion}/exchange-rates?${query.toString()}`, {
    credentials: 'include',
    headers: { accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new Error(`the exchange-rate proxy answered ${response.status}`);
  const body: unknown = await response.json();
  const rates: Partial<ExchangeRates> = {};
  for (const quote of Array.isArray(body) ? (body as unknown[]) : []) {
    const { symbol, price } = (quote ?? {}) as { symbol?: unknown; price?: unknown };
    if (typeof symbol !== 'string' || !symbols.includes(symbol as ExchangeSymbol)) continue;
    rates[currencyOf[symbol as ExchangeSymbol]] = validPrice(price);
  }
  return rates;
}

/**
 * The rates of `symbols`: the price service first; what it could not give (it failed, or its
 * price was not a positive number) comes from the proxy. Never throws: a rate no source gave is
 * null, and the screens leave its fiat figure out.
 */
export async function fetchExchangeRates(
  settings: Pick<ExchangeRateSettings, 'price_service_url'>,
  symbols: readonly ExchangeSymbol[],
  signal?: AbortSignal,
): Promise<ExchangeRates> {
  const rates: ExchangeRates = { USDT: null, RUB: null };
  if (settings.price_service_url) {
    try {
      Object.assign(rates, await fetchFromPriceService(settings.price_service_url, symbols, signal));
    } catch {
      // Spec 8: a failed exchange-rate fetch falls back to the proxy.
    }
  }
  const missing = symbols.filter((symbol) => rates[currencyOf[symbol]] === null);
  if (missing.length === 0) return rates;
  try {
    const fallback = await fetchFromProxy(missing, signal);
    for (const symbol of missing) rates[currencyOf[symbol]] = fallback[currencyOf[symbol]] ?? null;
  } catch {
    // Neither source answered: the rates stay unknown until the next refresh.
  }
  return rates;
}

/** Spec 4: rates refresh at once on start, then every `refresh_ms` of the pool config. */
export const exchangeRatesQuery = (config: PoolConfig) => {
  const settings = config.exchange_rates;
  const symbols = symbolsOf(config);
  return queryOptions({
    queryKey: ['exchange-rates', settings.price_service_url, symbols],
    queryFn: ({ signal }) => fetchExchangeRates(settings, symbols, signal),
    staleTime: settings.refresh_ms,
    refetchInterval: settings.refresh_ms,
    refetchIntervalInBackground: false,
  });
};
