import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HashrateFigure } from '@/components/mining/figure.tsx';
import { boundaryWorkersQuery } from '@/lib/mining/mining-api.ts';
import type { MiningScope } from '@/lib/mining/mining-scope.ts';
import { numberFormat } from '@/lib/format/formatters.ts';
import { currentLocale } from '@/lib/i18n/i18n.ts';

/**
 * Boundary workers (spec 3): hashrate another account transfers under a virtual-mining contract.
 * They are listed apart from the hardware, since no machine of this account produces them.
 */
export function BoundaryWorkers({ scope }: { scope: MiningScope }) {
  const { t } = useTranslation();
  const boundary = useQuery(boundaryWorkersQuery(scope));
  const percent = numberFormat(currentLocale(), { style: 'percent', maximumFractionDigits: 1 });
  if (!boundary.data?.items.length) return null;
  return (
    <section className="card" aria-labelledby="boundary-title">
      <h2 id="boundary-title">{t('workers.boundaryTitle')}</h2>
      <p className="muted">{t('workers.boundaryLead')}</p>
      <div className="table-scroll">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('workers.columns.name')}</th>
              <th scope="col">{t('workers.boundaryFrom')}</th>
              <th scope="col">{t('workers.boundaryShare')}</th>
              <th scope="col">{t('workers.columns.hashRate15m')}</th>
              <th scope="col">{t('workers.columns.hashRate24h')}</th>
            </tr>
          </thead>
          <tbody>
            {boundary.data.items.map((worker) => (
              <tr key={worker.contract_id}>
                <th scope="row">
                  {worker.worker_name} <span className="badge">{t('workers.boundary')}</span>
                </th>
                <td>{worker.donor_account_name}</td>
                <td>
                  {worker.hash_rate_share === null ? t('workers.fixedRate') : percent.format(worker.hash_rate_share)}
                </td>
                <td>
                  <HashrateFigure figure={worker.hash_rate_15m} />
                </td>
                <td>
                  <HashrateFigure figure={worker.hash_rate_24h} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
