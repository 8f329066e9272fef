import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HashrateCard } from '@/components/mining/hashrate-card.tsx';
import { StatsGrid } from '@/components/mining/stats-grid.tsx';
import { HashrateFigure } from '@/components/mining/figure.tsx';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatDateTime } from '@/lib/format/time.ts';
import { workersQuery } from '@/lib/mining/mining-api.ts';
import type { MiningScope } from '@/lib/mining/mining-scope.ts';
import { useEntryData } from '@/lib/use-entry-data.ts';
import './customers.css';
import { customerQuery, customerScopeOf } from './customers-api.ts';
import { CustomerHeading } from './customer-tabs.tsx';

/**
 * `/customers/{id}` (spec 2): the customer's mining index — its hashrate chart, statistics and
 * busiest workers — read with the customer as the scope, as its own dashboard reads them.
 */
export function CustomerPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { active } = useEntryData();
  const scope = customerScopeOf(active);
  const customer = useQuery({
    ...customerQuery(scope ?? { kind: 'operator', id: '', name: '' }, id),
    enabled: !!scope,
  });
  if (!scope) return null;
  const mining: MiningScope | undefined = customer.data
    ? { kind: 'miner', id: customer.data.id, name: customer.data.account_name }
    : undefined;
  return (
    <div className="page">
      <CustomerHeading scope={scope} minerId={id} title={t('screens.customer')} />
      {mining && customer.data?.workers !== null && (
        <>
          <HashrateCard scope={mining} />
          <StatsGrid scope={mining} />
          <CustomerWorkers scope={mining} />
        </>
      )}
      {customer.data?.workers === null && <p className="muted">{t('customers.noMiningAccess')}</p>}
    </div>
  );
}

function CustomerWorkers({ scope }: { scope: MiningScope }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const workers = useQuery(
    workersQuery(scope, { status: [], sort: 'hash_rate_15m', direction: 'desc', search: '', page: 1, perPage: 50 }),
  );
  return (
    <section className="card" aria-labelledby="customer-workers">
      <div className="card-heading">
        <h2 id="customer-workers">{t('screens.workers')}</h2>
        <span className="muted small">{t('customers.workersTotal', { total: workers.data?.total ?? 0 })}</span>
      </div>
      {workers.isPending && <div className="chart-placeholder" aria-busy="true" />}
      {workers.data?.items.length === 0 && <p className="muted empty">{t('customers.noWorkers')}</p>}
      {workers.data && workers.data.items.length > 0 && (
        <div className="table-scroll">
          <table className="table record-table">
            <thead>
              <tr>
                <th scope="col">{t('customers.columns.worker')}</th>
                <th scope="col">{t('customers.columns.status')}</th>
                <th scope="col" data-numeric>
                  {t('customers.columns.hashRate')}
                </th>
                <th scope="col">{t('customers.columns.lastShare')}</th>
              </tr>
            </thead>
            <tbody>
              {workers.data.items.map((worker) => (
                <tr key={worker.id} data-worker={worker.worker_name}>
                  <th scope="row" className="record-title mono" data-label={t('customers.columns.worker')}>
                    {worker.worker_name}
                  </th>
                  <td data-label={t('customers.columns.status')} data-status={worker.status}>
                    <span className="status-dot" /> {t(`mining.status.${worker.status}`)}
                  </td>
                  <td data-numeric data-label={t('customers.columns.hashRate')}>
                    <HashrateFigure figure={worker.hash_rate_15m} />
                  </td>
                  <td data-label={t('customers.columns.lastShare')} className="small">
                    {worker.last_share_at ? formatDateTime(new Date(worker.last_share_at), locale) : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
