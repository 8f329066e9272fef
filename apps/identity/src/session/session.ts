import { publicIdentityJson, type Identity } from '../identity/identity.ts';

export type AuthenticatorAssuranceLevel = 'aal0' | 'aal1' | 'aal2';

export type AuthenticationMethodName = 'password' | 'totp' | 'lookup_secret' | 'webauthn' | 'code_recovery';

export interface AuthenticationMethod {
  method: AuthenticationMethodName;
  aal: 'aal1' | 'aal2';
  completed_at: string;
}

export interface SessionDevice {
  id: string;
  ipAddress: string | null;
  userAgent: string | null;
  location: string | null;
}

export interface Session {
  id: string;
  identityId: string;
  active: boolean;
  aal: AuthenticatorAssuranceLevel;
  authenticationMethods: AuthenticationMethod[];
  authenticatedAt: Date;
  issuedAt: Date;
  expiresAt: Date;
  logoutToken: string;
  devices: SessionDevice[];
}

export const aalRank: Record<AuthenticatorAssuranceLevel, number> = { aal0: 0, aal1: 1, aal2: 2 };

/** Kratos's rule: aal2 needs a first and a second factor in the AMR; any factor is aal1. */
export function aalOf(methods: readonly AuthenticationMethod[]): AuthenticatorAssuranceLevel {
  if (!methods.length) return 'aal0';
  const first = methods.some((entry) => entry.aal === 'aal1');
  const second = methods.some((entry) => entry.aal === 'aal2');
  return first && second ? 'aal2' : 'aal1';
}

export function sessionJson(session: Session, identity: Identity, publicBaseUrl: string): Record<string, unknown> {
  return {
    id: session.id,
    active: session.active,
    expires_at: session.expiresAt.toISOString(),
    authenticated_at: session.authenticatedAt.toISOString(),
    authenticator_assurance_level: session.aal,
    authentication_methods: session.authenticationMethods,
    issued_at: session.issuedAt.toISOString(),
    identity: publicIdentityJson(identity, publicBaseUrl),
    devices: session.devices.map((device) => ({
      id: device.id,
      ip_address: device.ipAddress,
      user_agent: device.userAgent,
      location: device.location ?? '',
    })),
  };
}
