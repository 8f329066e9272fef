import type { TFunction } from 'i18next';
import { z } from 'zod';

/**
 * Spec 5 form messages, as translation keys with their values; a field's schema reports one of
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

/** Spec 5 and 9: a second-factor code is exactly 6 characters, digits only. */
export const twoFactorCodeLength = 6;
export const TwoFactorCode = z
  .string()
  .min(1, formMessage.required)
  .regex(/^\d*$/, formMessage.numeric)
  .length(twoFactorCodeLength, formMessage.exactly(twoFactorCodeLength));

/** Spec 5: at least one digit and the minimum length the server sets. */
export function passwordSchema(minLength: number) {
  return z
    .string()
    .min(1, formMessage.required)
    .min(minLength, formMessage.atLeast(minLength))
    .regex(/\d/, formMessage.digit);
}

/**
 * Spec 2 password rule list: what the form requires (length, a digit) and what makes a password
 * stronger (a special symbol, lower and upper case letters), each checked live.
 */
export function passwordRules(password: string, minLength: number) {
  return {
    minLength: [...password].length >= minLength,
    digit: /\d/.test(password),
    special: /[^\p{L}\p{N}\s]/u.test(password),
    cases: /\p{Ll}/u.test(password) && /\p{Lu}/u.test(password),
  };
}

/** Turns a zod schema into a react-hook-form `validate` function returning a message of {@link formMessage}. */
export function validateWith(schema: z.ZodType) {
  return (value: unknown): true | string => {
    const result = schema.safeParse(value);
    return result.success || (result.error.issues[0]?.message ?? formMessage.required);
  };
}
