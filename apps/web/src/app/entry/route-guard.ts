import type { Section } from '@pool/contract/access-codes';
import type { PageSettings } from '@pool/contract/pool-config';

/** The six layouts of spec 2, plus the standalone error pages. */
export type Area = 'main' | 'customer' | 'user' | 'platform' | 'auth' | 'watcher' | 'error';

/** What a route needs before it renders (spec 2 "Route entry order" and spec 5 "Route guards"). */
export interface RouteGuard {
  area: Area;
  /** The route needs a signed-in session. */
  session?: boolean;
  /** The route needs the role check: permissions loaded and an active account. */
  role?: boolean;
  /** The section the active role must have access to. */
  section?: Section;
  /** The pool page setting that must be on. */
  pageSetting?: keyof Pick<PageSettings, 'tax_calculator' | 'mining_report'>;
  /** A platform-area route that pool staff with a managing role open too (spec 6 "Pool users"). */
  poolStaff?: boolean;
}

export const guards = {
  main: { area: 'main', session: true, role: true },
  customer: { area: 'customer', session: true, role: true },
  user: { area: 'user', session: true, role: true },
  platform: { area: 'platform', session: true, role: true },
  /** `/users`: the platform's people, and the pool's admins and owners. */
  poolUsers: { area: 'platform', session: true, role: true, poolStaff: true },
  auth: { area: 'auth' },
  /** `/auth/name`: needs a session, and exists because the identity has no permission yet. */
  accountName: { area: 'auth', session: true },
  watcher: { area: 'watcher' },
  error: { area: 'error' },
} as const satisfies Record<string, RouteGuard>;
