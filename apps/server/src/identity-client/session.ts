import { z } from 'zod';

/** The part of a Kratos session (`GET /sessions/whoami`) the product reads. */
export const IdentitySession = z.object({
  id: z.string(),
  active: z.boolean().optional(),
  authenticated_at: z.string(),
  authenticator_assurance_level: z.enum(['aal0', 'aal1', 'aal2', 'aal3']),
  authentication_methods: z
    .array(z.object({ method: z.string(), aal: z.string().optional(), completed_at: z.string().optional() }))
    .default([]),
  /** The device of the sign-in (the first) and later ones; the new-device notice reads it. */
  devices: z
    .array(
      z.object({
        ip_address: z.string().nullish(),
        user_agent: z.string().nullish(),
        location: z.string().nullish(),
      }),
    )
    .optional(),
  identity: z.object({
    id: z.uuid(),
    traits: z.object({ email: z.string() }).loose(),
    verifiable_addresses: z.array(z.object({ value: z.string(), verified: z.boolean() })).optional(),
  }),
});
export type IdentitySession = z.infer<typeof IdentitySession>;

export type WhoamiResult =
  | { status: 'active'; session: IdentitySession }
  /** A second factor is set up but this session has not used it (Kratos `session_aal2_required`). */
  | { status: 'aal2_required' }
  | { status: 'anonymous' };

export interface IdentityPublicClient {
  whoami(cookieHeader: string | undefined): Promise<WhoamiResult>;
}

/**
 * Reaches the identity service's public API over HTTP with the caller's cookies, exactly as the
 * product would reach a real Ory Kratos. `baseUrl` is resolved per call because the in-process
 * service only knows its port once it listens.
 */
export function identityPublicClient(baseUrl: () => string): IdentityPublicClient {
  return {
    async whoami(cookieHeader) {
      if (!cookieHeader) return { status: 'anonymous' };
      const response = await fetch(`${baseUrl()}/sessions/whoami`, {
        headers: { cookie: cookieHeader, accept: 'application/json' },
      });
      if (response.status === 401) return { status: 'anonymous' };
      if (response.status === 403) {
        const body = (await response.json().catch(() => ({}))) as { error?: { id?: string } };
        if (body.error?.id === 'session_aal2_required') return { status: 'aal2_required' };
        return { status: 'anonymous' };
      }
      if (!response.ok) throw new Error(`identity service answered ${response.status} to whoami`);
      return { status: 'active', session: IdentitySession.parse(await response.json()) };
    },
  };
}
