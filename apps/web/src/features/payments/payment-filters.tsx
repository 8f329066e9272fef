import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentDirections, paymentStatuses, paymentTypes, type PaymentType } from '@pool/contract/money-codes';
import type { PaymentListParams } from '@/lib/money/money-api.ts';

/**
 * Spec 2: the payment types (spec 3, in words), several at once and none meaning all; then the
 * direction and the status, each one or all.
 */
export function PaymentFilters({
  params,
  onChange,
  children,
  types = paymentTypes,
}: {
  params: PaymentListParams;
  onChange: (next: PaymentListParams) => void;
  /** What goes at the end of the direction and status row (the export buttons). */
  children?: ReactNode;
  /** The types to filter by (`/transfers` lists only its own). */
  types?: readonly PaymentType[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const toggle = (type: PaymentType) =>
    onChange({
      ...params,
      types: params.types.includes(type)
        ? params.types.filter((item) => item !== type)
        : types.filter((item) => item === type || params.types.includes(item)),
      page: 1,
    });
  return (
    <div className="payments-toolbar">
      <div className="status-filters" role="group" aria-label={t('payments.filters.type')}>
        <button
          type="button"
          aria-pressed={params.types.length === 0}
          onClick={() => onChange({ ...params, types: [], page: 1 })}
        >
          {t('payments.filters.allTypes')}
        </button>
        {types.map((type) => (
          <button key={type} type="button" aria-pressed={params.types.includes(type)} onClick={() => toggle(type)}>
            {t(`payments.types.${type}`)}
          </button>
        ))}
      </div>
      <div className="payments-selects">
        <div className="field">
          <label htmlFor={`${id}-direction`}>{t('payments.filters.direction')}</label>
          <select
            id={`${id}-direction`}
            value={params.direction ?? ''}
            onChange={(event) =>
              onChange({
                ...params,
                direction: paymentDirections.find((item) => item === event.target.value),
                page: 1,
              })
            }
          >
            <option value="">{t('payments.filters.any')}</option>
            {paymentDirections.map((direction) => (
              <option key={direction} value={direction}>
                {t(`payments.directions.${direction}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-status`}>{t('payments.filters.status')}</label>
          <select
            id={`${id}-status`}
            value={params.status ?? ''}
            onChange={(event) =>
              onChange({ ...params, status: paymentStatuses.find((item) => item === event.target.value), page: 1 })
            }
          >
            <option value="">{t('payments.filters.any')}</option>
            {paymentStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`payments.statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
        {children}
      </div>
    </div>
  );
}
