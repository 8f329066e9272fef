import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePoolConfig } from '@/lib/config/use-pool-config.ts';
import { FlowForm } from '@/components/flow/flow-form.tsx';
import { FlowUnavailable } from '@/components/flow/flow-unavailable.tsx';
import { FlowMessages } from '@/components/flow/flow-messages.tsx';
import { useIdentityFlow } from '@/lib/ory/use-identity-flow.ts';

/** `/auth/verification`: confirms the e-mail address with the code the service mailed. */
export function VerificationPage() {
  const { t } = useTranslation();
  const config = usePoolConfig();
  const { flow: loadedFlow, revision, submit, submitting, unavailable, retry } = useIdentityFlow('verification');
  const flow = unavailable ? undefined : loadedFlow;
  const passed = flow?.state === 'passed_challenge';

  return (
    <section className="auth-panel auth-panel-single" aria-busy={!flow && !unavailable}>
      <h1>{t('screens.verification')}</h1>
      {unavailable && <FlowUnavailable reason={unavailable} onRetry={retry} />}
      {flow && (
        <>
          <FlowMessages messages={flow.ui.messages} />
          {passed ? (
            <Link className="button button-primary button-block" to="/">
              {t('auth.verification.continue')}
            </Link>
          ) : (
            <>
              <p className="muted">
                {flow.state === 'sent_email' ? t('auth.verification.enterCode') : t('auth.verification.lead')}
              </p>
              <FlowForm
                key={`${flow.id}:${revision}`}
                nodes={flow.ui.nodes}
                submitting={submitting}
                passwordMinLength={config.settings.password_min_length}
                onSubmit={submit}
              />
            </>
          )}
        </>
      )}
    </section>
  );
}
