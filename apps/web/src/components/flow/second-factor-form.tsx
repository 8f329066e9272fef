import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LoginFlow, UiText } from '@/lib/ory/types.ts';
import { formMessageText } from '@/lib/form-messages.ts';
import { required, trimmedCheck, twoFactorCodeCheck } from '@/lib/validation.ts';
import type { FlowOutcome } from '@/lib/ory/flow-api.ts';
import type { FlowBody } from '@/lib/ory/flow-kinds.ts';
import { csrfTokenOf } from '@/lib/ory/nodes.ts';
import { oryText } from '@/lib/ory/ory-text.ts';
import { assertWithSecurityKey } from '@/lib/ory/webauthn.ts';

/** Spec 2: the second-factor methods, in the order the dialog lists them. */
export const secondFactorMethods = ['totp', 'lookup_secret', 'webauthn'] as const;
export type SecondFactorMethod = (typeof secondFactorMethods)[number];

export function methodsOf(flow: LoginFlow): SecondFactorMethod[] {
  return secondFactorMethods.filter((method) => flow.ui.nodes.some((node) => node.group === method));
}

/** Spec 8: a failed second-factor submit shows the first server message. */
export function firstMessageOf(flow: LoginFlow): UiText | undefined {
  return (
    flow.ui.messages?.find((message) => message.type === 'error') ?? flow.ui.nodes.flatMap((node) => node.messages)[0]
  );
}

const lookupSecretCheck = trimmedCheck(required);

interface SecondFactorFormProps {
  flow: LoginFlow;
  submit: (body: FlowBody) => Promise<FlowOutcome<'login'>>;
  submitting: boolean;
}

/**
 * Spec 2 and 4: the method list with a description of each, a 6-digit code entry for the
 * authenticator, one-time lookup codes and security keys; the first method is preselected, choosing
 * another returns to code entry, and a failure message is cleared when the method changes.
 */
export function SecondFactorForm({ flow, submit, submitting }: SecondFactorFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const methods = methodsOf(flow);
  const [method, setMethod] = useState<SecondFactorMethod | undefined>(methods[0]);
  const [choosing, setChoosing] = useState(false);
  const [failure, setFailure] = useState<UiText>();
  const { register, handleSubmit, formState, reset } = useForm<{ code: string }>({
    mode: 'onChange',
    defaultValues: { code: '' },
  });

  const choose = (next: SecondFactorMethod) => {
    setMethod(next);
    setChoosing(false);
    setFailure(undefined);
    reset({ code: '' });
  };

  const send = async (body: FlowBody) => {
    setFailure(undefined);
    const outcome = await submit({ ...body, csrf_token: csrfTokenOf(flow.ui.nodes) });
    if (outcome.type === 'flow') setFailure(firstMessageOf(outcome.flow));
    return outcome;
  };

  const submitCode = ({ code }: { code: string }) =>
    send(
      method === 'totp' ? { method: 'totp', totp_code: code } : { method: 'lookup_secret', lookup_secret: code.trim() },
    );

  const signWithSecurityKey = async () => {
    try {
      await send({ method: 'webauthn', webauthn_login: await assertWithSecurityKey(flow.ui.nodes) });
    } catch {
      setFailure({ id: 0, type: 'error', text: t('auth.twoFactor.securityKeyFailed') });
    }
  };

  if (!method) return null;

  if (choosing) {
    return (
      <div className="second-factor">
        <p className="muted">{t('auth.twoFactor.chooseMethod')}</p>
        <ul className="method-list">
          {methods.map((option) => (
            <li key={option}>
              <button
                type="button"
                className="method-option"
                aria-current={option === method || undefined}
                onClick={() => choose(option)}
              >
                <strong>{t(`auth.twoFactor.methods.${option}.title`)}</strong>
                <span className="muted">{t(`auth.twoFactor.methods.${option}.description`)}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  const codeError = formState.errors.code?.message;
  return (
    <div className="second-factor">
      <div className="method-heading">
        <strong>{t(`auth.twoFactor.methods.${method}.title`)}</strong>
        <p className="muted">{t(`auth.twoFactor.methods.${method}.description`)}</p>
      </div>
      {failure && (
        <p className="notice" data-type="error" role="alert">
          {failure.id === 0 ? failure.text : oryText(t, failure)}
        </p>
      )}
      {method === 'webauthn' ? (
        <button
          type="button"
          className="button button-primary button-block"
          disabled={submitting}
          onClick={() => void signWithSecurityKey()}
        >
          {t('auth.twoFactor.useSecurityKey')}
        </button>
      ) : (
        <form className="flow-form" noValidate onSubmit={(event) => void handleSubmit(submitCode)(event)}>
          <div className="field">
            <label htmlFor={`${id}-code`}>{t(`auth.twoFactor.methods.${method}.label`)}</label>
            <input
              id={`${id}-code`}
              className={method === 'totp' ? 'code-input' : undefined}
              autoFocus
              autoComplete="one-time-code"
              inputMode={method === 'totp' ? 'numeric' : 'text'}
              maxLength={method === 'totp' ? 6 : undefined}
              aria-invalid={codeError ? true : undefined}
              {...register('code', { validate: method === 'totp' ? twoFactorCodeCheck : lookupSecretCheck })}
            />
            {codeError && (
              <ul className="field-errors">
                <li>{formMessageText(t, codeError)}</li>
              </ul>
            )}
          </div>
          <button
            type="submit"
            className="button button-primary button-block"
            disabled={submitting || !formState.isValid}
          >
            {t('auth.twoFactor.verify')}
          </button>
        </form>
      )}
      {methods.length > 1 && (
        <button type="button" className="button button-ghost button-block" onClick={() => setChoosing(true)}>
          {t('auth.twoFactor.chooseAnother')}
        </button>
      )}
    </div>
  );
}
