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

  async function credentialTypes(identityId: string): Promise<string[] | undefined> {
    const response = await call(`/admin/identities/${encodeURIComponent(identityId)}`);
    if (response.status === 404) return undefined;
    if (!response.ok) throw failed('get identity', response);
    const body = (await response.json()) as { credentials?: Record<string, unknown> };
    return Object.keys(body.credentials ?? {});
  }

  return {
    async secondFactors(identityId) {
      const found = await credentialTypes(identityId);
      if (!found) return undefined;
      const types = new Set(found);
      return { totp: types.has('totp'), lookup_secret: types.has('lookup_secret'), webauthn: types.has('webauthn') };
    },

    credentialTypes,

    async deleteIdentity(identityId) {
      const response = await call(`/admin/identities/${encodeURIComponent(identityId)}`, { method: 'DELETE' });
      if (!response.ok && response.status !== 404) throw failed('delete identity', response);
    },

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
  };
}
