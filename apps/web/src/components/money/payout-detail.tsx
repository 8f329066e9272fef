import { useTranslation } from 'react-i18next';
import type { PayoutDetail as Detail } from '@pool/contract/money';

/**
 * Spec 2: a payout's way to the chain under its type — the request's status, the address it goes to,
 * and once sent its txid, linked to the pool's block explorer when it has one.
 */
export function PayoutDetail({ payout }: { payout: Detail }) {
  const { t } = useTranslation();
  return (
    <dl className="payout-detail muted small">
      <dt className="visually-hidden">{t('payments.payout.status')}</dt>
      <dd data-request-status={payout.status}>{t(`payments.payout.statuses.${payout.status}`)}</dd>
      <dt>{t('payments.payout.address')}</dt>
      <dd className="payout-hash">{payout.address}</dd>
      {payout.txid && (
        <>
          <dt>{t('payments.payout.txid')}</dt>
          <dd className="payout-hash">
            {payout.explorer_url ? (
              <a href={payout.explorer_url} target="_blank" rel="noopener noreferrer">
                {payout.txid}
              </a>
            ) : (
              payout.txid
            )}
          </dd>
        </>
      )}
    </dl>
  );
}
