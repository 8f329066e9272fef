/** What the dashboard shows a role, without zod: the web app's dashboard and the API tests import it. */
import {
  flagOfSection,
  roleAccessOf,
  sectionAllowed,
  sections,
  type AccountKind,
  type PermissionFlags,
  type Role,
  type RoleAccess,
  type Section,
} from './access-codes.ts';

/**
 * Spec 6: mining data is the Workers section; financial data is Payments, Transfers and Referrals.
 * The server's product API refuses a read of a section the caller lacks, so a screen must not ask.
 */
export const financialSections = ['Payments', 'Transfers', 'Referrals'] as const satisfies readonly Section[];

/** What `/` (and a watcher's dashboard) shows for one role. */
export interface DashboardContent {
  /** Hashrate chart, statistics and their live updates: the reads of the Workers section. */
  mining: boolean;
  /** The financial sections the role opens, in navigation order. */
  financial: Section[];
}

export function dashboardContentOf(access: RoleAccess): DashboardContent {
  return {
    mining: sectionAllowed(access, 'Workers'),
    financial: financialSections.filter((section) => sectionAllowed(access, section)),
  };
}

/**
 * The access a dashboard is drawn for: a person's by their role on the account, as the route
 * guards and navigation decide; a watcher link's by the sections it was given (its flags).
 */
export function accessOfViewer(
  active: { type: AccountKind; role: Role; flags: PermissionFlags },
  isWatcher: boolean,
): RoleAccess {
  if (!isWatcher) return roleAccessOf(active.type, active.role);
  return { type: 'other', access: sections.filter((section) => active.flags[flagOfSection[section]]) };
}
