// zod's mini build: the sign-in and sign-up pages check their fields with it, and the full build would
// add 25 KB gzip to each (issue 18).
import * as z from 'zod/mini';

import { formMessage } from './form-messages.ts';

/** Spec 5 and 9: a second-factor code is exactly 6 characters, digits only. */
export const twoFactorCodeLength = 6;
export const TwoFactorCode = z
  .string()
  .check(
    z.minLength(1, formMessage.required),
    z.regex(/^\d*$/, formMessage.numeric),
    z.length(twoFactorCodeLength, formMessage.exactly(twoFactorCodeLength)),
  );

/** Spec 5: at least one digit and the minimum length the server sets. */
export function passwordSchema(minLength: number) {
  return z
    .string()
    .check(
      z.minLength(1, formMessage.required),
      z.minLength(minLength, formMessage.atLeast(minLength)),
      z.regex(/\d/, formMessage.digit),
    );
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

/** Turns a schema of zod's mini build into a react-hook-form `validate` function returning a message of {@link formMessage}. */
export function validateWith(schema: z.ZodMiniType) {
  return (value: unknown): true | string => {
    const result = schema.safeParse(value);
    return result.success || (result.error.issues[0]?.message ?? formMessage.required);
  };
}
