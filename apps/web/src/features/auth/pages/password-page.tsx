import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toast/toast-store.ts';
import { usePoolConfig } from '@/lib/config/use-pool-config.ts';
import { FlowForm } from '@/components/flow/flow-form.tsx';
import { FlowUnavailable } from '@/components/flow/flow-unavailable.tsx';
import { FlowMessages } from '@/components/flow/flow-messages.tsx';
import { nodesOfGroups } from '@/lib/ory/nodes.ts';
import { useIdentityFlow } from '@/lib/ory/use-identity-flow.ts';

/**
 * `/auth/password`: a new password, with the live rule list and show/hide toggles (spec 2 and 5).
 * Reached after recovery with its settings flow, or from settings.
 */
export function PasswordPage() {
  const { t } = useTranslation();
  const config = usePoolConfig();
  const navigate = useNavigate();
  const { flow: loadedFlow, revision, submit, submitting, unavailable, retry } = useIdentityFlow('settings');
  const flow = unavailable ? undefined : loadedFlow;

  return (
    <section className="auth-panel auth-panel-single" aria-busy={!flow && !unavailable}>
      <h1>{t('screens.password')}</h1>
      <p className="muted">{t('auth.password.lead')}</p>
      {unavailable && <FlowUnavailable reason={unavailable} onRetry={retry} />}
      {flow && (
        <>
          <FlowMessages messages={flow.ui.messages?.filter((message) => message.type !== 'success')} />
          <FlowForm
            key={`${flow.id}:${revision}`}
            nodes={nodesOfGroups(flow.ui.nodes, ['default', 'password'])}
            submitting={submitting}
            passwordMinLength={config.settings.password_min_length}
            onSubmit={async (body) => {
              const outcome = await submit(body);
              if (outcome.type === 'flow' && outcome.flow.state === 'success') {
                toast.success(t('auth.password.saved'));
                await navigate('/', { replace: true });
              }
              return outcome;
            }}
          />
        </>
      )}
    </section>
  );
}
