import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { workerStatuses } from '@pool/contract/mining-codes';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { HashrateFigure } from './figure.tsx';
import { statsQuery } from '@/lib/mining/mining-api.ts';
import type { MiningScope } from '@/lib/mining/mining-scope.ts';
import { numberFormat } from '@/lib/format/formatters.ts';

/** A figure's place while the statistics load: a dash, and the line its uncertainty will take. */
function PendingFigure() {
  return (
    <span className="figure">
      <span className="figure-value">—</span>
      <span className="figure-uncertainty" />
    </span>
  );
}

/**
 * Spec 2 statistics: current, 1 h and 24 h hashrate, reject rate and workers by status. The cards
 * and their titles stand while the figures load, each figure's lines kept, so nothing moves when
 * they land.
 */
export function StatsGrid({ scope }: { scope: MiningScope }) {
  const { t } = useTranslation();
  const stats = useQuery(statsQuery(scope));
  const percent = numberFormat(currentLocale(), { maximumFractionDigits: 2 });
  const count = numberFormat(currentLocale());
  const data = stats.data;
  const pending = <PendingFigure />;
  return (
    <section className="stats-grid mining-stats" aria-label={t('mining.stats.label')} aria-busy={!data}>
      <div className="stat">
        <h3>{t('mining.stats.current')}</h3>
        {data ? <HashrateFigure figure={data.hash_rate_15m} /> : pending}
      </div>
      <div className="stat">
        <h3>{t('mining.stats.hour')}</h3>
        {data ? <HashrateFigure figure={data.hash_rate_1h} /> : pending}
      </div>
      <div className="stat">
        <h3>{t('mining.stats.day')}</h3>
        {data ? <HashrateFigure figure={data.hash_rate_24h} /> : pending}
      </div>
      <div className="stat">
        <h3>{t('mining.stats.rejects')}</h3>
        {data ? (
          <span className="figure">
            <span className="figure-value">{percent.format(data.reject_15m.reject_pct)} %</span>
            <span className="figure-uncertainty">
              {t('mining.stats.rejectedOf', {
                rejected: count.format(data.reject_15m.rejected_shares),
                total: count.format(data.reject_15m.shares),
              })}
            </span>
          </span>
        ) : (
          pending
        )}
      </div>
      <div className="stat stat-wide">
        <h3>{t('mining.stats.workers')}</h3>
        <ul className="status-counts">
          {workerStatuses.map((status) => (
            <li key={status} data-status={status}>
              <span className="status-dot" aria-hidden />
              {t(`mining.status.${status}`)} <strong>{data ? data.workers[status] : '—'}</strong>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
