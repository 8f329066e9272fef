import { useTranslation } from 'react-i18next';
import { chartPeriods, type ChartPeriod } from '@pool/contract/mining-codes';

/** Spec 9: the chart periods, shown as 15m, 1h, 1d and 1w. */
export function PeriodPicker({ value, onChange }: { value: ChartPeriod; onChange: (period: ChartPeriod) => void }) {
  const { t } = useTranslation();
  return (
    <div className="period-picker" role="group" aria-label={t('mining.period.label')}>
      {chartPeriods.map((period) => (
        <button
          key={period}
          type="button"
          aria-pressed={period === value}
          title={t(`mining.period.long.${period}`)}
          onClick={() => onChange(period)}
        >
          {t(`mining.period.short.${period}`)}
        </button>
      ))}
    </div>
  );
}
