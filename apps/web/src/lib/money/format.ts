import { satoshisPerBitcoin } from '@pool/contract/money-codes';
import { numberFormat } from '@/lib/format/formatters.ts';

/** Bitcoin amounts are integer satoshis everywhere (architecture note, "Data"). */
export type Satoshi = number;

const satoshisPerBitcoinBig = BigInt(satoshisPerBitcoin);

/** The locale's decimal separator ("." in en-US, "," in ru-RU). */
function decimalSeparator(locale: string): string {
  return (
    numberFormat(locale)
      .formatToParts(1.5)
      .find((part) => part.type === 'decimal')?.value ?? '.'
  );
}

/**
 * "0.00012345": always eight decimals, computed from the integer, so no satoshi is ever rounded
 * away (a double holds 21 million BTC to 16 digits only; a satoshi count is exact as an integer).
 */
export function formatBtcNumber(amount: Satoshi | bigint, locale: string): string {
  const value = BigInt(amount);
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const whole = numberFormat(locale, { maximumFractionDigits: 0 }).format(magnitude / satoshisPerBitcoinBig);
  const fraction = String(magnitude % satoshisPerBitcoinBig).padStart(8, '0');
  return `${negative ? '−' : ''}${whole}${decimalSeparator(locale)}${fraction}`;
}

/** "0.00012345 BTC". */
export function formatBtc(amount: Satoshi | bigint, locale: string): string {
  return `${formatBtcNumber(amount, locale)} BTC`;
}

/** Fiat currencies a bitcoin amount is shown in: USD (priced by BTC/USDT) and RUB (spec 3, 9). */
export type FiatCurrency = 'USD' | 'RUB';

/**
 * The fiat value of an amount at a price per bitcoin; undefined when the price is unknown, so the
 * screen leaves the figure out rather than showing zero.
 */
export function fiatValue(amount: Satoshi, pricePerBitcoin: number | null | undefined): number | undefined {
  if (pricePerBitcoin === null || pricePerBitcoin === undefined) return undefined;
  if (!Number.isFinite(pricePerBitcoin) || pricePerBitcoin <= 0) return undefined;
  return (amount / satoshisPerBitcoin) * pricePerBitcoin;
}

/** "$1,234.56", "98 765,43 ₽" in the user's locale; undefined when the price is unknown. */
export function formatFiat(
  amount: Satoshi,
  pricePerBitcoin: number | null | undefined,
  currency: FiatCurrency,
  locale: string,
): string | undefined {
  const value = fiatValue(amount, pricePerBitcoin);
  if (value === undefined) return undefined;
  return numberFormat(locale, {
    style: 'currency',
    currency,
    // "₽" rather than "RUB" in every language, as "$" for dollars.
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}

/** A reward rate, satoshis per TH/s per day with up to three decimals: "42.125". */
export function formatSatoshiRate(rate: number, locale: string): string {
  return numberFormat(locale, { maximumFractionDigits: 3 }).format(rate);
}

/** A percent with up to two decimals: "0.9 %" reads "0.9". */
export function formatPercent(percent: number, locale: string): string {
  return numberFormat(locale, { maximumFractionDigits: 2 }).format(percent);
}
