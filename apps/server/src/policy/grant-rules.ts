import { managingRoles, sectionAllowed } from '@pool/contract/access';
import type { Grant } from './account-access.ts';
import type { RoutePolicy } from './route-policy.ts';

/**
 * Whether one grant on the account a route acts on lets a person make the call: the section the
 * route needs, a managing role for changes (pool grants are no exception: a pool viewer sees every
 * section and manages nothing), and for closing the account, its owner or pool management.
 */
export function grantAdmits(
  grant: Grant,
  policy: Pick<RoutePolicy, 'section' | 'manage' | 'ownerOnly' | 'poolStaff'>,
  kind: 'miner' | 'operator' | 'pool',
): boolean {
  if (policy.section && !sectionAllowed(grant.access, policy.section)) return false;
  if (policy.poolStaff && grant.via !== 'pool') return false;
  const manages = managingRoles.includes(grant.role);
  if (policy.manage && !manages) return false;
  if (policy.ownerOnly && !(grant.via === 'pool' ? manages : grant.via === kind && grant.role === 'owner')) {
    return false;
  }
  return true;
}
