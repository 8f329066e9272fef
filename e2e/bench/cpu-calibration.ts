/**
 * The CPU slowdown that makes this machine simulate the phone Lighthouse's mobile preset means.
 * The preset slows the CPU 4×, which stands for a mid-range phone only on a host whose
 * `benchmarkIndex` is about 1,533; on a slower host the same 4× simulates a slower phone (Lighthouse
 * itself warns below 1,000). The figures are those of Lighthouse's throttling guide and its CPU
 * throttling calculator (docs/throttling.md, "CPU throttling"): 1,300 → 3×, 800 → 2×, 150 → 1×,
 * straight lines between, 233 points a step above 1,300.
 */
export function calibratedSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}
