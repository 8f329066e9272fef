import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsFlow } from '@/lib/ory/types.ts';
import type { FlowBody } from '@/lib/ory/flow-kinds.ts';
import { csrfTokenOf, isInputNode } from '@/lib/ory/nodes.ts';
import { oryText } from '@/lib/ory/ory-text.ts';
import { hasSecurityKeySupport, registerSecurityKey } from '@/lib/ory/webauthn.ts';

interface Props {
  flow: SettingsFlow;
  submit: (body: FlowBody) => Promise<unknown>;
  submitting: boolean;
}

/** Security keys (WebAuthn): the keys added, each removable, and adding one under a name. */
export function SecurityKeysSection({ flow, submit, submitting }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState('');
  const [failed, setFailed] = useState(false);
  const nodes = flow.ui.nodes.filter((node) => node.group === 'webauthn');
  if (nodes.length === 0) return null;
  const keys = nodes.filter(isInputNode).filter((node) => node.attributes.name === 'webauthn_remove');
  const csrf_token = csrfTokenOf(flow.ui.nodes);

  const add = async () => {
    setFailed(false);
    try {
      const webauthn_register = await registerSecurityKey(flow.ui.nodes);
      await submit({ method: 'webauthn', csrf_token, webauthn_register, webauthn_register_displayname: name.trim() });
      setName('');
    } catch {
      setFailed(true);
    }
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('settings.securityKeys.title')}</h2>
      <p className="muted">{t('settings.securityKeys.lead')}</p>
      {keys.length > 0 && (
        <ul className="rows">
          {keys.map((key) => (
            <li key={String(key.attributes.value)} className="row">
              <span>
                {String((key.meta.label?.context as { display_name?: string } | undefined)?.display_name ?? '')}
              </span>
              <button
                type="button"
                className="button button-small"
                disabled={submitting || key.attributes.disabled}
                onClick={() => void submit({ method: 'webauthn', csrf_token, webauthn_remove: key.attributes.value })}
              >
                {key.meta.label ? oryText(t, key.meta.label) : t('common.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {hasSecurityKeySupport() ? (
        <div className="inline-form">
          <div className="field">
            <label htmlFor={id}>{t('settings.securityKeys.name')}</label>
            <input id={id} value={name} maxLength={64} onChange={(event) => setName(event.target.value)} />
          </div>
          <button
            type="button"
            className="button"
            disabled={submitting || name.trim() === ''}
            onClick={() => void add()}
          >
            {t('settings.securityKeys.add')}
          </button>
        </div>
      ) : (
        <p className="muted">{t('settings.securityKeys.unsupported')}</p>
      )}
      {failed && (
        <p className="notice" data-type="error" role="alert">
          {t('auth.twoFactor.securityKeyFailed')}
        </p>
      )}
    </section>
  );
}
