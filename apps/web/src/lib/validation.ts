import { formMessage } from './form-messages.ts';

// The sign-in, sign-up and second-factor forms check their few fields with these rather than zod:
// even zod's mini build was 14 KB gzip of the sign-in page and 11 ms of its start on these
// machines (issue 18). Their messages are those of {@link formMessage}.

/** One rule of a text field: the message of {@link formMessage} when the text breaks it. */
export type TextRule = (text: string) => string | undefined;

/** A field's check as react-hook-form's `validate` takes it: true, or the message to show. */
export type FieldCheck = (value: unknown) => true | string;

export const required: TextRule = (text) => (text.length > 0 ? undefined : formMessage.required);
export const minLength =
  (count: number): TextRule =>
  (text) =>
    text.length >= count ? undefined : formMessage.atLeast(count);
export const maxLength =
  (count: number): TextRule =>
  (text) =>
    text.length <= count ? undefined : formMessage.atMost(count);
export const exactLength =
  (count: number): TextRule =>
  (text) =>
    text.length === count ? undefined : formMessage.exactly(count);
export const matches =
  (pattern: RegExp, message: string): TextRule =>
  (text) =>
    pattern.test(text) ? undefined : message;

/** The address form zod's `z.email()` accepts, which these fields checked with before. */
const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const email: TextRule = matches(emailPattern, formMessage.email);

/** A text field's check: the first rule the text breaks names the message. */
export function textCheck(...rules: TextRule[]): FieldCheck {
  return (value) => {
    const text = typeof value === 'string' ? value : '';
    for (const rule of rules) {
      const message = rule(text);
      if (message !== undefined) return message;
    }
    return true;
  };
}

/** The same, on the text without the spaces around it. */
export function trimmedCheck(...rules: TextRule[]): FieldCheck {
  const check = textCheck(...rules);
  return (value) => check(typeof value === 'string' ? value.trim() : value);
}

/** Spec 5 and 9: a second-factor code is exactly 6 characters, digits only. */
export const twoFactorCodeLength = 6;
export const twoFactorCodeCheck = textCheck(
  required,
  matches(/^\d*$/, formMessage.numeric),
  exactLength(twoFactorCodeLength),
);

/** Spec 5: at least one digit and the minimum length the server sets. */
export function passwordCheck(serverMinimum: number): FieldCheck {
  return textCheck(required, minLength(serverMinimum), matches(/\d/, formMessage.digit));
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
