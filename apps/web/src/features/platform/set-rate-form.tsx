import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RewardRateSource } from '@pool/contract/money-codes';
import { SubmitError } from '@/components/form/form-errors.tsx';
import { toast } from '@/components/toast/toast-store.ts';
import { ApiError } from '@/lib/api-client.ts';
import { platformQueryKey } from '@/lib/platform/platform-state.ts';
import { serverText } from '@/lib/server-errors.ts';
import { formMessage, formMessageText } from '@/lib/form-messages.ts';
import { setCurrentRate } from './platform-api.ts';

/** The contract's upper bound on a rate (`SatoshiRate`), satoshis per TH/s per day. */
export const maximumRate = 10_000_000;

/**
 * A rate as typed: digits with "." or "," and up to three decimals (millisatoshis), above zero and
 * at most {@link maximumRate}; the message key of what is wrong, or the number.
 */
export function parseRate(text: string): { rate: number } | { error: string } {
  const compact = text.trim().replace(',', '.');
  if (compact === '') return { error: formMessage.required };
  if (!/^\d+(\.\d+)?$/.test(compact)) return { error: formMessage.decimal };
  if (!/^\d+(\.\d{1,3})?$/.test(compact)) return { error: 'platform.rates.atMostThreeDecimals' };
  const rate = Number(compact);
  if (rate <= 0) return { error: formMessage.greaterThan(0) };
  if (rate > maximumRate) return { error: 'platform.rates.tooHigh' };
  return { rate };
}

/**
 * Spec 3: the platform admin sets the current rate, by hand or by taking a source's latest value.
 * A critical change: the API client opens the verification dialog when the server asks, then retries.
 */
export function SetRateForm({ draft, onChange }: SetRateFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [submitError, setSubmitError] = useState<string>();
  const parsed = parseRate(draft.rate);
  const clientError = touched && 'error' in parsed ? formMessageText(t, parsed.error) : undefined;
  const fieldError = clientError ?? serverError;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setServerError(undefined);
    setSubmitError(undefined);
    if ('error' in parsed) return;
    setBusy(true);
    try {
      await setCurrentRate({ rate: parsed.rate, source: draft.source });
      setTouched(false);
      onChange({ rate: '', source: 'manual' });
      toast.success(t('platform.rates.set'));
      await client.invalidateQueries({ queryKey: [...platformQueryKey, 'rates'] });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'additional_authentication_required') return;
      const onRate = error instanceof ApiError ? error.fields.find((field) => field.field === 'rate') : undefined;
      if (onRate) setServerError(serverText(t, onRate.text));
      else setSubmitError(error instanceof ApiError ? serverText(t, error.message) : t('toasts.somethingWentWrong'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="inline-form rate-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={`${id}-rate`}>{t('platform.rates.newRate')}</label>
        <input
          id={`${id}-rate`}
          inputMode="decimal"
          autoComplete="off"
          value={draft.rate}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setServerError(undefined);
            onChange({ rate: event.target.value, source: 'manual' });
          }}
          onBlur={() => draft.rate !== '' && setTouched(true)}
        />
        {fieldError && (
          <ul className="field-errors">
            <li>{fieldError}</li>
          </ul>
        )}
        <p className="field-hint" id={`${id}-hint`}>
          {draft.source === 'network' ? t('platform.rates.fromNetwork') : t('platform.rates.unit')}
        </p>
      </div>
      <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
        {t('platform.rates.setButton')}
      </button>
      <SubmitError message={submitError} />
    </form>
  );
}

/** What the form holds: the typed rate and where it came from (a source's value taken as it is). */
export interface RateDraft {
  rate: string;
  source: RewardRateSource;
}

interface SetRateFormProps {
  draft: RateDraft;
  onChange: (draft: RateDraft) => void;
}
