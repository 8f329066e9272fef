import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { transferTypes } from '@pool/contract/sharing-codes';
import { paymentsQuery, type PaymentListParams } from '@/lib/money/money-api.ts';
import { scopeOf } from '@/lib/mining/mining-scope.ts';
import { useEntryData } from '@/lib/use-entry-data.ts';
import { PaymentFilters } from './payment-filters.tsx';
import { paramsFromSearch, searchFromParams } from './payment-list-params.ts';
import { PaymentsList } from './payments-list.tsx';
import { useSearchState } from '@/lib/search-state/use-search-state.ts';

/** Only pool staff see it: a miner's /transfers never downloads it (nor the form code it brings). */
const VirtualMiningContractsSection = lazy(() =>
  import('@/components/virtual-mining/virtual-mining-contracts-section.tsx').then((module) => ({
    default: module.VirtualMiningContractsSection,
  })),
);

/**
 * `/transfers` (spec 2): the payments of types transfer, virtual_mining_transfer,
 * virtual_mining_reward and virtual_mining_topup, filtered by those types (none chosen: all four),
 * direction and status, newest first. Pool staff also find the pool's virtual-mining contracts
 * here, below the payments they make: the screen of the Transfers section they already open.
 */
export function TransfersPage() {
  const { t } = useTranslation();
  const { active } = useEntryData();
  const scope = scopeOf(active);
  const [chosen, change] = useSearchState(paramsFromSearch, searchFromParams);
  const params: PaymentListParams = {
    ...chosen,
    types: chosen.types.filter((type) => (transferTypes as readonly string[]).includes(type)),
  };
  const query = { ...params, types: params.types.length > 0 ? params.types : [...transferTypes] };
  const list = useQuery({ ...paymentsQuery(scope ?? { kind: 'miner', id: '', name: '' }, query), enabled: !!scope });
  if (!scope) return null;

  return (
    <div className="page">
      <div className="page-heading">
        <h1 className="page-title">{t('screens.transfers')}</h1>
        <span className="muted">{t(`mining.scope.${scope.kind}`, { name: scope.name })}</span>
      </div>
      <section className="card" aria-label={t('screens.transfers')}>
        <PaymentFilters params={params} onChange={change} types={transferTypes} />
        <PaymentsList list={list} params={params} onChange={change} none={t('sharing.transfers.none')} />
      </section>
      {active?.type === 'pool' && (
        <Suspense fallback={<div className="chart-placeholder" aria-busy="true" />}>
          <VirtualMiningContractsSection
            poolId={active.account_id}
            canChange={active.role === 'admin' || active.role === 'owner'}
          />
        </Suspense>
      )}
    </div>
  );
}
