import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paymentsQuery } from '@/lib/money/money-api.ts';
import { scopeOf } from '@/lib/mining/mining-scope.ts';
import { useEntryData } from '@/lib/use-entry-data.ts';
import { ExportButtons } from './export-buttons.tsx';
import { PaymentFilters } from './payment-filters.tsx';
import { paramsFromSearch, searchFromParams } from './payment-list-params.ts';
import { PaymentsList } from './payments-list.tsx';
import { useSearchState } from '@/lib/search-state/use-search-state.ts';

/**
 * `/payments` and `/watch/{token}/payments` (spec 2): the account's payments as it sees them,
 * filtered by type, direction and status, newest first, 20 a page; filters and page stay in the
 * address. A miner's list exports the last 7, 30 or 90 days.
 */
export function PaymentsPage() {
  const { t } = useTranslation();
  const { active, watcher } = useEntryData();
  const scope = scopeOf(active, watcher?.token);
  const [params, change] = useSearchState(paramsFromSearch, searchFromParams);
  const list = useQuery({ ...paymentsQuery(scope ?? { kind: 'miner', id: '', name: '' }, params), enabled: !!scope });
  if (!scope) return null;

  return (
    <div className="page">
      <div className="page-heading">
        <h1 className="page-title">{t('screens.payments')}</h1>
        <span className="muted">{t(`mining.scope.${scope.kind}`, { name: scope.name })}</span>
      </div>
      <section className="card" aria-label={t('screens.payments')}>
        <PaymentFilters params={params} onChange={change}>
          {scope.kind === 'miner' && <ExportButtons scope={scope} />}
        </PaymentFilters>
        <PaymentsList list={list} params={params} onChange={change} none={t('payments.none')} />
      </section>
    </div>
  );
}
