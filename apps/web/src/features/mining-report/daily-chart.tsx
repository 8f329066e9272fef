import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useTranslation } from 'react-i18next';
import type { MiningReportMonth } from '@pool/contract/money';
import { satoshisPerBitcoin } from '@pool/contract/money-codes';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatHashrate, hashrateUnit } from '@/lib/format/hashrate.ts';
import { formatBtc } from '@/lib/money/format.ts';
import { numberFormat, dateTimeFormat } from '@/lib/format/formatters.ts';

function cssColour(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** The chart's columns: each day of the month so far, its net (BTC) and its average hashrate. */
export function chartData(report: MiningReportMonth, days: readonly string[]): uPlot.AlignedData {
  const byDay = new Map(report.days.map((day) => [day.day, day]));
  return [
    days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000),
    days.map((day) => (byDay.get(day)?.net ?? 0) / satoshisPerBitcoin),
    days.map((day) => byDay.get(day)?.hash_rate ?? null),
  ];
}

function options(width: number, locale: string, labels: { net: string; hashRate: string }): uPlot.Options {
  const brand = cssColour('--brand', '#5b7bdc');
  const muted = cssColour('--ink-muted', '#545b6e');
  const day = dateTimeFormat(locale, { day: 'numeric', timeZone: 'UTC' });
  const btc = numberFormat(locale, { maximumFractionDigits: 8 });
  const bars = uPlot.paths.bars?.({ size: [0.7, 28], align: 0 });
  return {
    width,
    height: width < 500 ? 220 : 280,
    padding: [12, 8, 0, 0],
    cursor: { drag: { x: false, y: false } },
    legend: { show: false },
    scales: {
      x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] },
      net: { range: (_u, _min, max) => [0, Math.max(max * 1.15, 1e-8)] },
      hashRate: { range: (_u, _min, max) => [0, Math.max(max * 1.15, 1)] },
    },
    axes: [
      {
        stroke: muted,
        grid: { show: false },
        ticks: { show: false },
        space: width < 500 ? 28 : 22,
        values: (_u, ticks) => ticks.map((tick) => day.format(tick * 1000)),
      },
      {
        scale: 'net',
        stroke: muted,
        grid: { stroke: '#e2e6ee', width: 1 },
        ticks: { show: false },
        size: 84,
        values: (_u, ticks) => ticks.map((tick) => btc.format(tick)),
      },
      {
        scale: 'hashRate',
        side: 1,
        stroke: muted,
        grid: { show: false },
        ticks: { show: false },
        size: width < 500 ? 0 : 72,
        show: width >= 500,
        values: (u, ticks) => {
          const unit = hashrateUnit(Math.max(1, u.scales.hashRate?.max ?? 1));
          return ticks.map((tick) => formatHashrate(tick, locale, unit));
        },
      },
    ],
    series: [
      {},
      {
        label: labels.net,
        scale: 'net',
        stroke: brand,
        fill: `color-mix(in srgb, ${brand} 55%, transparent)`,
        width: 1,
        ...(bars ? { paths: bars } : {}),
        points: { show: false },
      },
      { label: labels.hashRate, scale: 'hashRate', stroke: muted, width: 2, points: { show: true, size: 4 } },
    ],
  };
}

/**
 * The month's days: net reward per day as bars (BTC, left axis) and the day's average hashrate as a
 * line (right axis, hidden on phones). uPlot, resized with its container.
 */
export function DailyChart({ report, days }: { report: MiningReportMonth; days: readonly string[] }) {
  const { t } = useTranslation();
  const holder = useRef<HTMLDivElement>(null);
  const locale = currentLocale();
  const labels = { net: t('miningReport.chart.net'), hashRate: t('miningReport.chart.hashRate') };

  useEffect(() => {
    const element = holder.current;
    // No layout to draw into (a test's DOM): the summary in the label stands for the chart.
    if (!element || typeof ResizeObserver === 'undefined') return;
    const plot = new uPlot(options(element.clientWidth, locale, labels), chartData(report, days), element);
    const resize = new ResizeObserver(() => {
      const next = options(element.clientWidth, locale, labels);
      plot.setSize({ width: next.width, height: next.height });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- labels follow the locale
  }, [report, days, locale]);

  const best = report.days.reduce<(typeof report.days)[number] | undefined>(
    (top, day) => (top && top.net >= day.net ? top : day),
    undefined,
  );
  return (
    <figure className="report-chart">
      <div
        ref={holder}
        className="hashrate-chart"
        role="img"
        aria-label={t('miningReport.chart.summary', {
          days: report.days.length,
          best: best ? formatBtc(best.net, locale) : formatBtc(0, locale),
        })}
      />
      <figcaption className="chart-legend">
        <span className="legend-item">
          <span className="legend-bar" aria-hidden />
          {labels.net}
        </span>
        <span className="legend-item">
          <span className="legend-line" aria-hidden />
          {labels.hashRate}
        </span>
      </figcaption>
    </figure>
  );
}
