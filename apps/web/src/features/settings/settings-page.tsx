import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEntryData } from '@/lib/use-entry-data.ts';
import { usePoolConfig } from '@/lib/config/use-pool-config.ts';
import { FlowForm } from '@/components/flow/flow-form.tsx';
import { FlowUnavailable } from '@/components/flow/flow-unavailable.tsx';
import { FlowMessages } from '@/components/flow/flow-messages.tsx';
import { nodesOfGroups } from '@/lib/ory/nodes.ts';
import { useIdentityFlow } from '@/lib/ory/use-identity-flow.ts';
import { identityApi } from '@/lib/ory/identity-client.ts';
import { AccountsSection } from './accounts-section.tsx';
import { DeleteIdentitySection } from './delete-identity-section.tsx';
import { EmailForm } from './email-form.tsx';
import { SecurityKeysSection } from './security-keys-section.tsx';
import { SessionsSection, sessionsQuery } from './sessions-section.tsx';
import { TwoFactorSection } from '@/components/flow/two-factor-section.tsx';
import { PayoutSettingsSection, showsPayoutSettings } from './payout-settings-section.tsx';

/** `/settings` (spec 2): e-mail and accounts, payout settings of the active miner, password, two-factor, security keys, sessions, deletion. */
export function SettingsPage() {
  const { t } = useTranslation();
  const config = usePoolConfig();
  const { identity, active } = useEntryData();
  const { flow: loadedFlow, revision, submit, submitting, unavailable, retry } = useIdentityFlow('settings');
  const flow = unavailable ? undefined : loadedFlow;
  const passwordMinLength = config.settings.password_min_length;
  // Sections appear top to bottom, each once those above it have their answers (see useSettled).
  const [payoutsSettled, setPayoutsSettled] = useState(false);
  const [sessionsSettled, setSessionsSettled] = useState(false);
  const abovePassword = payoutsSettled || !showsPayoutSettings(active);
  const aboveSessions = abovePassword && (!!loadedFlow || !!unavailable);
  // The sessions load with the page, not once the sections above them have settled: they are there
  // when their turn to show comes.
  const identityClient = useMemo(() => identityApi(config), [config]);
  useQuery(sessionsQuery(identityClient));

  return (
    <div className="page">
      <h1 className="page-title">{t('screens.settings')}</h1>
      {identity && (
        <section className="card" aria-labelledby="account-title">
          <h2 id="account-title">{t('settings.account.title')}</h2>
          <dl className="facts">
            <dt>{t('settings.account.email')}</dt>
            <dd>{identity.user.email}</dd>
          </dl>
          <EmailForm email={identity.user.email} flow={flow} submit={submit} submitting={submitting} />
          <h3>{t('settings.account.accounts')}</h3>
          <AccountsSection userId={identity.user.id} permissions={identity.permissions} />
        </section>
      )}
      <PayoutSettingsSection active={active} onSettled={() => setPayoutsSettled(true)} />
      {abovePassword && unavailable && <FlowUnavailable reason={unavailable} onRetry={retry} />}
      {abovePassword && flow && <FlowMessages messages={flow.ui.messages} />}
      {abovePassword && flow && (
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
      {abovePassword && flow && (
        <TwoFactorSection
          flow={flow}
          revision={revision}
          submit={submit}
          submitting={submitting}
          passwordMinLength={passwordMinLength}
          poolName={config.name}
        />
      )}
      {abovePassword && flow && <SecurityKeysSection flow={flow} submit={submit} submitting={submitting} />}
      {aboveSessions && <SessionsSection onSettled={() => setSessionsSettled(true)} />}
      {aboveSessions && sessionsSettled && identity && <DeleteIdentitySection userId={identity.user.id} />}
    </div>
  );
}
