import { describe, expect, it } from 'vitest';
import type { IdentitySession } from '../identity-client/session.ts';
import { defaultStepUpWindowMs, passesStepUp } from './step-up.ts';

const now = new Date('2026-11-22T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

function session(aal: 'aal1' | 'aal2', methods: { method: string; completed_at: string }[]): IdentitySession {
  return {
    id: 'session',
    authenticated_at: minutesAgo(60),
    authenticator_assurance_level: aal,
    authentication_methods: methods.map((entry) => ({ ...entry, aal: entry.method === 'password' ? 'aal1' : 'aal2' })),
    identity: { id: '0b7d5c2e-1f0a-4c38-9d2e-6a1f2c3b4d01', traits: { email: 'a@b.c' } },
  };
}

describe('step-up rule for critical changes', () => {
  it('refuses an identity without a second factor, however fresh its sign-in: it must set one up first', () => {
    expect(passesStepUp(session('aal1', [{ method: 'password', completed_at: minutesAgo(0) }]), now)).toBe(false);
  });

  it('passes when a second factor was used within 15 minutes', () => {
    expect(defaultStepUpWindowMs).toBe(15 * 60_000);
    const recent = session('aal2', [
      { method: 'password', completed_at: minutesAgo(120) },
      { method: 'totp', completed_at: minutesAgo(14) },
    ]);
    expect(passesStepUp(recent, now)).toBe(true);
  });

  it('asks again when the latest second factor is older than 15 minutes', () => {
    const stale = session('aal2', [
      { method: 'password', completed_at: minutesAgo(2) },
      { method: 'totp', completed_at: minutesAgo(16) },
    ]);
    expect(passesStepUp(stale, now)).toBe(false);
  });

  it('counts lookup codes and security keys as second factors, and a fresh password alone never', () => {
    expect(passesStepUp(session('aal2', [{ method: 'lookup_secret', completed_at: minutesAgo(1) }]), now)).toBe(true);
    expect(passesStepUp(session('aal2', [{ method: 'webauthn', completed_at: minutesAgo(1) }]), now)).toBe(true);
    expect(passesStepUp(session('aal2', [{ method: 'password', completed_at: minutesAgo(0) }]), now)).toBe(false);
  });

  it('follows a configured window', () => {
    const tenSecondsAgo = session('aal2', [
      { method: 'totp', completed_at: new Date(now.getTime() - 10_000).toISOString() },
    ]);
    expect(passesStepUp(tenSecondsAgo, now, 30_000)).toBe(true);
    expect(passesStepUp(tenSecondsAgo, now, 5_000)).toBe(false);
  });
});
