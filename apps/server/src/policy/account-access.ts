import { managingRoles, roleAccessOf, type RoleAccess } from '@pool/contract/access';
import type { Role } from '@pool/contract/accounts';
import type { AccessRepository } from '../modules/access/repository.ts';

/** An account a product call acts on. */
export interface AccountRef {
  readonly kind: 'miner' | 'operator' | 'pool';
  readonly id: string;
}

/** What a person may do on an account, and through which permission they may. */
export interface Grant {
  readonly via: 'miner' | 'operator' | 'pool';
  readonly role: Role;
  readonly access: RoleAccess;
  readonly totalFeeHide: boolean;
}

/** Pool staff outrank an account's own people, who outrank the operator that manages it. */
const precedence: Record<Grant['via'], number> = { pool: 0, miner: 1, operator: 2 };

/** The grants a person holds on an account, ranked: the stored permissions come from the access repository. */
export function accountAccess(repository: Pick<AccessRepository, 'grantsOn'>) {
  /** Every grant the person holds on the account, pool first, then the account's own, then its operator's. */
  async function grantsOn(userId: string, ref: AccountRef): Promise<Grant[]> {
    return (await repository.grantsOn(userId, ref))
      .sort((a, b) => precedence[a.via] - precedence[b.via])
      .map((row) => ({
        via: row.via,
        role: row.role,
        access: roleAccessOf(row.via, row.role),
        totalFeeHide: row.totalFeeHide,
      }));
  }

  return {
    grantsOn,

    /**
     * The grant that allows the most: a managing one before any other (a pool viewer who owns a
     * miner manages it as its owner), then by precedence.
     */
    async grantOn(userId: string, ref: AccountRef): Promise<Grant | undefined> {
      const grants = await grantsOn(userId, ref);
      return grants.find((grant) => managingRoles.includes(grant.role)) ?? grants[0];
    },
  };
}

export type AccountAccess = ReturnType<typeof accountAccess>;
