import { describe, expect, it } from 'vitest';
import { parseBtc } from './parse-btc.ts';

describe('parseBtc', () => {
  it('turns typed BTC into whole satoshis digit by digit, with no float rounding', () => {
    expect(parseBtc('0.29')).toEqual({ satoshis: 29_000_000 });
    expect(parseBtc('0,00000001')).toEqual({ satoshis: 1 });
    expect(parseBtc(' 1.1 ')).toEqual({ satoshis: 110_000_000 });
    expect(parseBtc('.5')).toEqual({ satoshis: 50_000_000 });
    expect(parseBtc('3.')).toEqual({ satoshis: 300_000_000 });
    expect(parseBtc('0')).toEqual({ satoshis: 0 });
    expect(parseBtc('20999999.99999999')).toEqual({ satoshis: 2_099_999_999_999_999 });
    expect(parseBtc('21000000')).toEqual({ satoshis: 2_100_000_000_000_000 });
  });

  it('refuses what is not an amount in BTC', () => {
    expect(parseBtc('')).toEqual({ error: 'validation.required' });
    expect(parseBtc('1e-3')).toEqual({ error: 'validation.decimal' });
    expect(parseBtc('-1')).toEqual({ error: 'validation.decimal' });
    expect(parseBtc('1.2.3')).toEqual({ error: 'validation.decimal' });
    expect(parseBtc('0.000000001')).toEqual({ error: 'payouts.atMostEightDecimals' });
    expect(parseBtc('21000000.00000001')).toEqual({ error: 'payouts.aboveSupply' });
  });
});
