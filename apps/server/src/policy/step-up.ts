import type { IdentitySession } from '../identity-client/session.ts';

/** Spec 6: critical changes need a second-factor check no older than this (Kratos privileged age). */
export const stepUpWindowMs = 15 * 60 * 1000;

const secondFactorMethods = new Set(['totp', 'lookup_secret', 'webauthn']);

/**
 * The step-up rule of the architecture note. Whoami answers `session_aal2_required` for an
 * identity whose second factor went unused, so a session that reaches here at aal1 belongs to an
 * identity without one: there is nothing further to ask of it. At aal2 the latest second factor
 * must have been used within the window.
 */
export function passesStepUp(session: IdentitySession, now: Date): boolean {
  if (session.authenticator_assurance_level === 'aal1') return true;
  const latest = Math.max(
    0,
    ...session.authentication_methods
      .filter((entry) => secondFactorMethods.has(entry.method) && entry.completed_at)
      .map((entry) => Date.parse(entry.completed_at ?? '')),
  );
  return latest > 0 && now.getTime() - latest <= stepUpWindowMs;
}
