import { useTranslation } from 'react-i18next';
import type { AvailabilityInfo } from '@pool/contract/mining';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatDateTime } from '@/lib/format/time.ts';

/**
 * Spec 3 and 9: why a chart is not drawn, or not yet — collecting (ready in 15 minutes),
 * unavailable (disconnected for over 1 hour), stale (over 7 days), no data.
 */
export function AvailabilityNotice({ info }: { info: AvailabilityInfo }) {
  const { t } = useTranslation();
  if (info.availability === 'ok') return null;
  const readyAt = info.ready_at ? formatDateTime(new Date(info.ready_at), currentLocale()) : undefined;
  const lastShare = info.last_share_at ? formatDateTime(new Date(info.last_share_at), currentLocale()) : undefined;
  return (
    <div className="chart-notice" data-availability={info.availability} role="status">
      <strong>{t(`mining.availability.${info.availability}.title`)}</strong>
      <p>{t(`mining.availability.${info.availability}.text`, { readyAt, lastShare })}</p>
    </div>
  );
}
