import type { IdentitySession } from '../identity-client/session.ts';

/** Spec 6: critical changes need a second-factor check no older than this (Kratos privileged age). */
export const defaultStepUpWindowMs = 15 * 60 * 1000;

const secondFactorMethods = new Set(['totp', 'lookup_secret', 'webauthn']);

/**
 * The step-up rule of the architecture note: a critical change needs a session at aal2 whose latest
 * second factor was used within the window. An identity without any second factor (a session at
 * aal1) never passes: spec 2's verification dialog then shows only the banner that asks to set one
 * up, and spec 6 says critical changes require a second-factor check.
 */
export function passesStepUp(session: IdentitySession, now: Date, windowMs = defaultStepUpWindowMs): boolean {
  if (session.authenticator_assurance_level !== 'aal2' && session.authenticator_assurance_level !== 'aal3') {
    return false;
  }
  const latest = Math.max(
    0,
    ...session.authentication_methods
      .filter((entry) => secondFactorMethods.has(entry.method) && entry.completed_at)
      .map((entry) => Date.parse(entry.completed_at ?? '')),
  );
  return latest > 0 && now.getTime() - latest <= windowMs;
}
