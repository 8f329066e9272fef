import { redirect } from 'react-router';
import {
  flagOfSection,
  managingRoles,
  roleAccessOf,
  sectionAllowed,
  type PermissionFlags,
  type Section,
} from '@pool/contract/access-codes';
import type { Permission } from '@pool/contract/accounts';
import type { IdentityInfo } from '@pool/contract/identity';
import type { PoolConfig } from '@pool/contract/pool-config';
import type { WatcherInfo } from '@pool/contract/watchers';
import { ApiError } from '@/lib/api-client.ts';
import { chooseActiveAccount } from '@/lib/identity/active-account.ts';
import type { SessionState } from '@/lib/session/get-session.ts';
import type { EntryData } from '@/lib/use-entry-data.ts';
import type { RouteGuard } from './route-guard.ts';

export interface EntryDeps {
  /** Spec 4 watcher check of a watcher link's token. */
  checkWatcher(token: string): Promise<WatcherInfo>;
  loadConfig(): Promise<PoolConfig>;
  checkSession(config: PoolConfig): Promise<SessionState>;
  loadPermissions(): Promise<IdentityInfo>;
  loadUserInfo(): Promise<IdentityInfo>;
  rememberedPermissionId(): string | undefined;
  resetPlatformState(): void;
}

/** A watcher link's permission in the shape of a person's, read-only on one miner. */
function watcherPermission(permission: WatcherInfo['permissions'][number]): Permission {
  return { ...permission, id: `watcher:${permission.account_id}`, role: 'viewer' };
}

function watcherSees(flags: PermissionFlags, section: Section): boolean {
  return flags[flagOfSection[section]];
}

const keepQuery = (path: string, url: URL) => `${path}${url.search}`;

/**
 * Spec 2 "Route entry order": load config, redirect a promocode link to registration, check the
 * session, check the role, load user info, reset the platform state. The first step that
 * redirects wins; a redirect is thrown as React Router expects from a loader.
 */
export async function runEntry(url: URL, guard: RouteGuard, deps: EntryDeps): Promise<EntryData> {
  // 1. Configuration; its failures reach the route error boundary as a ConfigError.
  const config = await deps.loadConfig();

  // 2. Spec 5: a promocode link goes to registration with every query parameter kept.
  if (url.searchParams.has('promocode') && url.pathname !== '/auth/registration') {
    throw redirect(keepQuery('/auth/registration', url));
  }

  // Spec 5: a missing or failed watcher token sends the visitor to main. The watcher's permission
  // is the active account (spec 4: it wins over any other).
  if (guard.area === 'watcher') {
    const token = url.pathname.split('/')[2] ?? '';
    const info = token ? await deps.checkWatcher(token).catch(() => undefined) : undefined;
    const first = info?.permissions[0];
    if (!info || !first) throw redirect('/');
    const active = chooseActiveAccount({ permissions: [], watcher: watcherPermission(first) });
    // Spec 6: watchers pass the same section checks; a section the link does not open leads to its dashboard.
    if (guard.section && !watcherSees(first.flags, guard.section)) throw redirect(`/watch/${token}`);
    return { config, watcher: { token, info }, active };
  }

  // 3. Session. Spec 8: to registration when the query has `reg`, otherwise to login, query kept.
  let session: SessionState | undefined;
  if (guard.session) {
    session = await deps.checkSession(config);
    if (session.status === 'second-factor-required') throw redirect('/auth/login?aal=aal2&refresh=true');
    if (session.status !== 'authenticated') {
      throw redirect(keepQuery(url.searchParams.has('reg') ? '/auth/registration' : '/auth/login', url));
    }
  }
  if (!guard.role) return { config, session };

  // 4. Role. Spec 6: an authorisation failure goes to login; spec 5: no permission goes to /auth/name.
  const permissions = await deps.loadPermissions().catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 401) throw redirect('/auth/login');
    throw error;
  });
  const active = chooseActiveAccount({
    permissions: permissions.permissions,
    rememberedId: deps.rememberedPermissionId(),
  });
  if (!active) throw redirect('/auth/name');
  const isPlatform = active.type === 'platform';
  const poolStaff = guard.poolStaff === true && active.type === 'pool' && managingRoles.includes(active.role);
  if (guard.area === 'platform' && !isPlatform && !poolStaff) throw redirect('/');
  if (guard.area === 'main' && isPlatform) throw redirect('/platform');
  if (guard.section && !sectionAllowed(roleAccessOf(active.type, active.role), guard.section)) throw redirect('/');
  if (guard.pageSetting && !config.page_settings[guard.pageSetting]) throw redirect('/');

  // 5. User info.
  const identity = await deps.loadUserInfo();

  // 6. Platform state belongs to the platform area only.
  if (guard.area !== 'platform') deps.resetPlatformState();
  return { config, session, identity, active };
}
