import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitError } from '@/components/form/form-errors.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { serverText } from '@/lib/server-errors.ts';
import { formMessageText } from '@/lib/form-messages.ts';

/**
 * One payout setting (address, minimum or maximum) typed and saved on its own. Saving is a critical
 * change: the API client opens the verification dialog when the server asks and retries after it;
 * the server's field error (by `field`) shows under the input, anything else under the form.
 */
export function WalletValueForm<T>({
  label,
  hint,
  field,
  initial,
  inputMode,
  parse,
  save,
  onSaved,
}: WalletValueFormProps<T>) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [submitError, setSubmitError] = useState<string>();
  const parsed = parse(text);
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
      await save(parsed.value);
      setTouched(false);
      await onSaved();
    } catch (error) {
      // The dialog was closed without passing: nothing changed and nothing more to say.
      if (error instanceof ApiError && error.code === 'additional_authentication_required') return;
      const onField =
        error instanceof ApiError ? error.fields.find((candidate) => candidate.field === field) : undefined;
      if (onField) setServerError(serverText(t, onField.text));
      else setSubmitError(error instanceof ApiError ? serverText(t, error.message) : t('toasts.somethingWentWrong'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="inline-form wallet-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={`${id}-value`}>{label}</label>
        <input
          id={`${id}-value`}
          inputMode={inputMode}
          autoComplete="off"
          spellCheck={false}
          value={text}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => {
            setServerError(undefined);
            setText(event.target.value);
          }}
          onBlur={() => text !== '' && setTouched(true)}
        />
        {fieldError && (
          <ul className="field-errors">
            <li>{fieldError}</li>
          </ul>
        )}
        {hint && (
          <p className="field-hint" id={`${id}-hint`}>
            {hint}
          </p>
        )}
      </div>
      <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
        {t('payouts.save')}
      </button>
      <SubmitError message={submitError} />
    </form>
  );
}

interface WalletValueFormProps<T> {
  label: string;
  hint?: string;
  /** The request field whose server errors belong under this input. */
  field: string;
  initial: string;
  inputMode: 'text' | 'decimal';
  parse: (text: string) => { value: T } | { error: string };
  save: (value: T) => Promise<unknown>;
  onSaved: () => Promise<unknown>;
}
