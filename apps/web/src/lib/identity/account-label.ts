import type { Permission } from '@pool/contract/accounts';

/** The name a permission's account goes by (spec 3: each kind names it by its own field). */
export function accountLabel(permission: Permission): string {
  switch (permission.type) {
    case 'miner':
      return permission.account_name;
    case 'pool':
      return permission.pool_name;
    case 'operator':
      return permission.operator_name;
    case 'platform':
      return 'platform';
  }
}
