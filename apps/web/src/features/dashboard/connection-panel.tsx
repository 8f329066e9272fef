import { useTranslation } from 'react-i18next';
import { usePoolConfig } from '@/lib/config/use-pool-config.ts';
import { copyToClipboard } from '@/lib/clipboard.ts';

function CopyRow({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <div className="copy-row">
      <dt>{label}</dt>
      <dd>
        <code>{value}</code>
        <button
          type="button"
          className="button button-small"
          aria-label={t('mining.connection.copy', { what: label })}
          onClick={() => void copyToClipboard(value)}
        >
          {t('common.copy')}
        </button>
      </dd>
    </div>
  );
}

/**
 * Spec 2: the connection parameters — the pool's stratum addresses and the worker naming rule,
 * the account name, a dot, then the worker name — each with a copy button.
 */
export function ConnectionPanel({ accountName }: { accountName: string }) {
  const { t } = useTranslation();
  const config = usePoolConfig();
  const stratum = config.addresses.filter((entry) => entry.type === 'stratum').map((entry) => entry.address);
  return (
    <section className="card" aria-labelledby="connection-title">
      <h2 id="connection-title">{t('mining.connection.title')}</h2>
      <p className="muted">{t('mining.connection.lead')}</p>
      <dl className="copy-list">
        {stratum.map((address, index) => (
          <CopyRow key={address} label={t('mining.connection.stratum', { number: index + 1 })} value={address} />
        ))}
        <CopyRow
          label={t('mining.connection.worker')}
          value={`${accountName}.${t('mining.connection.workerExample')}`}
        />
        <CopyRow label={t('mining.connection.password')} value="x" />
      </dl>
      <p className="muted small">{t('mining.connection.rule', { account: accountName })}</p>
    </section>
  );
}
