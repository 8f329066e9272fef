import type { LoaderFunctionArgs } from 'react-router';
import { loadPoolConfig } from '@/lib/config/get-pool-config.ts';
import { identityQuery } from '@/lib/identity/get-identity.ts';
import { rememberedPermissionId } from '@/lib/identity/active-account.ts';
import { resetPlatformState } from '@/lib/platform/platform-state.ts';
import { watcherCheck } from '@/lib/watcher/watcher-api.ts';
import { checkSession } from '@/lib/session/get-session.ts';
import { identityApi } from '@/lib/ory/identity-client.ts';
import { queryClient } from '@/lib/query-client.ts';
import type { RouteGuard } from './route-guard.ts';
import type { EntryData } from '@/lib/use-entry-data.ts';
import { runEntry, type EntryDeps } from './run-entry.ts';

/** The entry steps against the real services, sharing the app's query cache. */
export const browserEntryDeps: EntryDeps = {
  loadConfig: () => loadPoolConfig(queryClient),
  checkSession: (config) => checkSession(queryClient, identityApi(config)),
  loadPermissions: () => queryClient.ensureQueryData(identityQuery),
  loadUserInfo: () => queryClient.fetchQuery(identityQuery),
  rememberedPermissionId,
  resetPlatformState: () => resetPlatformState(queryClient),
  checkWatcher: (token) => watcherCheck.check(token),
};

/** A route loader that runs the spec 2 entry order for one route's guard. */
export function entryLoader(guard: RouteGuard) {
  return ({ request }: LoaderFunctionArgs): Promise<EntryData> =>
    runEntry(new URL(request.url), guard, browserEntryDeps);
}
