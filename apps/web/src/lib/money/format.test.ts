import { describe, expect, it } from 'vitest';
import { fiatValue, formatBtc, formatFiat, formatSatoshiRate } from './format.ts';

describe('money formatting (spec 9: BTC with 8 decimals from integer satoshis)', () => {
  it('keeps every satoshi, up to all 21 million bitcoin', () => {
    expect(formatBtc(1, 'en-US')).toBe('0.00000001 BTC');
    expect(formatBtc(123_456_789, 'en-US')).toBe('1.23456789 BTC');
    expect(formatBtc(0, 'en-US')).toBe('0.00000000 BTC');
    // 2.1e15 + 1 sat: a double divided by 1e8 would print …00000000 or …00000002.
    expect(formatBtc(2_099_999_999_999_999, 'en-US')).toBe('20,999,999.99999999 BTC');
    expect(formatBtc(2_100_000_000_000_001n, 'en-US')).toBe('21,000,000.00000001 BTC');
    expect(formatBtc(-150_000_000, 'en-US')).toBe('−1.50000000 BTC');
  });

  it('writes the decimals and groups in the user locale', () => {
    expect(formatBtc(123_456_789_012, 'ru-RU')).toBe('1\u00a0234,56789012 BTC');
    expect(formatBtc(123_456_789_012, 'zh-CN')).toBe('1,234.56789012 BTC');
  });

  it('converts to fiat at a price per bitcoin, and has no value when the price is unknown', () => {
    expect(fiatValue(50_000_000, 60_000)).toBe(30_000);
    expect(formatFiat(12_345_678, 91_000.5, 'USD', 'en-US')).toBe('$11,234.63');
    expect(formatFiat(100_000_000, 8_500_000, 'RUB', 'ru-RU')).toBe('8\u00a0500\u00a0000,00\u00a0₽');
    expect(formatFiat(100_000_000, null, 'USD', 'en-US')).toBeUndefined();
    expect(formatFiat(100_000_000, undefined, 'USD', 'en-US')).toBeUndefined();
    expect(formatFiat(100_000_000, 0, 'USD', 'en-US')).toBeUndefined();
    expect(formatFiat(100_000_000, Number.NaN, 'USD', 'en-US')).toBeUndefined();
  });

  it('shows a reward rate with up to three decimals', () => {
    expect(formatSatoshiRate(42.125, 'en-US')).toBe('42.125');
    expect(formatSatoshiRate(50, 'en-US')).toBe('50');
  });
});
