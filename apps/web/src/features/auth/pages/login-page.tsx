import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePoolConfig } from '@/lib/config/use-pool-config.ts';
import { markAuthIntent } from '@/lib/session/auth-activity.ts';
import { FlowForm } from '@/components/flow/flow-form.tsx';
import { FlowUnavailable } from '@/components/flow/flow-unavailable.tsx';
import { FlowMessages } from '@/components/flow/flow-messages.tsx';
import { SecondFactorForm } from '@/components/flow/second-factor-form.tsx';
import { AuthCarousel } from '../components/auth-carousel.tsx';
import { nodesOfGroups } from '@/lib/ory/nodes.ts';
import { useIdentityFlow } from '@/lib/ory/use-identity-flow.ts';
import { useReturnTo } from '@/lib/ory/return-to.ts';

/** `/auth/login`: password first; for identities with two-factor, the second step at aal2. */
export function LoginPage({ brand }: { brand?: string }) {
  const { t } = useTranslation();
  const config = usePoolConfig();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const returnTo = useReturnTo();
  const aal = search.get('aal') ?? undefined;
  const refresh = search.get('refresh') === 'true';
  const {
    flow: loadedFlow,
    revision,
    submit,
    submitting,
    unavailable,
    retry,
  } = useIdentityFlow('login', {
    params: { aal, refresh, returnTo: returnTo.forIdentity },
    onSignedIn: () => void navigate(returnTo.inApp ?? '/', { replace: true }),
  });
  const flow = unavailable ? undefined : loadedFlow;
  const secondStep = flow?.requested_aal === 'aal2';

  return (
    <div className="auth-split">
      <section className="auth-panel" aria-busy={!flow && !unavailable}>
        <h1>{secondStep ? t('auth.login.secondFactorTitle') : (brand ?? t('screens.login'))}</h1>
        <p className="muted">
          {secondStep ? t('auth.login.secondFactorLead') : t('auth.login.lead', { pool: config.name })}
        </p>
        {unavailable && <FlowUnavailable reason={unavailable} onRetry={retry} />}
        {flow && secondStep && (
          // The form shows the first server message of a failed attempt itself (spec 8).
          <SecondFactorForm key={flow.id} flow={flow} submit={submit} submitting={submitting} />
        )}
        {flow && !secondStep && (
          <>
            <FlowMessages messages={flow.ui.messages} />
            <FlowForm
              key={`${flow.id}:${revision}`}
              nodes={nodesOfGroups(flow.ui.nodes, ['default', 'password'])}
              submitting={submitting}
              passwordMinLength={config.settings.password_min_length}
              onSubmit={(body) => {
                markAuthIntent('sign in');
                return submit(body);
              }}
              submitLabel={(node) => (node.attributes.name === 'method' ? t('auth.login.submit') : undefined)}
            >
              {!refresh && (
                <p className="form-aside">
                  <Link to="/auth/recovery">{t('auth.login.forgotPassword')}</Link>
                </p>
              )}
            </FlowForm>
            {!refresh && (
              <p className="auth-switch">
                {t('auth.login.noAccount')} <Link to="/auth/registration">{t('auth.login.register')}</Link>
              </p>
            )}
          </>
        )}
      </section>
      <AuthCarousel />
    </div>
  );
}
