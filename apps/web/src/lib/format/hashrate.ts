import type { HashesPerSecond } from '@pool/contract/mining';
import { numberFormat } from '@/lib/format/formatters.ts';

const units = ['H/s', 'kH/s', 'MH/s', 'GH/s', 'TH/s', 'PH/s', 'EH/s'] as const;
export type HashrateUnit = (typeof units)[number];

/** The unit a hashrate reads best in: the largest with a value of at least 1 (H/s up to EH/s). */
export function hashrateUnit(value: HashesPerSecond): { unit: HashrateUnit; divisor: number } {
  let index = 0;
  while (index < units.length - 1 && Math.abs(value) >= 1000 ** (index + 1)) index += 1;
  return { unit: units[index] ?? 'H/s', divisor: 1000 ** index };
}

/** "123 TH/s", "1.23 PH/s": three significant digits, scaled to its unit, in the user's locale. */
export function formatHashrate(value: HashesPerSecond, locale: string, unit = hashrateUnit(value)): string {
  const scaled = value / unit.divisor;
  const digits = Math.abs(scaled) >= 100 || scaled === 0 ? 0 : Math.abs(scaled) >= 10 ? 1 : 2;
  const number = numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `${number.format(scaled)} ${unit.unit}`;
}

/**
 * How certain a measured hashrate is: shares arrive at random, so its relative standard error is
 * 1/√n. Returns "±10 %" for 100 shares, or undefined without shares.
 */
export function formatUncertainty(relativeError: number | null, locale: string): string | undefined {
  if (relativeError === null || !Number.isFinite(relativeError)) return undefined;
  const percent = numberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: relativeError < 0.1 ? 1 : 0,
  });
  return `±${percent.format(relativeError)}`;
}
