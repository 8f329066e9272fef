import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PaymentsPage } from '@pool/contract/money';
import { Pager } from '@/components/ui/pager.tsx';
import type { PaymentListParams } from '@/lib/money/money-api.ts';
import { PaymentsTable } from '@/components/money/payments-table.tsx';

/**
 * A page of payments under its filters: the table, or why there is none (nothing yet, or nothing
 * matching the filters), its loading and failure states, and the pager.
 */
export function PaymentsList({
  list,
  params,
  onChange,
  none,
}: {
  list: UseQueryResult<PaymentsPage>;
  params: PaymentListParams;
  onChange: (next: PaymentListParams) => void;
  /** What an account with no such payment at all reads. */
  none: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {list.data && list.data.items.length > 0 && <PaymentsTable payments={list.data.items} />}
      {list.data?.items.length === 0 && (
        <p className="muted empty">
          {params.types.length > 0 || params.direction || params.status ? t('payments.noneMatch') : none}
        </p>
      )}
      {list.isPending && <div className="chart-placeholder" aria-busy="true" />}
      {list.isError && (
        <p className="notice" data-type="error">
          {t('toasts.somethingWentWrong')}
        </p>
      )}
      <Pager
        summaryKey="payments.range"
        page={params.page}
        perPage={params.perPage}
        total={list.data?.total}
        onPage={(page) => onChange({ ...params, page })}
      />
    </>
  );
}
