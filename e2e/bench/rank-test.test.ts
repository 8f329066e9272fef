import { describe, expect, it } from 'vitest';
import { dropZ } from './rank-test.ts';

describe('the rank test that tells a drop of Lighthouse scores from noise', () => {
  it('sees no drop between samples that rank alike', () => {
    expect(dropZ([70, 80, 75], [70, 80, 75])).toBe(0);
    expect(dropZ([74, 74, 74, 74], [74, 74, 74, 74])).toBe(0);
  });

  it('grows with how far the second sample ranks below the first, and turns negative for a rise', () => {
    const before = [80, 82, 84, 86, 88, 81, 83, 85];
    const after = [70, 72, 74, 76, 78, 71, 73, 75];
    // Every score before beats every score after: U = 64, mean 32, variance 64 * 17 / 12.
    expect(dropZ(before, after)).toBeCloseTo(32 / Math.sqrt((64 * 17) / 12), 10);
    expect(dropZ(after, before)).toBeCloseTo(-dropZ(before, after), 10);
    expect(
      dropZ(
        before,
        after.map((score) => score + 8),
      ),
    ).toBeLessThan(dropZ(before, after));
  });

  it('counts a tie as half a win', () => {
    // U = 0.5 of a possible 1, its mean: no drop.
    expect(dropZ([75], [75])).toBe(0);
    expect(dropZ([75, 76], [75, 74])).toBeCloseTo((3.5 - 2) / Math.sqrt((4 * 5) / 12), 10);
  });
});
