import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FlowForm } from '@/components/flow/flow-form.tsx';
import { FlowMessages } from '@/components/flow/flow-messages.tsx';
import { FlowUnavailable } from '@/components/flow/flow-unavailable.tsx';
import { TwoFactorSection } from '@/components/flow/two-factor-section.tsx';
import { nodesOfGroups } from '@/lib/ory/nodes.ts';
import type { IdentityFlow } from '@/lib/ory/use-identity-flow.ts';
import { DeleteIdentitySection } from './delete-identity-section.tsx';
import { SecurityKeysSection } from './security-keys-section.tsx';
import { SessionsSection } from './sessions-section.tsx';

interface Props {
  settings: IdentityFlow<'settings'>;
  passwordMinLength: number;
  poolName: string;
  /** The signed-in person, whose identity the last section deletes. */
  userId: string | undefined;
}

/**
 * The lower half of `/settings` (spec 2): password, two-factor, security keys, sessions and
 * deletion, top to bottom, each once those above it have their answers. The page downloads it once
 * it has painted: its forms (react-hook-form, zod, WebAuthn) are most of the page's script, and
 * nothing of it shows before the payout settings above it have their answers.
 */
export function SecuritySections({ settings, passwordMinLength, poolName, userId }: Props) {
  const { t } = useTranslation();
  const { revision, submit, submitting, unavailable, retry } = settings;
  const flow = unavailable ? undefined : settings.flow;
  const [sessionsSettled, setSessionsSettled] = useState(false);
  // The sessions follow once the flow has an answer, even one the screen does not show.
  const aboveSessions = !!settings.flow || !!unavailable;
  return (
    <>
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
          poolName={poolName}
        />
      )}
      {flow && <SecurityKeysSection flow={flow} submit={submit} submitting={submitting} />}
      {aboveSessions && <SessionsSection onSettled={() => setSessionsSettled(true)} />}
      {aboveSessions && sessionsSettled && userId && <DeleteIdentitySection userId={userId} />}
    </>
  );
}
