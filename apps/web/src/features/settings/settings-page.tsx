import { useTranslation } from 'react-i18next';
import { useEntryData } from '@/lib/use-entry-data.ts';
import { accountLabel } from '@/lib/identity/account-label.ts';
import { usePoolConfig } from '@/lib/config/use-pool-config.ts';
import { FlowForm } from '@/components/flow/flow-form.tsx';
import { FlowUnavailable } from '@/components/flow/flow-unavailable.tsx';
import { FlowMessages } from '@/components/flow/flow-messages.tsx';
import { nodesOfGroups } from '@/lib/ory/nodes.ts';
import { useIdentityFlow } from '@/lib/ory/use-identity-flow.ts';
import { DeleteIdentitySection } from './delete-identity-section.tsx';
import { SecurityKeysSection } from './security-keys-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { TwoFactorSection } from '@/components/flow/two-factor-section.tsx';

/** `/settings` (spec 2): e-mail and accounts, password, two-factor, security keys, sessions, deletion. */
export function SettingsPage() {
  const { t } = useTranslation();
  const config = usePoolConfig();
  const { identity } = useEntryData();
  const { flow: loadedFlow, revision, submit, submitting, unavailable, retry } = useIdentityFlow('settings');
  const flow = unavailable ? undefined : loadedFlow;
  const passwordMinLength = config.settings.password_min_length;

  return (
    <div className="page">
      <h1 className="page-title">{t('screens.settings')}</h1>
      {identity && (
        <section className="card" aria-labelledby="account-title">
          <h2 id="account-title">{t('settings.account.title')}</h2>
          <dl className="facts">
            <dt>{t('settings.account.email')}</dt>
            <dd>{identity.user.email}</dd>
            <dt>{t('settings.account.accounts')}</dt>
            <dd>
              <ul className="plain-list">
                {identity.permissions.map((permission) => (
                  <li key={permission.id}>
                    {accountLabel(permission)} <span className="badge">{t(`roles.${permission.role}`)}</span>
                  </li>
                ))}
              </ul>
            </dd>
          </dl>
        </section>
      )}
      {unavailable && <FlowUnavailable reason={unavailable} onRetry={retry} />}
      {flow && <FlowMessages messages={flow.ui.messages} />}
      {flow && (
        <section className="card" aria-labelledby="password-title">
          <h2 id="password-title">{t('settings.password.title')}</h2>
          <FlowForm
            key={`password:${flow.id}:${revision}`}
            nodes={nodesOfGroups(flow.ui.nodes, ['default', 'password'])}
            submitting={submitting}
            passwordMinLength={passwordMinLength}
            onSubmit={submit}
          />
        </section>
      )}
      {flow && (
        <TwoFactorSection
          flow={flow}
          revision={revision}
          submit={submit}
          submitting={submitting}
          passwordMinLength={passwordMinLength}
          poolName={config.name}
        />
      )}
      {flow && <SecurityKeysSection flow={flow} submit={submit} submitting={submitting} />}
      <SessionsSection />
      {identity && <DeleteIdentitySection userId={identity.user.id} />}
    </div>
  );
}
