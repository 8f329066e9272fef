import { describe, expect, it } from 'vitest';
import { waitBeforeDay } from './midnight.ts';

describe('the wait before a suite that reads today from the clock', () => {
  const at = (time: string) => Date.parse(`2026-11-30T${time}Z`);

  it('is none during the day', () => {
    expect(waitBeforeDay(at('00:00:00'))).toBe(0);
    expect(waitBeforeDay(at('12:00:00'))).toBe(0);
    expect(waitBeforeDay(at('23:58:29'))).toBe(0);
  });

  it('lasts past midnight in the last 90 seconds of a day', () => {
    expect(waitBeforeDay(at('23:58:31'))).toBe(90_000);
    expect(waitBeforeDay(at('23:59:40'))).toBe(21_000);
    expect(at('23:59:59.500') + waitBeforeDay(at('23:59:59.500'))).toBe(Date.parse('2026-12-01T00:00:01Z'));
  });
});
