import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-client.ts';
import { serverText } from '@/lib/server-errors.ts';
import type { TFunction } from 'i18next';

/** One labelled input with its errors under it (spec 5: field errors appear under the matching field). */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <ul className="field-errors" id={`${id}-error`}>
          <li>{error}</li>
        </ul>
      )}
    </div>
  );
}

/**
 * A failed creation: the server's field errors go under their inputs; anything else is spec 8's
 * customer-creation failure text. Answers the submit error, if any.
 */
export function creationErrors<Field extends string>(
  t: TFunction,
  error: unknown,
  fields: readonly Field[],
  setErrors: (errors: Partial<Record<Field, string>>) => void,
): string | undefined {
  if (error instanceof ApiError && error.fields.length > 0) {
    const byField: Partial<Record<Field, string>> = {};
    let unmatched = false;
    for (const entry of error.fields) {
      const field = fields.find((candidate) => candidate === entry.field);
      if (field) byField[field] = serverText(t, entry.text);
      else unmatched = true;
    }
    setErrors(byField);
    return unmatched ? t('customers.unexpected') : undefined;
  }
  return t('customers.unexpected');
}
