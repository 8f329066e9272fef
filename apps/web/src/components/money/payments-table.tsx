import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Payment } from '@pool/contract/money';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatDateTime, formatDay } from '@/lib/format/time.ts';
import { formatBtc } from '@/lib/money/format.ts';
import { PayoutDetail } from './payout-detail.tsx';
import { RewardBreakdown } from './reward-breakdown.tsx';

const columnCount = 6;

/** A further column a screen adds after the amount (the customer area's operator share, say). */
export interface PaymentColumn<P extends Payment> {
  /** Names the cells (`data-column`), for the screen's styles and tests. */
  key: string;
  label: string;
  cell: (payment: P) => ReactNode;
}

/**
 * Spec 2 payments list: when, what (the type in words), from or to whom, the status and the amount
 * signed by its direction; a reward row opens its breakdown. Below 1024 px each row is a card.
 */
export function PaymentsTable<P extends Payment>({
  payments,
  extra,
}: {
  payments: readonly P[];
  extra?: PaymentColumn<P> | undefined;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [open, setOpen] = useState<string>();
  return (
    <div className="table-scroll">
      <table className="table payments-table">
        <thead>
          <tr>
            <th scope="col">{t('payments.columns.time')}</th>
            <th scope="col">{t('payments.columns.type')}</th>
            <th scope="col">{t('payments.columns.counterparty')}</th>
            <th scope="col">{t('payments.columns.status')}</th>
            <th scope="col" data-numeric>
              {t('payments.columns.amount')}
            </th>
            {extra && (
              <th scope="col" data-numeric data-column={extra.key}>
                {extra.label}
              </th>
            )}
            <th scope="col">
              <span className="visually-hidden">{t('payments.columns.breakdown')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => {
            const sign = payment.direction === 'incoming' ? '+' : '−';
            const at = new Date(payment.created_at);
            return (
              <Fragment key={payment.id}>
                <tr data-payment={payment.id} data-type={payment.type} data-direction={payment.direction}>
                  <th scope="row">
                    <time dateTime={payment.created_at}>{formatDateTime(at, locale)}</time>
                  </th>
                  <td data-column="type">
                    <span>{t(`payments.types.${payment.type}`)}</span>
                    {payment.reward && (
                      <span className="payment-day muted small">
                        {t('payments.forDay', { day: formatDay(payment.reward.day, locale) })}
                      </span>
                    )}
                    {payment.payout && <PayoutDetail payout={payment.payout} />}
                  </td>
                  <td
                    data-column="counterparty"
                    data-label={t('payments.columns.counterparty')}
                    data-empty={payment.counterparty === null || undefined}
                  >
                    {payment.counterparty ?? '—'}
                  </td>
                  <td data-column="status">
                    <span className="payment-status" data-status={payment.status}>
                      {t(`payments.statuses.${payment.status}`)}
                    </span>
                  </td>
                  <td data-numeric>
                    <span className="payment-amount">
                      <span aria-hidden>{sign}</span>
                      <span className="visually-hidden">{t(`payments.directions.${payment.direction}`)} </span>
                      {formatBtc(payment.amount, locale)}
                    </span>
                  </td>
                  {extra && (
                    <td data-column={extra.key} data-label={extra.label}>
                      {extra.cell(payment)}
                    </td>
                  )}
                  <td className="payment-actions">
                    {payment.reward && (
                      <button
                        type="button"
                        className="button button-small"
                        aria-expanded={open === payment.id}
                        aria-controls={`breakdown-${payment.id}`}
                        aria-label={t('payments.showBreakdown', { day: payment.reward.day })}
                        onClick={() => setOpen(open === payment.id ? undefined : payment.id)}
                      >
                        {t('payments.columns.breakdown')}
                      </button>
                    )}
                  </td>
                </tr>
                {payment.reward && open === payment.id && (
                  <tr className="payment-breakdown-row" id={`breakdown-${payment.id}`}>
                    <td colSpan={columnCount + (extra ? 1 : 0)}>
                      <RewardBreakdown breakdown={payment.reward} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
