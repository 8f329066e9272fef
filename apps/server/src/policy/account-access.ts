import { sql } from 'drizzle-orm';
import type { Drizzle } from '@pool/db/database';
import { managingRoles, roleAccessOf, type RoleAccess } from '@pool/contract/access';
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

export function accountAccess(db: Drizzle<AppSchema>) {
  /** Every grant the person holds on the account, pool first, then the account's own, then its operator's. */
  async function grantsOn(userId: string, ref: AccountRef): Promise<Grant[]> {
    if (!uuidPattern.test(ref.id)) return [];
    // The accounts whose permissions reach this one: a miner is reached from itself, its
    // operator and its pool; an operator from itself and its pool; a pool from itself. One
    // round trip, because every product read passes here.
    type Row = { type: Grant['via'] | 'platform'; role: Role; total_fee_hide: boolean };
    const result: unknown = await db.execute(sql`
      with target as (
        select 'miner'::text as kind, m.id, m.pool_id, m.operator_id from ${miners} m
          where ${ref.kind} = 'miner' and m.id = ${ref.id}::uuid and m.deleted_at is null
        union all
        select 'operator', o.id, o.pool_id, null from ${operators} o where ${ref.kind} = 'operator' and o.id = ${ref.id}::uuid
        union all
        select 'pool', ${ref.id}::uuid, ${ref.id}::uuid, null where ${ref.kind} = 'pool'
      )
      select p.type, p.role, p.total_fee_hide from ${permissions} p join target t
        on (p.type = t.kind and p.account_id = t.id)
        or (p.type = 'pool' and p.account_id = t.pool_id)
        or (p.type = 'operator' and p.account_id = t.operator_id)
      where p.user_id = ${userId}::uuid`);
    return (result as { rows: Row[] }).rows
      .filter((row): row is Row & { type: Grant['via'] } => row.type !== 'platform')
      .sort((a, b) => precedence[a.type] - precedence[b.type])
      .map((row) => ({
        via: row.type,
        role: row.role,
        access: roleAccessOf(row.type, row.role),
        totalFeeHide: row.total_fee_hide,
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
