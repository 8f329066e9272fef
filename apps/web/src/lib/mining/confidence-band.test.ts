import { describe, expect, it } from 'vitest';
import { chartSeries } from './confidence-band.ts';

describe('the confidence band of a hashrate chart', () => {
  it('is ±1.96/√n around each point: 100 shares give ±19.6 %', () => {
    const series = chartSeries([{ at: '2026-11-22T12:00:00Z', hash_rate: 100e12, shares: 100, rejected_shares: 0 }]);
    expect(series.times).toEqual([Date.parse('2026-11-22T12:00:00Z') / 1000]);
    expect(series.upper[0]).toBeCloseTo(119.6e12, -9);
    expect(series.lower[0]).toBeCloseTo(80.4e12, -9);
  });

  it('narrows as shares add up, never goes below zero, and has no band without shares', () => {
    const series = chartSeries([
      { at: '2026-11-22T12:00:00Z', hash_rate: 100, shares: 10_000, rejected_shares: 0 },
      { at: '2026-11-22T12:01:00Z', hash_rate: 100, shares: 1, rejected_shares: 0 },
      { at: '2026-11-22T12:02:00Z', hash_rate: 0, shares: 0, rejected_shares: 0 },
      { at: '2026-11-22T12:03:00Z', hash_rate: 50, shares: null, rejected_shares: null },
    ]);
    expect(series.upper[0]).toBeCloseTo(101.96);
    expect(series.lower[1]).toBe(0);
    expect(series.upper[2]).toBeNull();
    expect(series.lower[3]).toBeNull();
  });
});
