import { describe, expect, it } from 'vitest';
import { isOffline, offlineAlertDelay, shareRateOf } from './offline-rule.ts';

const minute = 60_000;
const hour = 60 * minute;
const now = Date.parse('2026-11-26T12:00:00Z');

describe('worker offline alert rule (issue 17)', () => {
  it('a worker sharing every 2 minutes is not offline after 3 quiet minutes, nor at 10, but after 2·ln(10,000) minutes', () => {
    const rate = 1 / (2 * minute);
    const delay = offlineAlertDelay(rate);
    expect(delay / minute).toBeCloseTo(2 * Math.log(10_000), 6);
    expect(isOffline(now - 3 * minute, now, rate)).toBe(false);
    expect(isOffline(now - 10 * minute, now, rate)).toBe(false);
    expect(isOffline(now - 18 * minute, now, rate)).toBe(false);
    expect(isOffline(now - 18.5 * minute, now, rate)).toBe(true);
    // The chance of that silence at that rate is just under 1 in 10,000.
    expect(Math.exp(-rate * delay)).toBeCloseTo(1e-4, 10);
  });

  it('a fast worker waits for spec 9’s 10 minutes: one millisecond short is not offline, exactly 10 is', () => {
    const rate = 10 / minute;
    expect(offlineAlertDelay(rate)).toBe(10 * minute);
    expect(isOffline(now - 10 * minute + 1, now, rate)).toBe(false);
    expect(isOffline(now - 10 * minute, now, rate)).toBe(true);
  });

  it('the two rules meet at a share every 10/ln(10,000) ≈ 1.086 minutes', () => {
    const edge = Math.log(10_000) / (10 * minute);
    expect(offlineAlertDelay(edge)).toBeCloseTo(10 * minute, 6);
    expect(offlineAlertDelay(edge * 1.01)).toBe(10 * minute);
    expect(offlineAlertDelay(edge * 0.99)).toBeGreaterThan(10 * minute);
  });

  it('without a known rate the alert comes at 10 minutes', () => {
    expect(offlineAlertDelay(null)).toBe(10 * minute);
    expect(offlineAlertDelay(0)).toBe(10 * minute);
  });

  it('the rate counts the shares between the first (or 24 hours before the last) and the last, not the silence since', () => {
    // 31 shares from 11:00 to 12:00, one every 2 minutes; whatever silence follows does not count.
    expect(shareRateOf({ shares: 31, firstShareAt: now - hour, lastShareAt: now })).toBeCloseTo(1 / (2 * minute), 12);
    // A worker older than a day: its 720 shares of the day before its last fill the whole 24 hours.
    expect(shareRateOf({ shares: 720, firstShareAt: now - 72 * hour, lastShareAt: now })).toBeCloseTo(
      720 / (24 * hour),
      12,
    );
    // One share, or shares within a minute, name no rate: the alert then waits spec 9's 10 minutes.
    expect(shareRateOf({ shares: 1, firstShareAt: now, lastShareAt: now })).toBeNull();
    expect(shareRateOf({ shares: 5, firstShareAt: now - 30_000, lastShareAt: now })).toBeNull();
  });
});
