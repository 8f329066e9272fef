import { lazy, Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEntryData } from '@/lib/use-entry-data.ts';
import { usePoolConfig } from '@/lib/config/use-pool-config.ts';
import { useIdentityFlow } from '@/lib/ory/use-identity-flow.ts';
import { identityApi } from '@/lib/ory/identity-client.ts';
import { afterNextPaint } from '@/lib/after-next-paint.ts';
import { AccountsSection } from './accounts-section.tsx';
import { EmailForm } from './email-form.tsx';
import { sessionsQuery } from './sessions-query.ts';
import { PayoutSettingsSection, showsPayoutSettings } from './payout-settings-section.tsx';

const loadSecuritySections = () => import('./security-sections.tsx');
const SecuritySections = lazy(() => loadSecuritySections().then((module) => ({ default: module.SecuritySections })));

/** `/settings` (spec 2): e-mail and accounts, payout settings of the active miner, password, two-factor, security keys, sessions, deletion. */
export function SettingsPage() {
  const { t } = useTranslation();
  const config = usePoolConfig();
  const { identity, active } = useEntryData();
  const settings = useIdentityFlow('settings');
  const { flow: loadedFlow, submit, submitting, unavailable } = settings;
  const flow = unavailable ? undefined : loadedFlow;
  // Sections appear top to bottom, each once those above it have their answers (see useSettled).
  const [payoutsSettled, setPayoutsSettled] = useState(false);
  const abovePassword = payoutsSettled || !showsPayoutSettings(active);
  // The lower sections' script and the sessions load once the page has painted, not once the
  // sections above them have settled: they are there when their turn to show comes.
  const client = useQueryClient();
  useEffect(
    () =>
      afterNextPaint(() => {
        // A failed download shows through the sections' own load, once they render.
        loadSecuritySections().catch(() => undefined);
        void client.prefetchQuery(sessionsQuery(identityApi(config)));
      }),
    [client, config],
  );

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
      {abovePassword && (
        <Suspense fallback={null}>
          <SecuritySections
            settings={settings}
            passwordMinLength={config.settings.password_min_length}
            poolName={config.name}
            userId={identity?.user.id}
          />
        </Suspense>
      )}
    </div>
  );
}
