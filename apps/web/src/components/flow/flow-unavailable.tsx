import { useTranslation } from 'react-i18next';
import { addressOf } from '@pool/contract/pool-config-codes';
import { usePoolConfig } from '@/lib/config/use-pool-config.ts';
import type { UnavailableReason } from '@/lib/ory/flow-api.ts';

/** The translation key that says why the identity service is unavailable. */
export function unavailableMessageKey(reason: UnavailableReason): string {
  return `auth.unavailable.${reason === 'rate-limited' ? 'rateLimited' : reason}`;
}

/**
 * What a screen shows instead of its form when the identity service could not be reached or
 * failed, with a retry. A page opened at another origin than the pool config's also says where
 * the pool is served, since the browser refuses those calls as cross-origin.
 */
export function FlowUnavailable({ reason, onRetry }: { reason: UnavailableReason; onRetry: () => void }) {
  const { t } = useTranslation();
  const config = usePoolConfig();
  const auth = addressOf(config, 'auth');
  const servedAt = auth ? new URL(auth, window.location.href).origin : window.location.origin;
  const elsewhere = reason === 'unreachable' && servedAt !== window.location.origin;

  return (
    <div className="flow-unavailable">
      <p className="notice" data-type="error" role="alert">
        {t(unavailableMessageKey(reason))}
      </p>
      {elsewhere && (
        <p className="notice" data-type="info">
          {t('auth.unavailable.otherOrigin', { here: window.location.origin, there: servedAt })}{' '}
          <a href={`${servedAt}${window.location.pathname}`}>{t('auth.unavailable.open', { there: servedAt })}</a>
        </p>
      )}
      <button type="button" className="button button-primary button-block" onClick={onRetry}>
        {t('auth.unavailable.retry')}
      </button>
    </div>
  );
}
