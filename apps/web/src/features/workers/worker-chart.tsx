import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChartPeriod } from '@pool/contract/mining';
import { AvailabilityNotice } from '@/components/mining/availability-notice.tsx';
import { HashrateChart, preloadHashrateChart } from '@/components/mining/hashrate-chart.tsx';
import { workerChartQuery } from '@/lib/mining/mining-api.ts';
import type { MiningScope } from '@/lib/mining/mining-scope.ts';
import { PeriodPicker } from '@/components/mining/period-picker.tsx';

/** A worker's own chart, loaded when its row is opened. */
export function WorkerChart({ scope, workerId, name }: { scope: MiningScope; workerId: number; name: string }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<ChartPeriod>('PT1H');
  const chart = useQuery(workerChartQuery(scope, workerId, period));
  useEffect(preloadHashrateChart, []);
  return (
    <div className="worker-chart">
      <PeriodPicker value={period} onChange={setPeriod} />
      {chart.data && <AvailabilityNotice info={chart.data} />}
      {chart.data && chart.data.points.length > 0 && (
        <HashrateChart chart={chart.data} label={t('workers.chartOf', { name })} />
      )}
      {chart.isPending && <div className="chart-placeholder" aria-busy="true" />}
    </div>
  );
}
