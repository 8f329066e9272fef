/**
 * How sure the runs make a drop: the Mann-Whitney U test's z (normal approximation, ties counted as
 * halves) that the first sample's scores are higher than the second's. Lighthouse scores of one page
 * spread over 15 points on these machines, so a difference of medians alone shows no drop.
 */
export function dropZ(before: number[], after: number[]): number {
  let u = 0;
  for (const x of before) for (const y of after) u += x > y ? 1 : x === y ? 0.5 : 0;
  const n = before.length * after.length;
  return (u - n / 2) / Math.sqrt((n * (before.length + after.length + 1)) / 12);
}
