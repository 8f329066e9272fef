import { useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatBtc } from '@/lib/money/format.ts';
import { useEntryData } from '@/lib/use-entry-data.ts';
import { PaymentsTable } from '@/components/money/payments-table.tsx';
import { Pager } from '@/components/ui/pager.tsx';
import './customers.css';
import { customerPaymentsQuery, customerQuery, customerScopeOf, earnedFromMinerQuery } from './customers-api.ts';
import { CustomerHeading } from './customer-tabs.tsx';

const perPage = 20;

/**
 * `/customers/{id}/payments` (spec 2): the customer's payments as the customer sees them, each
 * reward with the operator's share of it, and what the operator (or the pool) earned from it in
 * all; the customer's own payments screen shows neither.
 */
export function CustomerPaymentsPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { id = '' } = useParams();
  const { active } = useEntryData();
  const scope = customerScopeOf(active);
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page') ?? '1') || 1);
  const customer = useQuery({
    ...customerQuery(scope ?? { kind: 'operator', id: '', name: '' }, id),
    enabled: !!scope,
  });
  const list = useQuery({
    ...customerPaymentsQuery(scope ?? { kind: 'operator', id: '', name: '' }, id, page, perPage),
    enabled: !!scope && customer.data !== undefined && customer.data.balance !== null,
  });
  const earned = useQuery({
    ...earnedFromMinerQuery(scope ?? { kind: 'operator', id: '', name: '' }, id),
    enabled: !!scope && customer.data !== undefined && customer.data.earned !== null,
  });
  // The list appears once the card above it has its answer, so it never moves down (as /settings).
  const earnedSettled = customer.data?.earned === null || !earned.isPending;
  if (!scope) return null;
  return (
    <div className="page">
      <CustomerHeading scope={scope} minerId={id} title={t('screens.customerPayments')} />
      {customer.data?.balance === null && <p className="muted">{t('customers.noMoneyAccess')}</p>}
      {earned.data && (
        <section className="card" aria-labelledby="customer-earned">
          <h2 id="customer-earned">{t(`customers.earned.${scope.kind}`)}</h2>
          <p className="figure-value" data-earned-from-miner>
            {formatBtc(earned.data.amount, locale)}
          </p>
          <p className="muted small">{t('customers.earned.hint', { days: earned.data.days.length })}</p>
        </section>
      )}
      {customer.data?.balance !== null && earnedSettled && (
        <section className="card customer-payments" aria-label={t('screens.customerPayments')}>
          {list.data && list.data.items.length > 0 && (
            <PaymentsTable
              payments={list.data.items}
              extra={{
                key: 'operator-share',
                label: t('customers.operatorShare'),
                cell: (payment) =>
                  payment.operator_share === null ? (
                    <span className="muted">—</span>
                  ) : (
                    <span data-operator-share={payment.operator_share}>
                      {formatBtc(payment.operator_share, locale)}
                    </span>
                  ),
              }}
            />
          )}
          {list.data?.items.length === 0 && <p className="muted empty">{t('payments.none')}</p>}
          {list.isPending && <div className="chart-placeholder" aria-busy="true" />}
          <Pager
            summaryKey="customers.paymentsCount"
            page={page}
            perPage={perPage}
            total={list.data?.total}
            onPage={(next) => setSearch(next === 1 ? {} : { page: String(next) }, { replace: true })}
          />
        </section>
      )}
    </div>
  );
}
