import { queryOptions } from '@tanstack/react-query';
import type { IdentityApi } from '@/lib/ory/identity-http.ts';
import { checkSession } from '@/lib/session/get-session.ts';

export const sessionsKey = ['identity-sessions'] as const;

/** This device's session, the one the app checked on its way in (asked again only if it is not known), and the others. */
export const sessionsQuery = (api: IdentityApi) =>
  queryOptions({
    queryKey: sessionsKey,
    queryFn: async ({ client }) => {
      const [state, others] = await Promise.all([checkSession(client, api), api.listMySessions()]);
      if (state.status !== 'authenticated') throw new Error(`the session is ${state.status}`);
      return { current: state.session, others };
    },
  });
