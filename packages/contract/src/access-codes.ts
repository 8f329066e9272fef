/** Spec 5 and 6 access rules, without zod (the web app's route guards import them on every screen). */

/** Spec 3: the kinds of account a permission can point at. */
export const accountKinds = ['miner', 'pool', 'operator', 'platform'] as const;
export type AccountKind = (typeof accountKinds)[number];

/** Spec 3 and 6: access roles; the UI also shows manager. */
export const roles = ['admin', 'treasurer', 'accountant', 'viewer', 'owner', 'manager'] as const;
export type Role = (typeof roles)[number];

/** Spec 3: the sections a role's access list can name. */
export const sections = ['Payments', 'Workers', 'Transfers', 'Referrals', 'AccessControl'] as const;
export type Section = (typeof sections)[number];

/** Spec 3: pool-type roles see every section, platform-type roles none, other roles their list. */
export type RoleType = 'pool' | 'platform' | 'other';

export interface RoleAccess {
  readonly type: RoleType;
  readonly access: readonly Section[];
}

/**
 * Spec 6. Mining data is the Workers section; financial data is Payments, Transfers (hashrate
 * transfers are paid for) and Referrals (referral rewards); AccessControl is managing the account.
 */
export const sectionsOfRole: Record<Role, readonly Section[]> = {
  admin: sections,
  owner: sections,
  manager: ['Workers', 'Payments', 'Transfers', 'Referrals'],
  treasurer: ['Payments', 'Transfers', 'Referrals'],
  accountant: ['Payments', 'Transfers', 'Referrals'],
  viewer: ['Workers'],
};

/**
 * Roles that may change an account's settings and access, not only read it, whatever the kind of
 * account the permission is on: a pool-type role sees every section (spec 5), yet only a pool
 * admin or owner manages.
 */
export const managingRoles: readonly Role[] = ['admin', 'owner'];

export function roleAccessOf(kind: AccountKind, role: Role): RoleAccess {
  if (kind === 'pool') return { type: 'pool', access: sections };
  if (kind === 'platform') return { type: 'platform', access: [] };
  return { type: 'other', access: sectionsOfRole[role] };
}

/** Spec 5 route guard: may a role open this section? */
export function sectionAllowed(role: RoleAccess, section: Section): boolean {
  if (role.type === 'pool') return true;
  if (role.type === 'platform') return false;
  return role.access.includes(section);
}

/** Spec 3 permission flags, as the web app reads them. */
export interface PermissionFlags {
  section_payments_read: boolean;
  section_workers_read: boolean;
  section_virtual_mining_read: boolean;
  section_referrals_read: boolean;
  section_permissions_read: boolean;
  total_fee_hide: boolean;
}

/** The spec 3 flag that says whether a section can be read. */
export const flagOfSection: Record<Section, Exclude<keyof PermissionFlags, 'total_fee_hide'>> = {
  Payments: 'section_payments_read',
  Workers: 'section_workers_read',
  Transfers: 'section_virtual_mining_read',
  Referrals: 'section_referrals_read',
  AccessControl: 'section_permissions_read',
};

export function flagsOf(role: RoleAccess, totalFeeHide: boolean): PermissionFlags {
  return {
    section_payments_read: sectionAllowed(role, 'Payments'),
    section_workers_read: sectionAllowed(role, 'Workers'),
    section_virtual_mining_read: sectionAllowed(role, 'Transfers'),
    section_referrals_read: sectionAllowed(role, 'Referrals'),
    section_permissions_read: sectionAllowed(role, 'AccessControl'),
    total_fee_hide: totalFeeHide,
  };
}
