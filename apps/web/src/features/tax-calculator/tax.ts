import { individualTaxBrackets, satoshisPerBitcoin } from '@pool/contract/money-codes';
import { numberFormat } from '@/lib/format/formatters.ts';

/** Amounts in roubles travel here as integer kopecks (BigInt), so no kopeck is lost to a double. */
export type Kopecks = bigint;

const kopecksPerRouble = 100n;

/** One bracket of the progressive scale: its edges, rate, the part of income inside it and its tax. */
export interface BracketTax {
  /** Lower edge, kopecks (exclusive, 0 for the first bracket). */
  from: Kopecks;
  /** Upper edge, kopecks (inclusive); null above the last edge. */
  upTo: Kopecks | null;
  percent: number;
  /** The part of the income inside this bracket. */
  taxable: Kopecks;
  tax: Kopecks;
}

export interface TaxEstimate {
  income: Kopecks;
  /** The brackets the scale has; a flat rate is one bracket with no upper edge. */
  brackets: BracketTax[];
  /** The sum of the brackets' taxes, so the figures on screen add up to the total. */
  tax: Kopecks;
}

/**
 * `percent` of `amount`, rounded to the nearest kopeck (half a kopeck up). Percents have at most
 * two decimals (a pool may set 20.5 %), so the arithmetic is in basis points, exact in BigInt.
 */
export function percentOf(amount: Kopecks, percent: number): Kopecks {
  const basisPoints = BigInt(Math.round(percent * 100));
  return (amount * basisPoints * 2n + 10_000n) / 20_000n;
}

/**
 * Spec 9: individuals pay 13/15/18/20/22 %, each rate on the part of the income inside its
 * bracket. Each bracket's tax is rounded to the kopeck; the total is their sum.
 */
export function individualTax(income: Kopecks): TaxEstimate {
  const positive = income > 0n ? income : 0n;
  let from = 0n;
  const brackets: BracketTax[] = individualTaxBrackets.map(({ upTo, percent }) => {
    const edge = upTo === null ? null : BigInt(upTo) * kopecksPerRouble;
    const top = edge === null || positive < edge ? positive : edge;
    const taxable = top > from ? top - from : 0n;
    const bracket = { from, upTo: edge, percent, taxable, tax: percentOf(taxable, percent) };
    from = edge ?? from;
    return bracket;
  });
  return { income: positive, brackets, tax: brackets.reduce((sum, bracket) => sum + bracket.tax, 0n) };
}

/** Legal entities pay one flat rate on the whole income (the pool's `legal_entity_tax_percent`). */
export function legalEntityTax(income: Kopecks, percent: number): TaxEstimate {
  const positive = income > 0n ? income : 0n;
  const tax = percentOf(positive, percent);
  return { income: positive, brackets: [{ from: 0n, upTo: null, percent, taxable: positive, tax }], tax };
}

/**
 * Roubles as a person types them: "1 234 567,89", "1234567.89", "200000". At most two decimals;
 * null for anything else (letters, a negative, three decimals, two separators).
 */
export function parseRoubles(text: string): Kopecks | null {
  const compact = text.replace(/[\s\u00a0\u202f_']/g, '');
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole) * kopecksPerRouble + BigInt(fraction.padEnd(2, '0'));
}

/**
 * The rouble value of an amount of satoshis at a price per bitcoin, to the nearest kopeck: the
 * price is first taken to whole kopecks, then the product is exact in BigInt.
 */
export function kopecksOfSatoshis(satoshis: number | bigint, roublesPerBitcoin: number): Kopecks {
  const price = BigInt(Math.round(roublesPerBitcoin * 100));
  const amount = BigInt(satoshis);
  const perBitcoin = BigInt(satoshisPerBitcoin);
  return (amount * price * 2n + perBitcoin) / (2n * perBitcoin);
}

/** "1 234 567,89 ₽" in the user's locale, from the exact kopecks (formatted as a decimal string). */
export function formatRoubles(kopecks: Kopecks, locale: string): string {
  const negative = kopecks < 0n;
  const magnitude = negative ? -kopecks : kopecks;
  const decimal = `${negative ? '-' : ''}${magnitude / kopecksPerRouble}.${String(magnitude % kopecksPerRouble).padStart(2, '0')}`;
  const format = numberFormat(locale, {
    style: 'currency',
    currency: 'RUB',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }) as Intl.NumberFormat & { format(value: string): string };
  return format.format(decimal);
}
