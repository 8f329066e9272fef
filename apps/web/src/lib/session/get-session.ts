import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { IdentityResponseError, type IdentityApi } from '@/lib/ory/identity-http.ts';
import type { Session } from '@/lib/ory/types.ts';

/** Spec 4: the authentication status is unknown until the session fetch succeeds or fails. */
export type SessionState =
  | { status: 'authenticated'; session: Session }
  /** A second factor is set up but this session has not used it yet (Kratos `session_aal2_required`). */
  | { status: 'second-factor-required' }
  | { status: 'anonymous' };

export async function fetchSession(identity: IdentityApi): Promise<SessionState> {
  try {
    return { status: 'authenticated', session: await identity.toSession() };
  } catch (error) {
    if (error instanceof IdentityResponseError && error.response.status === 403) {
      const body = (await error.response.json().catch(() => ({}))) as { error?: { id?: string } };
      if (body.error?.id === 'session_aal2_required') return { status: 'second-factor-required' };
    }
    // Spec 8: a session fetch failure means anonymous.
    return { status: 'anonymous' };
  }
}

export const sessionQueryKey = ['session'] as const;

export function sessionQuery(identity: IdentityApi) {
  return queryOptions({ queryKey: sessionQueryKey, queryFn: () => fetchSession(identity), staleTime: 60_000 });
}

/** Spec 4: the check succeeds at once when a session is known, otherwise it fetches one. */
export function checkSession(client: QueryClient, identity: IdentityApi): Promise<SessionState> {
  const known = client.getQueryData<SessionState>(sessionQueryKey);
  if (known?.status === 'authenticated') return Promise.resolve(known);
  return client.fetchQuery({ ...sessionQuery(identity), staleTime: 0 });
}
