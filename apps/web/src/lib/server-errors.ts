import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * The product API words its messages in English (spec 5 backend field messages, spec 8 product
 * messages); each is translated by a key made of its words, falling back to the text itself.
 */
export function serverText(t: TFunction, text: string): string {
  const key = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  return t(`serverMessages.${key}`, { defaultValue: text });
}

/**
 * Spec 5: server field errors appear under the matching field by name; whatever does not match a
 * field becomes the form's submit error. Returns that submit error, if any.
 */
export function applyServerErrors<T extends FieldValues>(
  t: TFunction,
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): string | undefined {
  if (!(error instanceof ApiError)) return t('toasts.somethingWentWrong');
  const unmatched: string[] = [];
  for (const field of error.fields) {
    const name = fieldNames.find((candidate) => candidate === field.field);
    if (name) setError(name, { type: 'server', message: serverText(t, field.text) });
    else unmatched.push(serverText(t, field.text));
  }
  if (error.fields.length === 0 || unmatched.length) return unmatched[0] ?? serverText(t, error.message);
  return undefined;
}
