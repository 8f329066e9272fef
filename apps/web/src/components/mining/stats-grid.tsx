import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { workerStatuses } from '@pool/contract/mining-codes';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { HashrateFigure } from './figure.tsx';
import { statsQuery } from '@/lib/mining/mining-api.ts';
import type { MiningScope } from '@/lib/mining/mining-scope.ts';
import { numberFormat } from '@/lib/format/formatters.ts';

/** Spec 2 statistics: current, 1 h and 24 h hashrate, reject rate and workers by status. */
export function StatsGrid({ scope }: { scope: MiningScope }) {
  const { t } = useTranslation();
  const stats = useQuery(statsQuery(scope));
  const percent = numberFormat(currentLocale(), { maximumFractionDigits: 2 });
  const count = numberFormat(currentLocale());
  if (!stats.data) return <div className="stats-grid" aria-busy="true" />;
  const { hash_rate_15m, hash_rate_1h, hash_rate_24h, reject_15m, workers } = stats.data;
  return (
    <section className="stats-grid" aria-label={t('mining.stats.label')}>
      <div className="stat">
        <h3>{t('mining.stats.current')}</h3>
        <HashrateFigure figure={hash_rate_15m} />
      </div>
      <div className="stat">
        <h3>{t('mining.stats.hour')}</h3>
        <HashrateFigure figure={hash_rate_1h} />
      </div>
      <div className="stat">
        <h3>{t('mining.stats.day')}</h3>
        <HashrateFigure figure={hash_rate_24h} />
      </div>
      <div className="stat">
        <h3>{t('mining.stats.rejects')}</h3>
        <span className="figure">
          <span className="figure-value">{percent.format(reject_15m.reject_pct)} %</span>
          <span className="figure-uncertainty">
            {t('mining.stats.rejectedOf', {
              rejected: count.format(reject_15m.rejected_shares),
              total: count.format(reject_15m.shares),
            })}
          </span>
        </span>
      </div>
      <div className="stat stat-wide">
        <h3>{t('mining.stats.workers')}</h3>
        <ul className="status-counts">
          {workerStatuses.map((status) => (
            <li key={status} data-status={status}>
              <span className="status-dot" aria-hidden />
              {t(`mining.status.${status}`)} <strong>{workers[status]}</strong>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
