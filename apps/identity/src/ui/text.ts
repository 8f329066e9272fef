/**
 * Kratos's UI texts (`text/*.go`): numeric ids, English wording and context keys are part of the
 * contract, because the web app translates by id and falls back to the text.
 */
export interface UiText {
  id: number;
  text: string;
  type: 'info' | 'error' | 'success';
  context?: Record<string, unknown>;
}

const info = (id: number, text: string, context?: Record<string, unknown>): UiText =>
  context ? { id, text, type: 'info', context } : { id, text, type: 'info' };
const error = (id: number, text: string, context?: Record<string, unknown>): UiText =>
  context ? { id, text, type: 'error', context } : { id, text, type: 'error' };
const success = (id: number, text: string, context?: Record<string, unknown>): UiText =>
  context ? { id, text, type: 'success', context } : { id, text, type: 'success' };

const minutesAgo = (since: Date, now: Date) => ((now.getTime() - since.getTime()) / 60_000).toFixed(2);
const unix = (at: Date) => Math.floor(at.getTime() / 1000);

export const texts = {
  // 1010xxx login
  loginSignIn: () => info(1010001, 'Sign in'),
  loginReAuth: () => info(1010003, 'Please confirm this action by verifying that it is you.'),
  loginMfa: () => info(1010004, 'Please complete the second authentication challenge.'),
  loginTotpLabel: () => info(1010006, 'Authentication code'),
  loginLookupLabel: () => info(1010007, 'Backup recovery code'),
  loginWebAuthn: () => info(1010008, 'Sign in with a hardware key'),
  loginUseTotp: () => info(1010009, 'Use Authenticator'),
  loginUseLookup: () => info(1010010, 'Use backup recovery code'),
  loginWithPassword: () => info(1010022, 'Sign in with password'),
  // 1040xxx registration
  registrationSignUp: () => info(1040001, 'Sign up'),
  registrationBack: () => info(1040008, 'Back'),
  registrationChooseCredentials: () => info(1040009, 'Please choose a credential to authenticate yourself with.'),
  // 1050xxx settings
  settingsSaved: () => success(1050001, 'Your changes have been saved!'),
  settingsTotpUnlink: () => info(1050004, 'Unlink TOTP Authenticator App'),
  settingsTotpQrCode: () => info(1050005, 'Authenticator app QR code'),
  settingsTotpSecret: (secret: string) => info(1050006, secret, { secret }),
  settingsLookupReveal: () => info(1050007, 'Reveal backup recovery codes'),
  settingsLookupRegenerate: () => info(1050008, 'Generate new backup recovery codes'),
  settingsLookupSecret: (secret: string) => info(1050009, secret, { secret }),
  settingsLookupSecretLabel: () =>
    info(1050010, 'These are your back up recovery codes. Please keep them in a safe place!'),
  settingsLookupConfirm: () => info(1050011, 'Confirm backup recovery codes'),
  settingsWebAuthnAdd: () => info(1050012, 'Add security key'),
  settingsWebAuthnName: () => info(1050013, 'Name of the security key'),
  settingsLookupUsed: (usedAt: Date) =>
    info(1050014, `Secret was used at ${usedAt.toISOString()}`, {
      used_at: usedAt.toISOString(),
      used_at_unix: unix(usedAt),
    }),
  settingsLookupSecretList: (secrets: UiText[]) =>
    info(1050015, secrets.map((secret) => (secret.id === 1050014 ? 'used' : secret.text)).join(', '), { secrets }),
  settingsDisable: () => info(1050016, 'Disable this method'),
  settingsTotpSecretLabel: () =>
    info(1050017, 'This is your authenticator app secret. Use it if you can not scan the QR code.'),
  settingsWebAuthnRemove: (name: string, addedAt: Date) =>
    info(1050018, `Remove security key "${name}"`, {
      display_name: name,
      added_at: addedAt.toISOString(),
      added_at_unix: unix(addedAt),
    }),
  // 1060xxx recovery
  recoverySuccessful: (privilegedUntil: Date, now: Date) =>
    success(
      1060001,
      `You successfully recovered your account. Please change your password or set up an alternative login method (e.g. social sign in) within the next ${((privilegedUntil.getTime() - now.getTime()) / 60_000).toFixed(2)} minutes.`,
      {
        privilegedSessionExpiresAt: privilegedUntil.toISOString(),
        privileged_session_expires_at: privilegedUntil.toISOString(),
        privileged_session_expires_at_unix: unix(privilegedUntil),
      },
    ),
  recoveryCodeSent: () =>
    info(
      1060003,
      'An email containing a recovery code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    ),
  // 1070xxx labels
  labelPassword: () => info(1070001, 'Password'),
  labelTrait: (title: string, name: string) => info(1070002, title, { title, name }),
  labelSave: () => info(1070003, 'Save'),
  labelId: () => info(1070004, 'ID'),
  labelVerifyCode: () => info(1070006, 'Verify code'),
  labelEmail: () => info(1070007, 'Email'),
  labelResendCode: () => info(1070008, 'Resend code'),
  labelContinue: () => info(1070009, 'Continue'),
  labelRecoveryCode: () => info(1070010, 'Recovery code'),
  labelVerificationCode: () => info(1070011, 'Verification code'),
  // 1080xxx verification
  verificationSuccessful: () => success(1080002, 'You successfully verified your email address.'),
  verificationCodeSent: () =>
    info(
      1080003,
      'An email containing a verification code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    ),
  // 4000xxx validation
  generic: (reason: string) => error(4000001, reason, { reason }),
  required: (property: string) => error(4000002, `Property ${property} is missing.`, { property }),
  minLength: (minLength: number, actualLength: number) =>
    error(4000003, `length must be >= ${minLength}, but got ${actualLength}`, {
      min_length: minLength,
      actual_length: actualLength,
    }),
  passwordPolicy: (reason: string) => error(4000005, `The password can not be used because ${reason}.`, { reason }),
  invalidCredentials: () =>
    error(
      4000006,
      'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.',
    ),
  duplicate: () => error(4000007, 'An account with the same identifier (email, phone, username, ...) exists already.'),
  totpWrong: () => error(4000008, 'The provided authentication code is invalid, please try again.'),
  noTotp: () => error(4000011, 'You have no TOTP device set up.'),
  lookupUsed: () => error(4000012, 'This backup recovery code has already been used.'),
  noWebAuthn: () => error(4000013, 'You have no WebAuthn device set up.'),
  noLookup: () => error(4000014, 'You have no backup recovery codes set up.'),
  lookupInvalid: () => error(4000016, 'The backup recovery code is not valid.'),
  maxLength: (maxLength: number, actualLength: number) =>
    error(4000017, `length must be <= ${maxLength}, but got ${actualLength}`, {
      max_length: maxLength,
      actual_length: actualLength,
    }),
  wrongType: (allowed: string, actual: string) =>
    error(4000026, `expected ${allowed}, but got ${actual}`, { allowed_types: [allowed], actual_type: actual }),
  constant: (expected: unknown) => error(4000029, `must be equal to constant ${String(expected)}`, { expected }),
  passwordTooSimilar: () => error(4000031, 'The password can not be used because it is too similar to the identifier.'),
  passwordMinLength: (minLength: number, actualLength: number) =>
    error(4000032, `The password must be at least ${minLength} characters long, but got ${actualLength}.`, {
      min_length: minLength,
      actual_length: actualLength,
    }),
  passwordMaxLength: (maxLength: number, actualLength: number) =>
    error(4000033, `The password must be at most ${maxLength} characters long, but got ${actualLength}.`, {
      max_length: maxLength,
      actual_length: actualLength,
    }),
  passwordBreached: (breaches: number) =>
    error(4000034, 'The password has been found in data breaches and must no longer be used.', { breaches }),
  passwordSameAsOld: () => error(4000039, 'The new password must be different from the old password.'),
  invalidEmail: (value: string) => error(4000040, 'Enter a valid email address', { value }),
  webAuthnWrong: () => error(4000043, 'The provided web authn login is invalid, please try again.'),
  // 4010xxx and beyond
  loginExpired: (expiredAt: Date, now: Date) =>
    error(4010001, `The login flow expired ${minutesAgo(expiredAt, now)} minutes ago, please try again.`, {
      expired_at: expiredAt.toISOString(),
      expired_at_unix: unix(expiredAt),
    }),
  loginNoStrategy: () =>
    error(4010002, 'Could not find a strategy to log you in with. Did you fill out the form correctly?'),
  registrationNoStrategy: () =>
    error(4010003, 'Could not find a strategy to sign you up with. Did you fill out the form correctly?'),
  settingsNoStrategy: () =>
    error(4010004, 'Could not find a strategy to update your settings. Did you fill out the form correctly?'),
  recoveryNoStrategy: () =>
    error(4010005, 'Could not find a strategy to recover your account with. Did you fill out the form correctly?'),
  verificationNoStrategy: () =>
    error(4010006, 'Could not find a strategy to verify your account with. Did you fill out the form correctly?'),
  identityDisabled: () => error(4010011, 'This account has been disabled. Please contact support for assistance.'),
  registrationExpired: (expiredAt: Date, now: Date) =>
    error(4040001, `The registration flow expired ${minutesAgo(expiredAt, now)} minutes ago, please try again.`, {
      expired_at: expiredAt.toISOString(),
      expired_at_unix: unix(expiredAt),
    }),
  settingsExpired: (expiredAt: Date, now: Date) =>
    error(4050001, `The settings flow expired ${minutesAgo(expiredAt, now)} minutes ago, please try again.`, {
      expired_at: expiredAt.toISOString(),
      expired_at_unix: unix(expiredAt),
    }),
  recoveryRetrySuccess: () => error(4060001, 'The request was already completed successfully and can not be retried.'),
  recoveryExpired: (expiredAt: Date, now: Date) =>
    error(4060005, `The recovery flow expired ${minutesAgo(expiredAt, now)} minutes ago, please try again.`, {
      expired_at: expiredAt.toISOString(),
      expired_at_unix: unix(expiredAt),
    }),
  recoveryCodeInvalid: () => error(4060006, 'The recovery code is invalid or has already been used. Please try again.'),
  verificationRetrySuccess: () =>
    error(4070002, 'The request was already completed successfully and can not be retried.'),
  verificationExpired: (expiredAt: Date, now: Date) =>
    error(4070005, `The verification flow expired ${minutesAgo(expiredAt, now)} minutes ago, please try again.`, {
      expired_at: expiredAt.toISOString(),
      expired_at_unix: unix(expiredAt),
    }),
  verificationCodeInvalid: () =>
    error(4070006, 'The verification code is invalid or has already been used. Please try again.'),
} as const;
