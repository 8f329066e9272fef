import { describe, expect, it } from 'vitest';
import { formatHashrate, formatUncertainty, hashrateUnit } from './hashrate.ts';
import { intlLocaleOf } from './locale.ts';
import { formatDay, formatMonth, formatRelativeTime } from './time.ts';

describe('units read at a glance (issue 7, spec 9)', () => {
  it('scales hashrate from H/s to EH/s', () => {
    expect(formatHashrate(950, 'en-US')).toBe('950 H/s');
    expect(formatHashrate(1_500, 'en-US')).toBe('1.50 kH/s');
    expect(formatHashrate(12_340_000_000_000, 'en-US')).toBe('12.3 TH/s');
    expect(formatHashrate(123_400_000_000_000, 'en-US')).toBe('123 TH/s');
    expect(formatHashrate(2.5e18, 'en-US')).toBe('2.50 EH/s');
    expect(formatHashrate(7e21, 'en-US')).toBe('7,000 EH/s');
    expect(hashrateUnit(0).unit).toBe('H/s');
  });

  it('writes numbers in the user locale', () => {
    expect(formatHashrate(12_340_000_000_000, 'ru-RU')).toBe('12,3 TH/s');
  });

  it('shows the uncertainty of a figure from its share count: 100 shares give ±10 %', () => {
    expect(formatUncertainty(1 / Math.sqrt(100), 'en-US')).toBe('±10%');
    expect(formatUncertainty(1 / Math.sqrt(10_000), 'en-US')).toBe('±1%');
    expect(formatUncertainty(null, 'en-US')).toBeUndefined();
  });

  it('says how long ago the last share came', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(formatRelativeTime(new Date('2026-11-22T11:57:00Z'), now, 'en-US')).toBe('3 minutes ago');
    expect(formatRelativeTime(new Date('2026-11-22T09:00:00Z'), now, 'en-US')).toBe('3 hours ago');
    expect(formatRelativeTime(new Date('2026-11-20T12:00:00Z'), now, 'en-US')).toBe('2 days ago');
  });

  it('rounds before it picks the unit: never "60 seconds ago" or "24 hours ago"', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const before = (ms: number) => new Date(now.getTime() - ms);
    expect(formatRelativeTime(before(59_600), now, 'en-US')).toBe('1 minute ago');
    expect(formatRelativeTime(before(59_400), now, 'en-US')).toBe('59 seconds ago');
    expect(formatRelativeTime(before(59.5 * 60_000), now, 'en-US')).toBe('1 hour ago');
    expect(formatRelativeTime(before(23.5 * 3_600_000), now, 'en-US')).toBe('yesterday');
  });

  it('formats Chinese with the tag Intl knows, keeping the spec mapping cn → cn-CN', () => {
    expect(intlLocaleOf('cn')).toBe('zh-CN');
    expect(intlLocaleOf('ru')).toBe('ru-RU');
    expect(intlLocaleOf('en')).toBe('en-US');
  });
});

describe('calendar days and months, in UTC whatever the reader’s time zone', () => {
  it('writes a day as the locale does', () => {
    expect(formatDay('2026-11-22', 'en-US')).toBe('Nov 22, 2026');
    expect(formatDay('2026-01-01', 'de-DE')).toBe('01.01.2026');
  });

  it('names a month as the locale does', () => {
    expect(formatMonth('2025-01', 'en-US')).toBe('January 2025');
    expect(formatMonth('2025-12', 'ru-RU')).toBe('декабрь 2025 г.');
  });
});
