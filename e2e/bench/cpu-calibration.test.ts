import { describe, expect, it } from 'vitest';
import { calibratedSlowdown } from './cpu-calibration.ts';

describe("the CPU slowdown that simulates the mobile preset's phone on this machine", () => {
  it("is the preset's 4× on the host Lighthouse's guide assumes, and follows its calculator's points", () => {
    expect(calibratedSlowdown(1533)).toBeCloseTo(4, 2);
    expect(calibratedSlowdown(1766)).toBeCloseTo(5, 2);
    expect(calibratedSlowdown(1300)).toBe(3);
    expect(calibratedSlowdown(1050)).toBe(2.5);
    expect(calibratedSlowdown(800)).toBe(2);
    expect(calibratedSlowdown(475)).toBe(1.5);
  });

  it('never speeds the CPU up', () => {
    expect(calibratedSlowdown(150)).toBe(1);
    expect(calibratedSlowdown(40)).toBe(1);
  });
});
