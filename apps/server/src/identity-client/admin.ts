import type { SecondFactors } from '@pool/contract/identity';

export interface IdentityAdminClient {
  /** Which second factors the identity has set up; undefined when the identity does not exist. */
  secondFactors(identityId: string): Promise<SecondFactors | undefined>;
  deleteIdentity(identityId: string): Promise<void>;
}

export interface AdminEndpoint {
  /** Base of the admin API (Kratos paths below it: /admin/identities/...). */
  baseUrl: () => string;
  /** Sent with every call, e.g. the shared secret of an in-process admin API. */
  headers?: Record<string, string>;
}

/** The identity service's admin API, reached over HTTP as a real Kratos's would be. */
export function identityAdminClient({ baseUrl, headers = {} }: AdminEndpoint): IdentityAdminClient {
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${baseUrl()}${path}`, { ...init, headers: { accept: 'application/json', ...headers, ...init.headers } });

  return {
    async secondFactors(identityId) {
      const response = await call(`/admin/identities/${encodeURIComponent(identityId)}`);
      if (response.status === 404) return undefined;
      if (!response.ok) throw new Error(`identity admin answered ${response.status} to get identity`);
      const body = (await response.json()) as { credentials?: Record<string, unknown> };
      const types = new Set(Object.keys(body.credentials ?? {}));
      return { totp: types.has('totp'), lookup_secret: types.has('lookup_secret'), webauthn: types.has('webauthn') };
    },

    async deleteIdentity(identityId) {
      const response = await call(`/admin/identities/${encodeURIComponent(identityId)}`, { method: 'DELETE' });
      if (!response.ok && response.status !== 404)
        throw new Error(`identity admin answered ${response.status} to delete`);
    },
  };
}
