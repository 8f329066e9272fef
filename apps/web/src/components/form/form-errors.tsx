import type { FieldError as FormFieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formMessageText } from '@/lib/form-messages.ts';

/**
 * Spec 5: the error under a field — a client rule's message, translated, or the server's, which
 * arrives translated already.
 */
export function FieldError({ error, id }: { error: FormFieldError | undefined; id?: string }) {
  const { t } = useTranslation();
  if (!error?.message) return null;
  return (
    <ul className="field-errors" id={id}>
      <li>{error.type === 'server' ? error.message : formMessageText(t, error.message)}</li>
    </ul>
  );
}

/** Spec 5: the custom submit error text, for what no field owns. */
export function SubmitError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="notice" data-type="error" role="alert">
      {message}
    </p>
  );
}
