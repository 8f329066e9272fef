import { describe, expect, it } from 'vitest';
import { formatRoubles, individualTax, kopecksOfSatoshis, legalEntityTax, parseRoubles, percentOf } from './tax.ts';

/** Roubles as kopecks, from a written amount: rub('200000.01') is 20_000_001n. */
const rub = (text: string) => {
  const value = parseRoubles(text);
  if (value === null) throw new Error(`not an amount: ${text}`);
  return value;
};

const taxesOf = (income: string) => individualTax(rub(income)).brackets.map((bracket) => bracket.tax);
const partsOf = (income: string) => individualTax(rub(income)).brackets.map((bracket) => bracket.taxable);

describe('individual tax (spec 9: 13/15/18/20/22 % bracket by bracket), hand-computed to the kopeck', () => {
  it('nothing on no income', () => {
    expect(individualTax(0n).tax).toBe(0n);
    expect(taxesOf('0')).toEqual([0n, 0n, 0n, 0n, 0n]);
  });

  it('200,000.00: all in the first bracket, 13 % = 26,000.00', () => {
    expect(partsOf('200000')).toEqual([20_000_000n, 0n, 0n, 0n, 0n]);
    expect(individualTax(rub('200000')).tax).toBe(2_600_000n);
  });

  it('199,999.99: 13 % is 25,999.9987, rounded to 26,000.00', () => {
    expect(individualTax(rub('199999.99')).tax).toBe(2_600_000n);
  });

  it('200,000.01: one kopeck in the second bracket, whose 15 % (0.15 kopeck) rounds to nothing', () => {
    expect(partsOf('200000.01')).toEqual([20_000_000n, 1n, 0n, 0n, 0n]);
    expect(taxesOf('200000.01')).toEqual([2_600_000n, 0n, 0n, 0n, 0n]);
  });

  it('200,000.04: 0.6 kopeck at 15 % rounds up to one kopeck', () => {
    expect(taxesOf('200000.04')).toEqual([2_600_000n, 1n, 0n, 0n, 0n]);
    expect(individualTax(rub('200000.04')).tax).toBe(2_600_001n);
  });

  it('416,700.00: 26,000 + 216,700 × 15 % (32,505) = 58,505.00', () => {
    expect(partsOf('416700')).toEqual([20_000_000n, 21_670_000n, 0n, 0n, 0n]);
    expect(taxesOf('416700')).toEqual([2_600_000n, 3_250_500n, 0n, 0n, 0n]);
    expect(individualTax(rub('416700')).tax).toBe(5_850_500n);
  });

  it('416,700.10: ten kopecks at 18 % is 1.8, rounded to 2 kopecks: 58,505.02', () => {
    expect(taxesOf('416700.10')).toEqual([2_600_000n, 3_250_500n, 2n, 0n, 0n]);
    expect(individualTax(rub('416700.10')).tax).toBe(5_850_502n);
  });

  it('1,670,000.00: + 1,253,300 × 18 % (225,594) = 284,099.00', () => {
    expect(partsOf('1670000')).toEqual([20_000_000n, 21_670_000n, 125_330_000n, 0n, 0n]);
    expect(taxesOf('1670000')[2]).toBe(22_559_400n);
    expect(individualTax(rub('1670000')).tax).toBe(28_409_900n);
  });

  it('4,170,000.00: + 2,500,000 × 20 % (500,000) = 784,099.00', () => {
    expect(partsOf('4170000')).toEqual([20_000_000n, 21_670_000n, 125_330_000n, 250_000_000n, 0n]);
    expect(individualTax(rub('4170000')).tax).toBe(78_409_900n);
  });

  it('4,170,000.01: one kopeck at 22 % (0.22) rounds to nothing; 4,170,000.03 (0.66) to one', () => {
    expect(taxesOf('4170000.01')[4]).toBe(0n);
    expect(individualTax(rub('4170000.01')).tax).toBe(78_409_900n);
    expect(taxesOf('4170000.03')[4]).toBe(1n);
    expect(individualTax(rub('4170000.03')).tax).toBe(78_409_901n);
  });

  it('5,000,000.00: + 830,000 × 22 % (182,600) = 966,699.00', () => {
    expect(taxesOf('5000000')).toEqual([2_600_000n, 3_250_500n, 22_559_400n, 50_000_000n, 18_260_000n]);
    expect(individualTax(rub('5000000')).tax).toBe(96_669_900n);
  });

  it('300,000.50: 100,000.50 × 15 % is 15,000.075, rounded half up to 15,000.08; 41,000.08 in all', () => {
    expect(taxesOf('300000.50')).toEqual([2_600_000n, 1_500_008n, 0n, 0n, 0n]);
    expect(individualTax(rub('300000.50')).tax).toBe(4_100_008n);
  });

  it('the brackets carry their edges in kopecks, the last open', () => {
    expect(individualTax(0n).brackets.map(({ from, upTo, percent }) => [from, upTo, percent])).toEqual([
      [0n, 20_000_000n, 13],
      [20_000_000n, 41_670_000n, 15],
      [41_670_000n, 167_000_000n, 18],
      [167_000_000n, 417_000_000n, 20],
      [417_000_000n, null, 22],
    ]);
  });
});

describe('legal entity tax: one flat rate', () => {
  it('25 % of 1,000,000.00 is 250,000.00', () => {
    expect(legalEntityTax(rub('1000000'), 25).tax).toBe(25_000_000n);
  });

  it('25 % of 123,456.78 is 30,864.195, rounded half up to 30,864.20', () => {
    expect(legalEntityTax(rub('123456.78'), 25).tax).toBe(3_086_420n);
  });

  it('a pool rate with decimals: 20.5 % of 100,000 is 20,500.00', () => {
    expect(legalEntityTax(rub('100000'), 20.5)).toEqual({
      income: 10_000_000n,
      brackets: [{ from: 0n, upTo: null, percent: 20.5, taxable: 10_000_000n, tax: 2_050_000n }],
      tax: 2_050_000n,
    });
  });

  it('rounds half a kopeck up and less than half down', () => {
    expect(percentOf(2n, 25)).toBe(1n); // 0.5
    expect(percentOf(1n, 25)).toBe(0n); // 0.25
    expect(percentOf(3n, 25)).toBe(1n); // 0.75
  });
});

describe('income', () => {
  it('reads roubles as people type them, with at most two decimals', () => {
    expect(parseRoubles('200000')).toBe(20_000_000n);
    expect(parseRoubles('1 234 567,89')).toBe(123_456_789n);
    expect(parseRoubles('1\u00a0234\u00a0567.8')).toBe(123_456_780n);
    expect(parseRoubles('0,01')).toBe(1n);
    for (const bad of ['', ' ', '-5', '1.234', '1,2,3', 'abc', '1e6', '.5']) expect(parseRoubles(bad)).toBeNull();
  });

  it('converts satoshis at a price per bitcoin to the nearest kopeck', () => {
    // 0.5 BTC at 7,280,000.50 ₽ = 3,640,000.25 ₽.
    expect(kopecksOfSatoshis(50_000_000, 7_280_000.5)).toBe(364_000_025n);
    // 1 sat at 7,000,000 ₽ = 0.07 ₽; 1 sat at 500,000 ₽ = 0.005 ₽, half a kopeck, rounded up.
    expect(kopecksOfSatoshis(1, 7_000_000)).toBe(7n);
    expect(kopecksOfSatoshis(1, 500_000)).toBe(1n);
    // 21 million BTC at 10 million ₽ stays exact: 2.1e14 ₽.
    expect(kopecksOfSatoshis(2_100_000_000_000_000, 10_000_000)).toBe(21_000_000_000_000_000n);
  });

  it('writes kopecks as roubles in the locale', () => {
    expect(formatRoubles(96_669_900n, 'en-US')).toBe('₽966,699.00');
    expect(formatRoubles(4_100_008n, 'ru-RU')).toBe('41\u00a0000,08\u00a0₽');
  });
});
