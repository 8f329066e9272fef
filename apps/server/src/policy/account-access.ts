import { and, eq, isNull, or } from 'drizzle-orm';
import type { Drizzle } from '@pool/db/database';
import { roleAccessOf, type RoleAccess } from '@pool/contract/access';
import type { Role } from '@pool/contract/accounts';
import { miners, operators, permissions, type AppSchema } from '../db/schema.ts';

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

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Pool staff outrank an account's own people, who outrank the operator that manages it. */
const precedence: Record<Grant['via'], number> = { pool: 0, miner: 1, operator: 2 };

/**
 * The accounts whose permissions reach this one: a miner is reached from itself, its operator and
 * its pool; an operator from itself and its pool; a pool from itself.
 */
async function reachingAccounts(db: Drizzle<AppSchema>, ref: AccountRef) {
  if (ref.kind === 'pool') return [{ kind: 'pool' as const, id: ref.id }];
  if (ref.kind === 'operator') {
    const [row] = await db.select({ poolId: operators.poolId }).from(operators).where(eq(operators.id, ref.id));
    return row
      ? [
          { kind: 'operator' as const, id: ref.id },
          { kind: 'pool' as const, id: row.poolId },
        ]
      : [];
  }
  const [row] = await db
    .select({ poolId: miners.poolId, operatorId: miners.operatorId })
    .from(miners)
    .where(and(eq(miners.id, ref.id), isNull(miners.deletedAt)));
  if (!row) return [];
  return [
    { kind: 'miner' as const, id: ref.id },
    { kind: 'pool' as const, id: row.poolId },
    ...(row.operatorId ? [{ kind: 'operator' as const, id: row.operatorId }] : []),
  ];
}

export function accountAccess(db: Drizzle<AppSchema>) {
  return {
    async grantOn(userId: string, ref: AccountRef): Promise<Grant | undefined> {
      if (!uuidPattern.test(ref.id)) return undefined;
      const reaching = await reachingAccounts(db, ref);
      if (reaching.length === 0) return undefined;
      const rows = await db
        .select({ type: permissions.type, role: permissions.role, totalFeeHide: permissions.totalFeeHide })
        .from(permissions)
        .where(
          and(
            eq(permissions.userId, userId),
            or(
              ...reaching.map((account) =>
                and(eq(permissions.type, account.kind), eq(permissions.accountId, account.id)),
              ),
            ),
          ),
        );
      const best = rows
        .filter((row): row is typeof row & { type: Grant['via'] } => row.type !== 'platform')
        .sort((a, b) => precedence[a.type] - precedence[b.type])[0];
      if (!best) return undefined;
      return {
        via: best.type,
        role: best.role,
        access: roleAccessOf(best.type, best.role),
        totalFeeHide: best.totalFeeHide,
      };
    },
  };
}

export type AccountAccess = ReturnType<typeof accountAccess>;
