import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountNameRules } from '@pool/contract/account-codes';
import { Miner } from '@pool/contract/accounts';
import { identityQueryKey } from '@/lib/identity/get-identity.ts';
import { api } from '@/lib/api-client.ts';
import { FieldError, SubmitError } from '@/components/form/form-errors.tsx';
import { applyServerErrors } from '@/lib/server-errors.ts';
import { matches, maxLength, minLength, required, textCheck } from '@/lib/validation.ts';
import { clearSignUpData, readSignUpData } from '@/features/auth/sign-up-data.ts';

/** Spec 5: latin lowercase letters, digits and underscores, within the length bounds. */
export const accountNameCheck = textCheck(
  required,
  matches(accountNameRules.pattern, 'auth.name.invalid'),
  minLength(accountNameRules.minLength),
  maxLength(accountNameRules.maxLength),
);

interface Values {
  account_name: string;
}

/**
 * `/auth/name`: the account-name step of sign-up, where a person without any account (spec 5: an
 * empty permissions list) creates their miner account, with the sign-up data stored before.
 */
export function AccountNamePage() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [submitError, setSubmitError] = useState<string>();
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    mode: 'onChange',
    defaultValues: { account_name: '' },
  });

  const create = async ({ account_name }: Values) => {
    setSubmitError(undefined);
    const { operator_title, promo_code, referral_code } = readSignUpData();
    try {
      await api('/miners', {
        method: 'POST',
        body: { account_name, operator_title, promo_code, referral_code },
        schema: Miner,
      });
    } catch (error) {
      setSubmitError(applyServerErrors(t, error, setError, ['account_name']));
      return;
    }
    clearSignUpData();
    await client.invalidateQueries({ queryKey: identityQueryKey });
    await navigate('/', { replace: true });
  };

  const fieldError = formState.errors.account_name?.message;
  return (
    <section className="auth-panel auth-panel-single">
      <h1>{t('screens.accountName')}</h1>
      <p className="muted">{t('auth.name.lead')}</p>
      <form className="flow-form" noValidate onSubmit={(event) => void handleSubmit(create)(event)}>
        <div className="field">
          <label htmlFor={id}>{t('auth.name.label')}</label>
          <input
            id={id}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`${id}-hint`}
            {...register('account_name', { validate: accountNameCheck })}
          />
          <p id={`${id}-hint`} className="field-hint">
            {t('auth.name.rules', { min: accountNameRules.minLength, max: accountNameRules.maxLength })}
          </p>
          <FieldError error={formState.errors.account_name} />
        </div>
        <SubmitError message={submitError} />
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={formState.isSubmitting || !formState.isValid}
        >
          {t('auth.name.submit')}
        </button>
      </form>
    </section>
  );
}
