import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportPeriods, type ExportPeriod } from '@pool/contract/money-codes';
import { toast } from '@/components/toast/toast-store.ts';
import { fetchPaymentsExport, saveFile } from '@/lib/money/money-api.ts';
import type { MiningScope } from '@/lib/mining/mining-scope.ts';

/** Spec 2: the miner's payments of the last 7, 30 or 90 days as a CSV file. */
export function ExportButtons({ scope }: { scope: MiningScope }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<ExportPeriod>();
  const download = async (days: ExportPeriod) => {
    setBusy(days);
    try {
      saveFile(await fetchPaymentsExport(scope, days));
    } catch {
      toast.error(t('toasts.somethingWentWrong'));
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <div className="export-buttons" role="group" aria-label={t('payments.export.label')}>
      <span className="muted small">{t('payments.export.label')}</span>
      {exportPeriods.map((days) => (
        <button
          key={days}
          type="button"
          className="button button-small"
          disabled={busy !== undefined}
          aria-busy={busy === days}
          onClick={() => void download(days)}
        >
          {t('payments.export.days', { days })}
        </button>
      ))}
    </div>
  );
}
