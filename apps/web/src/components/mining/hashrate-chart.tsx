import { lazy, Suspense } from 'react';
import type { HashRateChart as Chart } from '@pool/contract/mining';

const loadPlot = () => import('./hashrate-plot.tsx');
const Plot = lazy(async () => ({ default: (await loadPlot()).HashratePlot }));

/**
 * Starts uPlot's download beside the page's data. The page draws its figures without waiting for
 * uPlot's 22 KB (issue 18: on a phone over slow 4G they held back the dashboard's first render), and
 * the chart is drawn as soon as both have arrived.
 */
export function preloadHashrateChart(): void {
  void loadPlot();
}

/** The hashrate line with its confidence band; the chart's placeholder until uPlot has loaded. */
export function HashrateChart(props: { chart: Chart; label: string }) {
  return (
    <Suspense fallback={<div className="chart-placeholder" aria-busy="true" />}>
      <Plot {...props} />
    </Suspense>
  );
}
