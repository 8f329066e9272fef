import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SettingsFlow } from '@/lib/ory/types.ts';
import { toast } from '@/components/toast/toast-store.ts';
import { identityQueryKey } from '@/lib/identity/get-identity.ts';
import type { FlowBody } from '@/lib/ory/flow-kinds.ts';
import type { FlowOutcome } from '@/lib/ory/flow-api.ts';
import { csrfTokenOf, inputNamed } from '@/lib/ory/nodes.ts';

/**
 * Spec 2 user settings, e-mail: a new address goes through the identity's settings `profile`
 * method (a recent sign-in first, as it is the sign-in identifier); the identity mails the new
 * address a code and the person goes on to enter it, as Kratos's `show_verification_ui` says.
 */
export function EmailForm({
  email,
  flow,
  submit,
  submitting,
}: {
  email: string;
  flow: SettingsFlow | undefined;
  submit: (body: FlowBody) => Promise<FlowOutcome<'settings'>>;
  submitting: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [value, setValue] = useState('');
  const problems = flow ? (inputNamed(flow.ui.nodes, 'traits.email')?.messages ?? []) : [];
  const next = value.trim().toLowerCase();
  const unchanged = next === '' || next === email.toLowerCase();

  const change = async () => {
    if (!flow || unchanged) return;
    const outcome = await submit({
      method: 'profile',
      traits: { email: next, terms_agreed: true },
      csrf_token: csrfTokenOf(flow.ui.nodes),
    });
    if (outcome.type !== 'flow' || outcome.flow.state !== 'success') return;
    await client.invalidateQueries({ queryKey: identityQueryKey });
    toast.success(t('settings.email.changed', { email: next }));
    const show = outcome.flow.continue_with?.find((entry) => entry.action === 'show_verification_ui');
    if (show && 'flow' in show) await navigate(`/auth/verification?flow=${show.flow.id}`);
  };

  return (
    <form
      className="inline-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void change();
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-email`}>{t('settings.email.new')}</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={value}
          disabled={!flow}
          aria-describedby={problems.length ? `${id}-problems` : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
        {problems.length > 0 && (
          <ul className="field-errors" id={`${id}-problems`}>
            {problems.map((message) => (
              <li key={message.id}>{message.text}</li>
            ))}
          </ul>
        )}
      </div>
      <button type="submit" className="button" disabled={!flow || submitting || unchanged}>
        {t('settings.email.change')}
      </button>
    </form>
  );
}
