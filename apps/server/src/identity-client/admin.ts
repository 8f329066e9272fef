import type { SecondFactors } from '@pool/contract/identity';

/** What the product's staff screens and invitations need of the identity service's admin API. */
export interface IdentityAdminClient {
  /** Which second factors the identity has set up; undefined when the identity does not exist. */
  secondFactors(identityId: string): Promise<SecondFactors | undefined>;
  /** The types of every credential the identity has (password, totp, ...); undefined when it does not exist. */
  credentialTypes(identityId: string): Promise<string[] | undefined>;
  deleteIdentity(identityId: string): Promise<void>;
  /** The identity that signs in with this e-mail, if any. */
  identityIdByEmail(email: string): Promise<string | undefined>;
  /** An identity without any credential yet; the person sets a password through recovery. */
  createIdentity(email: string): Promise<string>;
  /** A recovery code for the identity (Kratos `POST /admin/recovery/code`), valid for `expiresIn`. */
  createRecoveryCode(identityId: string, expiresIn: string): Promise<{ flowId: string; code: string }>;
  /** The identity's e-mail, whether it is verified and its credential types; undefined when it does not exist. */
  identity(identityId: string): Promise<AdminIdentity | undefined>;
  /** The identity's sessions, active and ended (Kratos `GET /admin/identities/{id}/sessions`). */
  sessionsOf(identityId: string): Promise<AdminSession[]>;
  /** Whose session this is; undefined when there is no such session. */
  sessionOwner(sessionId: string): Promise<string | undefined>;
  /** Ends one session (Kratos `DELETE /admin/sessions/{id}`). */
  revokeSession(sessionId: string): Promise<void>;
  /** Ends every session of the identity (Kratos `DELETE /admin/identities/{id}/sessions`). */
  revokeSessions(identityId: string): Promise<void>;
  /** Removes one second-factor credential (Kratos `DELETE /admin/identities/{id}/credentials/{type}`). */
  deleteCredential(identityId: string, type: SecondFactorType): Promise<void>;
}

export type SecondFactorType = keyof SecondFactors;
export const secondFactorTypes: readonly SecondFactorType[] = ['totp', 'lookup_secret', 'webauthn'];

export interface AdminIdentity {
  id: string;
  email: string;
  emailVerified: boolean;
  credentialTypes: string[];
}

export interface AdminSession {
  id: string;
  active: boolean;
  authenticatedAt: string;
  expiresAt: string;
  aal: string;
  devices: { ipAddress: string; userAgent: string; location: string }[];
}

interface KratosIdentity {
  id: string;
  traits?: { email?: string };
  verifiable_addresses?: { value: string; verified: boolean }[];
  credentials?: Record<string, unknown>;
}

interface KratosSession {
  id: string;
  active?: boolean;
  authenticated_at: string;
  expires_at: string;
  authenticator_assurance_level: string;
  identity?: { id: string };
  devices?: { ip_address?: string; user_agent?: string; location?: string }[];
}

export interface AdminEndpoint {
  /** Base of the admin API (Kratos paths below it: /admin/identities/...). */
  baseUrl: () => string;
  /** Sent with every call, e.g. the bearer token of the admin listener. */
  headers?: Record<string, string>;
}

/** The identity service's admin API, reached over HTTP as a real Kratos's would be. */
export function identityAdminClient({ baseUrl, headers = {} }: AdminEndpoint): IdentityAdminClient {
  const call = async (path: string, init: RequestInit = {}) =>
    fetch(`${baseUrl()}${path}`, {
      ...init,
      headers: {
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...headers,
        ...init.headers,
      },
    });
  const failed = (what: string, response: Response) =>
    new Error(`identity admin answered ${response.status} to ${what}`);

  async function identityOf(identityId: string): Promise<KratosIdentity | undefined> {
    const response = await call(`/admin/identities/${encodeURIComponent(identityId)}`);
    if (response.status === 404) return undefined;
    if (!response.ok) throw failed('get identity', response);
    return (await response.json()) as KratosIdentity;
  }

  async function credentialTypes(identityId: string): Promise<string[] | undefined> {
    const body = await identityOf(identityId);
    return body && Object.keys(body.credentials ?? {});
  }

  /** A call that succeeds when the thing is gone, whether or not it was there. */
  const remove = async (path: string, what: string) => {
    const response = await call(path, { method: 'DELETE' });
    if (!response.ok && response.status !== 404) throw failed(what, response);
  };

  return {
    async secondFactors(identityId) {
      const found = await credentialTypes(identityId);
      if (!found) return undefined;
      const types = new Set(found);
      return { totp: types.has('totp'), lookup_secret: types.has('lookup_secret'), webauthn: types.has('webauthn') };
    },

    credentialTypes,

    deleteIdentity: (identityId) => remove(`/admin/identities/${encodeURIComponent(identityId)}`, 'delete identity'),

    async identityIdByEmail(email) {
      const response = await call(`/admin/identities?credentials_identifier=${encodeURIComponent(email)}`);
      if (!response.ok) throw failed('list identities', response);
      const [identity] = (await response.json()) as { id: string }[];
      return identity?.id;
    },

    async createIdentity(email) {
      const response = await call('/admin/identities', {
        method: 'POST',
        body: JSON.stringify({ schema_id: 'default', traits: { email, terms_agreed: true } }),
      });
      if (!response.ok) throw failed('create identity', response);
      return ((await response.json()) as { id: string }).id;
    },

    async createRecoveryCode(identityId, expiresIn) {
      const response = await call('/admin/recovery/code', {
        method: 'POST',
        body: JSON.stringify({ identity_id: identityId, expires_in: expiresIn }),
      });
      if (!response.ok) throw failed('create recovery code', response);
      const body = (await response.json()) as { recovery_link: string; recovery_code: string };
      const flowId = new URL(body.recovery_link).searchParams.get('flow');
      if (!flowId) throw new Error('the recovery link names no flow');
      return { flowId, code: body.recovery_code };
    },

    async identity(identityId) {
      const body = await identityOf(identityId);
      if (!body) return undefined;
      const email = body.traits?.email ?? '';
      const address = body.verifiable_addresses?.find(
        (entry) => entry.value.trim().toLowerCase() === email.trim().toLowerCase(),
      );
      return {
        id: body.id,
        email,
        emailVerified: address?.verified ?? false,
        credentialTypes: Object.keys(body.credentials ?? {}),
      };
    },

    async sessionsOf(identityId) {
      const response = await call(`/admin/identities/${encodeURIComponent(identityId)}/sessions`);
      if (response.status === 404) return [];
      if (!response.ok) throw failed('list sessions', response);
      return ((await response.json()) as KratosSession[]).map((session) => ({
        id: session.id,
        active: session.active ?? false,
        authenticatedAt: session.authenticated_at,
        expiresAt: session.expires_at,
        aal: session.authenticator_assurance_level,
        devices: (session.devices ?? []).map((device) => ({
          ipAddress: device.ip_address ?? '',
          userAgent: device.user_agent ?? '',
          location: device.location ?? '',
        })),
      }));
    },

    async sessionOwner(sessionId) {
      const response = await call(`/admin/sessions/${encodeURIComponent(sessionId)}`);
      if (response.status === 404) return undefined;
      if (!response.ok) throw failed('get session', response);
      return ((await response.json()) as KratosSession).identity?.id;
    },

    revokeSession: (sessionId) => remove(`/admin/sessions/${encodeURIComponent(sessionId)}`, 'disable session'),

    revokeSessions: (identityId) =>
      remove(`/admin/identities/${encodeURIComponent(identityId)}/sessions`, 'delete identity sessions'),

    deleteCredential: (identityId, type) =>
      remove(
        `/admin/identities/${encodeURIComponent(identityId)}/credentials/${encodeURIComponent(type)}`,
        'delete credential',
      ),
  };
}
