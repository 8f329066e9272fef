import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import type { SettingsFlow } from '@/lib/ory/types.ts';
import { termsOfUsePath } from '@pool/contract/paths';
import { toast } from '@/components/toast/toast-store.ts';
import { usePoolConfig } from '@/lib/config/use-pool-config.ts';
import { identityQueryKey } from '@/lib/identity/get-identity.ts';
import { sessionQuery } from '@/lib/session/get-session.ts';
import { FlowForm } from '@/components/flow/flow-form.tsx';
import { FlowMessages } from '@/components/flow/flow-messages.tsx';
import { createFlow, getFlow, submitFlow } from '@/lib/ory/flow-api.ts';
import { unavailableMessageKey } from '@/components/flow/flow-unavailable.tsx';
import type { FlowBody } from '@/lib/ory/flow-kinds.ts';
import { csrfTokenOf, inputNamed, nodesOfGroups } from '@/lib/ory/nodes.ts';
import { TwoFactorSection } from '@/components/flow/two-factor-section.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { identityApi } from '@/lib/ory/identity-client.ts';
import type { IdentityApi } from '@/lib/ory/identity-http.ts';
import { acceptInvite, activateInvite, fetchInvite } from './invitation-api.ts';

type Step = 'terms' | 'password' | 'two-factor';

/**
 * Refusals the invitee can act on: activation answers 409 when another browser opened the
 * invitation first (or its identity has a password already), and accepting answers 403 while the
 * signed-in address is not verified.
 */
type Refusal = 'elsewhere' | 'unverified';

/**
 * Signs the invitee in with the recovery code their invitation got, and opens the settings flow
 * that recovery leads to: there they set a password and two-factor.
 */
async function signInWithRecoveryCode(api: IdentityApi, flowId: string, code: string): Promise<SettingsFlow> {
  const fetched = await getFlow(api, 'recovery', flowId);
  if (fetched.type !== 'flow') throw new Error('the recovery flow of the invitation is gone');
  const submitted = await submitFlow(api, 'recovery', fetched.flow, {
    method: 'code',
    code,
    csrf_token: csrfTokenOf(fetched.flow.ui.nodes),
  });
  const settingsId =
    submitted.type === 'location' ? new URL(submitted.to, window.location.origin).searchParams.get('flow') : null;
  const settings = settingsId ? await getFlow(api, 'settings', settingsId) : await createFlow(api, 'settings');
  if (settings.type !== 'flow') throw new Error('no settings flow after recovery');
  return settings.flow;
}

/**
 * `/invitation` (spec 2: set a password and two-factor). Someone who already signs in accepts after
 * signing in; someone new agrees to the terms, sets a password, sets up two-factor, and accepts.
 */
export function InvitationPage() {
  const { t } = useTranslation();
  const config = usePoolConfig();
  const api = useMemo(() => identityApi(config), [config]);
  const client = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const invite = useQuery({
    queryKey: ['invite', token],
    queryFn: () => fetchInvite(token),
    enabled: token !== '',
    retry: false,
  });
  const session = useQuery(sessionQuery(api));
  const [step, setStep] = useState<Step>('terms');
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [flow, setFlow] = useState<SettingsFlow>();
  const [revision, setRevision] = useState(0);
  const [refusal, setRefusal] = useState<Refusal>();

  const accept = async () => {
    setBusy(true);
    try {
      await acceptInvite(token);
      await client.invalidateQueries({ queryKey: identityQueryKey });
      toast.success(t('invitation.accepted'));
      await navigate('/', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) setRefusal('unverified');
      else toast.error(t('toasts.somethingWentWrong'));
      setBusy(false);
    }
  };

  const start = async () => {
    setBusy(true);
    try {
      const activation = await activateInvite(token);
      setFlow(await signInWithRecoveryCode(api, activation.recovery_flow_id, activation.recovery_code));
      await client.invalidateQueries({ queryKey: ['session'] });
      setStep('password');
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setRefusal('elsewhere');
      else toast.error(t('toasts.somethingWentWrong'));
    } finally {
      setBusy(false);
    }
  };

  const submitSettings = async (body: FlowBody) => {
    if (!flow) return;
    const outcome = await submitFlow(api, 'settings', flow, body);
    if (outcome.type === 'unavailable') toast.error(t(unavailableMessageKey(outcome.reason)));
    if (outcome.type === 'flow') {
      setFlow(outcome.flow);
      setRevision((value) => value + 1);
      if (step === 'password' && outcome.flow.state === 'success') setStep('two-factor');
    }
    return outcome;
  };

  if (!token || invite.isError) {
    return (
      <section className="auth-panel auth-panel-single">
        <h1>{t('screens.invitation')}</h1>
        <p className="notice" data-type="error">
          {t('invitation.invalid')}
        </p>
        <Link to="/auth/login">{t('auth.recovery.backToLogin')}</Link>
      </section>
    );
  }
  if (!invite.data || session.isPending) return <div className="page-loading" aria-busy="true" />;
  const { email, account_name, role, has_identity } = invite.data;
  const traits: unknown = session.data?.status === 'authenticated' ? session.data.session.identity?.traits : undefined;
  const signedInEmail = (traits as { email?: string } | undefined)?.email?.toLowerCase();
  const twoFactorReady = flow ? inputNamed(flow.ui.nodes, 'totp_unlink') !== undefined : false;
  const signInPath = `/auth/login?return_to=${encodeURIComponent(`/invitation?token=${token}`)}`;

  if (refusal) {
    return (
      <section className="auth-panel auth-panel-single">
        <h1>{t('screens.invitation')}</h1>
        <p className="notice" data-type="error" role="alert">
          {refusal === 'elsewhere' ? t('invitation.openedElsewhere') : t('invitation.unverified', { email })}
        </p>
        {refusal === 'elsewhere' ? (
          <Link className="button button-primary button-block" to={signInPath}>
            {t('invitation.signInToAccept')}
          </Link>
        ) : (
          <Link className="button button-primary button-block" to="/auth/verification">
            {t('invitation.verify')}
          </Link>
        )}
      </section>
    );
  }

  return (
    <section className="auth-panel auth-panel-single">
      <h1>{t('screens.invitation')}</h1>
      <p className="muted">{t('invitation.lead', { account: account_name, role: t(`roles.${role}`), email })}</p>
      {step === 'terms' && signedInEmail === email && (
        <button
          type="button"
          className="button button-primary button-block"
          disabled={busy}
          onClick={() => void accept()}
        >
          {t('invitation.accept')}
        </button>
      )}
      {step === 'terms' && signedInEmail !== undefined && signedInEmail !== email && (
        <p className="notice" data-type="error">
          {t('invitation.otherAccount', { email: signedInEmail })}
        </p>
      )}
      {step === 'terms' && signedInEmail === undefined && has_identity && (
        <Link className="button button-primary button-block" to={signInPath}>
          {t('invitation.signInToAccept')}
        </Link>
      )}
      {step === 'terms' && signedInEmail === undefined && !has_identity && (
        <>
          <div className="field field-checkbox">
            <input
              id="invitation-terms"
              type="checkbox"
              checked={agreed}
              onChange={(event) => setAgreed(event.target.checked)}
            />
            <label htmlFor="invitation-terms">
              <Trans
                i18nKey="auth.registration.terms"
                components={{ terms: <a href={termsOfUsePath} target="_blank" rel="noreferrer" /> }}
              />
            </label>
          </div>
          <button
            type="button"
            className="button button-primary button-block"
            disabled={!agreed || busy}
            onClick={() => void start()}
          >
            {t('invitation.continue')}
          </button>
        </>
      )}
      {step === 'password' && flow && (
        <>
          <h2>{t('invitation.setPassword')}</h2>
          <FlowMessages messages={flow.ui.messages?.filter((message) => message.type === 'error')} />
          <FlowForm
            key={`password:${revision}`}
            nodes={nodesOfGroups(flow.ui.nodes, ['default', 'password'])}
            submitting={busy}
            passwordMinLength={config.settings.password_min_length}
            onSubmit={submitSettings}
          />
        </>
      )}
      {step === 'two-factor' && flow && (
        <>
          <TwoFactorSection
            flow={flow}
            revision={revision}
            submit={submitSettings}
            submitting={busy}
            passwordMinLength={config.settings.password_min_length}
            poolName={config.name}
          />
          <button
            type="button"
            className="button button-primary button-block"
            disabled={!twoFactorReady || busy}
            onClick={() => void accept()}
          >
            {t('invitation.finish')}
          </button>
        </>
      )}
    </section>
  );
}
