import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useTranslation } from 'react-i18next';
import type { HashRateChart as Chart } from '@pool/contract/mining';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatHashrate, hashrateUnit } from '@/lib/format/hashrate.ts';
import { chartSeries } from '@/lib/mining/confidence-band.ts';
import { dateTimeFormat } from '@/lib/format/formatters.ts';

/** Spec 9: period buttons run 3 minutes ahead, so the newest point never sits on the edge. */
const periodLeadSeconds = 3 * 60;

function cssColour(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

function options(width: number, chart: Chart, locale: string, label: string): uPlot.Options {
  const brand = cssColour('--brand', '#5b7bdc');
  const time = dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
  const date = dateTimeFormat(locale, { month: 'short', day: 'numeric' });
  const longPeriod = chart.period === 'P1W' || chart.period === 'P1D';
  return {
    width,
    // The chart's placeholder in mining.css takes the same heights at the same widths.
    height: width < 500 ? 200 : 260,
    // Room on the right for half of the last time label, which is centred on its tick.
    padding: [12, 28, 0, 0],
    cursor: { points: { size: 6 }, drag: { x: false, y: false } },
    legend: { show: false },
    scales: {
      x: { time: true, range: (_u, min, max) => [min, Math.max(max, Date.parse(chart.to) / 1000 + periodLeadSeconds)] },
      y: { range: (_u, _min, max) => [0, Math.max(max * 1.1, 1)] },
    },
    axes: [
      {
        stroke: cssColour('--ink-muted', '#545b6e'),
        grid: { stroke: '#e2e6ee', width: 1 },
        ticks: { show: false },
        // Pixels between time labels: "06:00 PM" is about 56 px wide, so a phone's chart keeps three.
        space: width < 500 ? 90 : 60,
        values: (_u, ticks) =>
          ticks.map((tick) => (longPeriod && chart.period === 'P1W' ? date : time).format(tick * 1000)),
      },
      {
        stroke: cssColour('--ink-muted', '#545b6e'),
        grid: { stroke: '#e2e6ee', width: 1 },
        ticks: { show: false },
        size: 64,
        // One unit for the whole axis, chosen by its top (above the peak and its band), so that no
        // label reads "1,000 TH/s" where "1.00 PH/s" fits.
        values: (u, ticks) => {
          const unit = hashrateUnit(Math.max(1, u.scales.y?.max ?? 1));
          return ticks.map((tick) => formatHashrate(tick, locale, unit));
        },
      },
    ],
    series: [
      {},
      { label, stroke: brand, width: 2, points: { show: chart.points.length < 20 } },
      { stroke: 'transparent', points: { show: false } },
      { stroke: 'transparent', points: { show: false } },
    ],
    bands: [{ series: [2, 3], fill: `color-mix(in srgb, ${brand} 16%, transparent)` }],
  };
}

/**
 * The hashrate line with its 95 % confidence band (uPlot, about 20 KB). Drawn anew, before the same
 * paint, when new points arrive, so a live update never blinks; resized with its container down to a
 * phone's width.
 */
export function HashratePlot({ chart, label }: { chart: Chart; label: string }) {
  const { t } = useTranslation();
  const holder = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | undefined>(undefined);
  const locale = currentLocale();

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const series = chartSeries(chart.points);
    const data: uPlot.AlignedData = [series.times, series.hashrate, series.upper, series.lower];
    plot.current?.destroy();
    plot.current = undefined;
    // The chart is drawn when the holder's first size is reported: after the browser's layout, in
    // the frame's own task rather than in React's commit, and without forcing a layout to read the
    // width. Both happen before the next paint, so the chart never blinks between two charts.
    const resize = new ResizeObserver(() => {
      const next = options(element.clientWidth, chart, locale, label);
      if (plot.current) plot.current.setSize({ width: next.width, height: next.height });
      else plot.current = new uPlot(next, data, element);
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.current?.destroy();
      plot.current = undefined;
    };
  }, [chart, label, locale]);

  const average = formatHashrate(chart.average.hash_rate, locale);
  return (
    <div
      ref={holder}
      className="hashrate-chart"
      role="img"
      aria-label={t('mining.chart.summary', { label, average, count: chart.points.length })}
    />
  );
}
