import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { chartPeriods, type ChartPeriod } from '@pool/contract/mining-codes';
import { AvailabilityNotice } from './availability-notice.tsx';
import { HashrateChart, preloadHashrateChart } from './hashrate-chart.tsx';
import { chartQuery } from '@/lib/mining/mining-api.ts';
import type { MiningScope } from '@/lib/mining/mining-scope.ts';
import { PeriodPicker } from './period-picker.tsx';

const isPeriod = (value: string | null): value is ChartPeriod =>
  (chartPeriods as readonly (string | null)[]).includes(value);

/** The dashboard's hashrate chart with its period buttons; the period stays in the address. */
export function HashrateCard({ scope }: { scope: MiningScope }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('period');
  const period: ChartPeriod = isPeriod(asked) ? asked : 'P1D';
  const chart = useQuery(chartQuery(scope, period));
  useEffect(preloadHashrateChart, []);
  const hasPoints = chart.data !== undefined && chart.data.points.length > 0;
  const choose = (next: ChartPeriod) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('period', next);
        return params;
      },
      { replace: true },
    );

  return (
    <section className="card chart-card" aria-labelledby="hashrate-title">
      <div className="card-heading">
        <h2 id="hashrate-title">{t('mining.chart.title')}</h2>
        <PeriodPicker value={period} onChange={choose} />
      </div>
      {chart.data && <AvailabilityNotice info={chart.data} />}
      {chart.isPending && <div className="chart-placeholder" aria-busy="true" />}
      {hasPoints && <HashrateChart chart={chart.data} label={t('mining.chart.series')} />}
      {/* The legend stands under the placeholder too, so the cards below stay put when the chart lands. */}
      {(chart.isPending || hasPoints) && (
        <p className="chart-legend muted small">
          <span className="legend-item">
            <span className="legend-line" aria-hidden /> {t('mining.chart.legendLine')}
          </span>{' '}
          <span className="legend-item">
            <span className="legend-band" aria-hidden /> {t('mining.chart.legendBand')}
          </span>
        </p>
      )}
      {chart.isError && (
        <p className="notice" data-type="error">
          {t('toasts.somethingWentWrong')}
        </p>
      )}
    </section>
  );
}
