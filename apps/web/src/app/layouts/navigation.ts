import { managingRoles, roleAccessOf, sectionAllowed, type Section } from '@pool/contract/access-codes';
import type { Permission } from '@pool/contract/accounts';
import type { PageSettings } from '@pool/contract/pool-config';
import type { Area } from '@/app/entry/route-guard.ts';

export interface NavItem {
  to: string;
  labelKey: string;
  section?: Section;
  pageSetting?: 'tax_calculator' | 'mining_report';
  /** Only for accounts of these kinds. */
  kinds?: readonly Permission['type'][];
  /** Only for a managing role (admin, owner). */
  managing?: boolean;
}

const mainItems: NavItem[] = [
  { to: '/', labelKey: 'nav.dashboard' },
  { to: '/workers', labelKey: 'nav.workers', section: 'Workers' },
  { to: '/payments', labelKey: 'nav.payments', section: 'Payments' },
  { to: '/transfers', labelKey: 'nav.transfers', section: 'Transfers' },
  { to: '/referrals', labelKey: 'nav.referrals', section: 'Referrals' },
  { to: '/access-control', labelKey: 'nav.accessControl', section: 'AccessControl' },
  { to: '/customers', labelKey: 'nav.customers', kinds: ['operator', 'pool'] },
  // Spec 6 "Pool users": the pool's admins and owners manage its users, as the platform's do.
  { to: '/users', labelKey: 'nav.users', kinds: ['pool'], managing: true },
  // Splitting a miner's earnings is financial data (spec 6): the roles that see payments see it.
  { to: '/profit-sharing', labelKey: 'nav.profitSharing', kinds: ['miner'], section: 'Payments' },
  { to: '/tax-calculator', labelKey: 'nav.taxCalculator', pageSetting: 'tax_calculator' },
  { to: '/mining-report', labelKey: 'nav.miningReport', pageSetting: 'mining_report' },
  { to: '/faq', labelKey: 'nav.faq' },
];

const platformItems: NavItem[] = [
  { to: '/platform', labelKey: 'nav.platformRewards' },
  { to: '/platform/payouts', labelKey: 'nav.platformPayouts' },
  { to: '/platform/unallocated', labelKey: 'nav.platformUnallocated' },
  { to: '/users', labelKey: 'nav.users' },
  { to: '/promocodes', labelKey: 'nav.promocodes' },
];

/** The side navigation of an area, limited to what the active account may open (spec 5). */
export function navigationOf(area: Area, active: Permission | undefined, pageSettings: PageSettings): NavItem[] {
  // Pool staff on /users stay in their own navigation.
  const items =
    active?.type === 'platform' || (area === 'platform' && active?.type !== 'pool') ? platformItems : mainItems;
  return items.filter((item) => {
    if (item.pageSetting && !pageSettings[item.pageSetting]) return false;
    if (!active) return !item.section && !item.kinds;
    if (item.kinds && !item.kinds.includes(active.type)) return false;
    if (item.managing && !managingRoles.includes(active.role)) return false;
    return !item.section || sectionAllowed(roleAccessOf(active.type, active.role), item.section);
  });
}
