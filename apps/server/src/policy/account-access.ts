import { managingRoles, roleAccessOf, type RoleAccess } from '@pool/contract/access';
import type { Role } from '@pool/contract/accounts';
import { changeCache, type CacheChanges } from '../db/change-cache.ts';
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

/** Entries the grant cache holds at most; past that it starts again empty. */
const grantCacheEntries = 50_000;

/**
 * Grants per (person, account), remembered until access changes anywhere (modules/access/access-changes.ts;
 * the rules in db/change-cache.ts).
 */
export function grantCache(changes: CacheChanges) {
  const cache = changeCache<readonly Grant[]>(changes, grantCacheEntries);
  return {
    through: (userId: string, ref: AccountRef, load: () => Promise<readonly Grant[]>): Promise<readonly Grant[]> =>
      cache.through(`${userId}/${ref.kind}/${ref.id}`, load),
    get size() {
      return cache.size;
    },
  };
}

export type GrantCache = ReturnType<typeof grantCache>;

/**
 * The grants a person holds on an account, ranked: the stored permissions come from the access
 * repository, through the grant cache when one is given.
 */
export function accountAccess(repository: Pick<AccessRepository, 'grantsOn'>, cache?: GrantCache) {
  const load = async (userId: string, ref: AccountRef): Promise<readonly Grant[]> =>
    Object.freeze(
      (await repository.grantsOn(userId, ref))
        .sort((a, b) => precedence[a.via] - precedence[b.via])
        .map((row) =>
          Object.freeze({
            via: row.via,
            role: row.role,
            access: roleAccessOf(row.via, row.role),
            totalFeeHide: row.totalFeeHide,
          }),
        ),
    );

  /** Every grant the person holds on the account, pool first, then the account's own, then its operator's. */
  async function grantsOn(userId: string, ref: AccountRef): Promise<readonly Grant[]> {
    return cache ? cache.through(userId, ref, () => load(userId, ref)) : load(userId, ref);
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
