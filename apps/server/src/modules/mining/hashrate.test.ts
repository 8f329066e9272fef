import { describe, expect, it } from 'vitest';
import { difficultyOver, hashRateFigure, hashRateOf, rejectPctOf, relativeErrorOf } from './hashrate.ts';
import { bucketStart, periodWindow } from './resolutions.ts';

describe('hashrate math', () => {
  it('is accepted difficulty times 2^32 over the seconds of the span', () => {
    expect(hashRateOf(1, 1000)).toBe(2 ** 32);
    expect(hashRateOf(900, 15 * 60_000)).toBe(2 ** 32);
    expect(hashRateOf(1000, 0)).toBe(0);
  });

  it('inverts: the difficulty a machine submits over a span gives its hashrate back', () => {
    const hashRate = 140e12;
    expect(hashRateOf(difficultyOver(hashRate, 60_000), 60_000)).toBeCloseTo(hashRate, -3);
  });

  it('carries the shares behind a figure and their relative standard error 1/√n', () => {
    expect(relativeErrorOf(100)).toBeCloseTo(0.1);
    expect(relativeErrorOf(0)).toBeNull();
    expect(hashRateFigure({ acceptedDifficulty: 600, acceptedShares: 400 }, 60_000)).toEqual({
      hash_rate: 10 * 2 ** 32,
      shares: 400,
      relative_error: 0.05,
    });
  });

  it('weighs rejected work by difficulty', () => {
    expect(rejectPctOf({ acceptedDifficulty: 300, rejectedDifficulty: 100 })).toBe(25);
    expect(rejectPctOf({ acceptedDifficulty: 0, rejectedDifficulty: 0 })).toBe(0);
  });
});

describe('periods', () => {
  it('cover the closed buckets of their resolution, aligned to UTC', () => {
    const now = Date.parse('2026-03-01T13:47:12Z');
    expect(bucketStart(now, 20 * 60_000)).toBe(Date.parse('2026-03-01T13:40:00Z'));
    const day = periodWindow('P1D', now);
    expect(new Date(day.to).toISOString()).toBe('2026-03-01T13:40:00.000Z');
    expect(day.to - day.from).toBe(24 * 3_600_000);
    expect(new Date(periodWindow('P1W', now).to).toISOString()).toBe('2026-03-01T12:00:00.000Z');
    expect(new Date(periodWindow('PT15M', now).from).toISOString()).toBe('2026-03-01T13:32:00.000Z');
  });
});
