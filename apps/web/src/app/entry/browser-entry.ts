import type { LoaderFunctionArgs } from 'react-router';
import { loadPoolConfig } from '@/features/config/get-pool-config.ts';
import { identityQuery } from '@/features/identity/get-identity.ts';
import { rememberedPermissionId } from '@/features/identity/active-account.ts';
import { resetPlatformState } from '@/features/platform/platform-state.ts';
import { watcherCheck } from '@/features/watcher/watcher-api.ts';
import { checkSession } from '@/features/session/get-session.ts';
import { identityApi } from '@/lib/identity-client.ts';
import { queryClient } from '@/lib/query-client.ts';
import type { RouteGuard } from './route-guard.ts';
import { runEntry, type EntryData, type EntryDeps } from './run-entry.ts';

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
