import { describe, expect, it } from 'vitest';
import { workerStatuses } from '@pool/contract/mining';
import { chartAvailability, lastShareRange, thresholds, withinRange, workerStatus } from './rules.ts';

const now = Date.parse('2026-03-01T12:00:00Z');
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const ago = (ms: number) => now - ms;

describe('worker status (spec 9)', () => {
  it('is stable while shares come, unavailable from 10 minutes without one', () => {
    expect(workerStatus(ago(0), now)).toBe('stable');
    expect(workerStatus(ago(10 * minute - 1), now)).toBe('stable');
    expect(workerStatus(ago(10 * minute), now)).toBe('unavailable');
  });

  it('is off only after over 24 hours', () => {
    expect(workerStatus(ago(day), now)).toBe('unavailable');
    expect(workerStatus(ago(day + 1), now)).toBe('off');
  });

  it('is removed after 6 full days off, over 7 days after the last share', () => {
    expect(workerStatus(ago(7 * day), now)).toBe('off');
    expect(workerStatus(ago(7 * day + 1), now)).toBe('removed');
  });

  it('answers the last-share range of each status as its exact inverse', () => {
    const probes = [
      0,
      1,
      10 * minute - 1,
      10 * minute,
      10 * minute + 1,
      day - 1,
      day,
      day + 1,
      7 * day,
      7 * day + 1,
      30 * day,
    ];
    for (const silence of probes) {
      const lastShareAt = ago(silence);
      const matching = workerStatuses.filter((status) => withinRange(lastShareAt, lastShareRange(status, now)));
      expect(matching).toEqual([workerStatus(lastShareAt, now)]);
    }
  });
});

describe('chart availability (spec 9)', () => {
  it('has no data before the first share', () => {
    expect(chartAvailability({ firstShareAt: null, lastShareAt: null }, now).availability).toBe('nodata');
  });

  it('is collecting for 15 minutes after the first share and says when it will be ready', () => {
    const first = ago(14 * minute);
    expect(chartAvailability({ firstShareAt: first, lastShareAt: ago(0) }, now)).toEqual({
      availability: 'collecting',
      readyAt: first + thresholds.collectingFor,
    });
    expect(chartAvailability({ firstShareAt: ago(15 * minute), lastShareAt: ago(0) }, now).availability).toBe('ok');
  });

  it('is unavailable when disconnected for over an hour, stale over 7 days', () => {
    const first = ago(30 * day);
    expect(chartAvailability({ firstShareAt: first, lastShareAt: ago(hour) }, now).availability).toBe('ok');
    expect(chartAvailability({ firstShareAt: first, lastShareAt: ago(hour + 1) }, now).availability).toBe(
      'unavailable',
    );
    expect(chartAvailability({ firstShareAt: first, lastShareAt: ago(7 * day) }, now).availability).toBe('unavailable');
    expect(chartAvailability({ firstShareAt: first, lastShareAt: ago(7 * day + 1) }, now).availability).toBe('stale');
  });
});
