import type { QueryClient } from '@tanstack/react-query';
import type { IdentityApi } from '@/lib/ory/identity-http.ts';
import { sessionQueryKey, type SessionState } from './get-session.ts';

/**
 * Spec 4 logout: with a session, create a browser logout flow and submit it with its token;
 * without one, a soft logout that only forgets local state. Either way the cached session and
 * everything loaded for it are dropped.
 */
export async function logout(client: QueryClient, identity: IdentityApi): Promise<void> {
  const state = client.getQueryData<SessionState>(sessionQueryKey);
  if (state?.status === 'authenticated' || state?.status === 'second-factor-required') {
    await identity.logout();
  }
  client.clear();
}
