import type { TFunction } from 'i18next';

/**
 * Spec 5 form messages, as translation keys with their values (without zod, so a screen whose
 * form checks by hand does not download it); a field's schema reports one of
 * these and the form translates it where it shows it.
 */
export const formMessage = {
  required: 'validation.required',
  digit: 'validation.digit',
  atLeast: (count: number) => `validation.atLeast|${count}`,
  exactly: (count: number) => `validation.exactly|${count}`,
  atMost: (count: number) => `validation.atMost|${count}`,
  decimal: 'validation.decimal',
  numeric: 'validation.numeric',
  email: 'validation.email',
  greaterThan: (value: number) => `validation.greaterThan|${value}`,
  greaterOrEqual: (value: number) => `validation.greaterOrEqual|${value}`,
  lessThan: (value: number) => `validation.lessThan|${value}`,
} as const;

/** Splits a message of {@link formMessage} into its translation key and the number it carries. */
export function translatableMessage(message: string): { key: string; count?: number } {
  const [key = message, count] = message.split('|');
  return count === undefined ? { key } : { key, count: Number(count) };
}

/** The text of a {@link formMessage} in the current language. */
export function formMessageText(t: TFunction, message: string): string {
  const { key, count } = translatableMessage(message);
  return t(key, { count });
}
