import type { ChartPoint } from '@pool/contract/mining';

/** z for a two-sided 95 % interval. */
const z95 = 1.96;

export interface ChartSeries {
  /** Seconds since the epoch, as uPlot plots time. */
  times: number[];
  hashrate: (number | null)[];
  upper: (number | null)[];
  lower: (number | null)[];
}

/**
 * The hashrate line and its 95 % confidence band. A point measured from n shares has a relative
 * standard error of 1/√n, so the band is h·(1 ± 1.96/√n): wide where few shares came in, narrow
 * where many did. Miners who see a dip inside the band see luck, not missing hashrate.
 */
export function chartSeries(points: readonly ChartPoint[]): ChartSeries {
  const series: ChartSeries = { times: [], hashrate: [], upper: [], lower: [] };
  for (const point of points) {
    series.times.push(Date.parse(point.at) / 1000);
    series.hashrate.push(point.hash_rate);
    const shares = point.shares ?? 0;
    if (shares > 0) {
      const spread = z95 / Math.sqrt(shares);
      series.upper.push(point.hash_rate * (1 + spread));
      series.lower.push(Math.max(0, point.hash_rate * (1 - spread)));
    } else {
      series.upper.push(null);
      series.lower.push(null);
    }
  }
  return series;
}
