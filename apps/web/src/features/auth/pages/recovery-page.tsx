import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePoolConfig } from '@/lib/config/use-pool-config.ts';
import { FlowForm } from '@/components/flow/flow-form.tsx';
import { FlowUnavailable } from '@/components/flow/flow-unavailable.tsx';
import { FlowMessages } from '@/components/flow/flow-messages.tsx';
import { useIdentityFlow } from '@/lib/ory/use-identity-flow.ts';

/**
 * `/auth/recovery`: an e-mail, then the code from the mail (spec 2: with a hint to look in the spam
 * folder); a valid code signs the person in and leads to setting a new password.
 */
export function RecoveryPage() {
  const { t } = useTranslation();
  const config = usePoolConfig();
  const {
    flow: loadedFlow,
    revision,
    submit,
    submitting,
    unavailable,
    retry,
  } = useIdentityFlow('recovery', {
    // Kratos sends the browser to its settings UI with the new settings flow; here that is the
    // set-a-new-password screen.
    rewriteLocation: (path) => path.replace(/^\/settings\b/, '/auth/password'),
  });
  const flow = unavailable ? undefined : loadedFlow;
  const sent = flow?.state === 'sent_email';

  return (
    <section className="auth-panel auth-panel-single" aria-busy={!flow && !unavailable}>
      <h1>{t('screens.recovery')}</h1>
      <p className="muted">{sent ? t('auth.recovery.enterCode') : t('auth.recovery.lead')}</p>
      {unavailable && <FlowUnavailable reason={unavailable} onRetry={retry} />}
      {flow && (
        <>
          <FlowMessages messages={flow.ui.messages} />
          {sent && (
            <p className="notice" data-type="info">
              {t('auth.recovery.spamHint')}
            </p>
          )}
          <FlowForm
            key={`${flow.id}:${revision}`}
            nodes={flow.ui.nodes}
            submitting={submitting}
            passwordMinLength={config.settings.password_min_length}
            onSubmit={submit}
          />
          <p className="auth-switch">
            <Link to="/auth/login">{t('auth.recovery.backToLogin')}</Link>
          </p>
        </>
      )}
    </section>
  );
}
