import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Drizzle } from '@pool/db/database';
import type { AccessInvite, AccessMember } from '@pool/contract/access-management';
import { managingRoles } from '@pool/contract/access';
import type { Role } from '@pool/contract/accounts';
import { invites, miners, operators, permissions, pools, users, watchers, type AppSchema } from '../../db/schema.ts';

/** An account that people can be given access to. */
export interface AccountKey {
  type: 'miner' | 'pool' | 'operator';
  id: string;
}

export interface InviteRow {
  id: string;
  email: string;
  account: AccountKey;
  role: Role;
  identityId: string | null;
  /** Hash of the key of the browser that activated the invitation, once one did. */
  activationKeyHash: string | null;
  /** The granted permission hides the operator's total fee (issue 16). */
  totalFeeHide?: boolean;
  expiresAt: Date;
  acceptedAt: Date | null;
}

/** A permission of a person that reaches an account, through the account itself, its operator or its pool. */
export interface GrantRow {
  via: 'miner' | 'operator' | 'pool';
  role: Role;
  totalFeeHide: boolean;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Tx = Parameters<Parameters<Drizzle<AppSchema>['transaction']>[0]>[0];

/**
 * Deletes the watcher links and pending invitations a person made on the account, and on the
 * accounts it reaches (an operator's customers, a pool's operators and miners), wherever no
 * permission of theirs manages that account any longer. Runs after the permission changed, in its
 * transaction: what someone made with a role must not outlive the role.
 */
async function dropWhatTheyMade(tx: Tx, userId: string, account: AccountKey): Promise<void> {
  const managing = sql.join(
    managingRoles.map((role) => sql`${role}`),
    sql`, `,
  );
  await tx.execute(sql`
    with reach (type, id, pool_id, operator_id) as (
      select 'miner'::text, m.id, m.pool_id, m.operator_id from ${miners} m
        where (${account.type} = 'miner' and m.id = ${account.id}::uuid)
           or (${account.type} = 'operator' and m.operator_id = ${account.id}::uuid)
           or (${account.type} = 'pool' and m.pool_id = ${account.id}::uuid)
      union all
      select 'operator', o.id, o.pool_id, null from ${operators} o
        where (${account.type} = 'operator' and o.id = ${account.id}::uuid)
           or (${account.type} = 'pool' and o.pool_id = ${account.id}::uuid)
      union all
      select 'pool', ${account.id}::uuid, ${account.id}::uuid, null where ${account.type} = 'pool'
    ),
    orphaned as (
      select r.type, r.id from reach r where not exists (
        select 1 from ${permissions} p
        where p.user_id = ${userId}::uuid and p.role in (${managing})
          and ((p.type = r.type and p.account_id = r.id)
            or (p.type = 'pool' and p.account_id = r.pool_id)
            or (p.type = 'operator' and p.account_id = r.operator_id))
      )
    ),
    dropped_watchers as (
      delete from ${watchers} w using orphaned o
      where o.type = 'miner' and w.miner_id = o.id and w.created_by = ${userId}::uuid
      returning w.id
    ),
    dropped_invites as (
      delete from ${invites} i using orphaned o
      where i.account_type = o.type and i.account_id = o.id and i.invited_by = ${userId}::uuid
        and i.accepted_at is null
      returning i.id
    )
    select (select count(*) from dropped_watchers) as watchers, (select count(*) from dropped_invites) as invites`);
}

export function accessRepository(db: Drizzle<AppSchema>) {
  const onAccount = (account: AccountKey) =>
    and(eq(permissions.type, account.type), eq(permissions.accountId, account.id));

  return {
    /**
     * Every permission of the person that reaches the account, in no order: a miner is reached from
     * itself, its operator and its pool; an operator from itself and its pool; a pool from itself.
     * One round trip, because every product read passes here (the policy ranks what it finds).
     */
    async grantsOn(userId: string, account: { kind: GrantRow['via']; id: string }): Promise<GrantRow[]> {
      // An id that is no uuid names no account, and would fail the cast below.
      if (!uuidPattern.test(account.id)) return [];
      type Row = { type: GrantRow['via'] | 'platform'; role: Role; total_fee_hide: boolean };
      const result: unknown = await db.execute(sql`
        with target as (
          select 'miner'::text as kind, m.id, m.pool_id, m.operator_id from ${miners} m
            where ${account.kind} = 'miner' and m.id = ${account.id}::uuid and m.deleted_at is null
          union all
          select 'operator', o.id, o.pool_id, null from ${operators} o where ${account.kind} = 'operator' and o.id = ${account.id}::uuid
          union all
          select 'pool', ${account.id}::uuid, ${account.id}::uuid, null where ${account.kind} = 'pool'
        )
        select p.type, p.role, p.total_fee_hide from ${permissions} p join target t
          on (p.type = t.kind and p.account_id = t.id)
          or (p.type = 'pool' and p.account_id = t.pool_id)
          or (p.type = 'operator' and p.account_id = t.operator_id)
        where p.user_id = ${userId}::uuid`);
      return (result as { rows: Row[] }).rows
        .filter((row): row is Row & { type: GrantRow['via'] } => row.type !== 'platform')
        .map((row) => ({ via: row.type, role: row.role, totalFeeHide: row.total_fee_hide }));
    },

    /** The person's role on the platform of the pool (platform permissions name the pool's id), if any. */
    async platformRoleOf(userId: string, poolId: string): Promise<Role | undefined> {
      if (!uuidPattern.test(userId)) return undefined;
      const [row] = await db
        .select({ role: permissions.role })
        .from(permissions)
        .where(and(eq(permissions.userId, userId), eq(permissions.type, 'platform'), eq(permissions.accountId, poolId)))
        .limit(1);
      return row?.role;
    },

    async members(account: AccountKey): Promise<AccessMember[]> {
      const rows = await db
        .select({
          id: permissions.id,
          userId: permissions.userId,
          email: users.email,
          role: permissions.role,
          createdAt: permissions.createdAt,
        })
        .from(permissions)
        .innerJoin(users, eq(users.id, permissions.userId))
        .where(onAccount(account))
        .orderBy(asc(permissions.createdAt));
      return rows.map((row) => ({
        id: row.id,
        user_id: row.userId,
        email: row.email,
        role: row.role,
        created_at: row.createdAt.toISOString(),
      }));
    },

    async pendingInvites(account: AccountKey, now: Date): Promise<AccessInvite[]> {
      const rows = await db
        .select()
        .from(invites)
        .where(
          and(
            eq(invites.accountType, account.type),
            eq(invites.accountId, account.id),
            isNull(invites.acceptedAt),
            gt(invites.expiresAt, now),
          ),
        )
        .orderBy(asc(invites.createdAt));
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        role: row.role,
        created_at: row.createdAt.toISOString(),
        expires_at: row.expiresAt.toISOString(),
      }));
    },

    /** Stores an invitation; returns the token, which exists nowhere else but in the e-mail. */
    async createInvite(input: {
      email: string;
      account: AccountKey;
      role: Role;
      invitedBy: string;
      expiresAt: Date;
      totalFeeHide?: boolean;
    }): Promise<{ id: string; token: string }> {
      const token = randomBytes(32).toString('base64url');
      const [row] = await db
        .insert(invites)
        .values({
          tokenHash: hashToken(token),
          email: input.email,
          accountType: input.account.type,
          accountId: input.account.id,
          role: input.role,
          invitedBy: input.invitedBy,
          expiresAt: input.expiresAt,
          totalFeeHide: input.totalFeeHide ?? false,
        })
        .returning({ id: invites.id });
      if (!row) throw new Error('inserting an invite returned no row');
      return { id: row.id, token };
    },

    async inviteByToken(token: string): Promise<InviteRow | undefined> {
      const [row] = await db
        .select()
        .from(invites)
        .where(eq(invites.tokenHash, hashToken(token)));
      if (!row) return undefined;
      return {
        id: row.id,
        email: row.email,
        account: { type: row.accountType, id: row.accountId },
        role: row.role,
        identityId: row.identityId,
        activationKeyHash: row.activationKeyHash,
        totalFeeHide: row.totalFeeHide,
        expiresAt: row.expiresAt,
        acceptedAt: row.acceptedAt,
      };
    },

    /**
     * Binds an open invitation's activation to one browser: true for the one call that claims it,
     * false for any other, however many arrive at once.
     */
    async claimActivation(inviteId: string, keyHash: string): Promise<boolean> {
      const claimed = await db
        .update(invites)
        .set({ activationKeyHash: keyHash })
        .where(and(eq(invites.id, inviteId), isNull(invites.activationKeyHash), isNull(invites.acceptedAt)))
        .returning({ id: invites.id });
      return claimed.length > 0;
    },

    /** Gives a claim back when no identity could be made for it. */
    async releaseActivation(inviteId: string, keyHash: string): Promise<void> {
      await db
        .update(invites)
        .set({ activationKeyHash: null })
        .where(and(eq(invites.id, inviteId), eq(invites.activationKeyHash, keyHash), isNull(invites.identityId)));
    },

    async setInviteIdentity(inviteId: string, identityId: string): Promise<void> {
      await db.update(invites).set({ identityId }).where(eq(invites.id, inviteId));
    },

    /**
     * Accepts an invitation once: the permission is granted in the same transaction that marks the
     * invite accepted, so a second accept (a double click, a replayed request) grants nothing.
     */
    async accept(invite: InviteRow, userId: string, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(invites)
          .set({ acceptedAt: now })
          .where(and(eq(invites.id, invite.id), isNull(invites.acceptedAt)))
          .returning({ id: invites.id });
        if (!claimed) return false;
        await tx
          .insert(permissions)
          .values({
            userId,
            type: invite.account.type,
            accountId: invite.account.id,
            role: invite.role,
            totalFeeHide: invite.totalFeeHide ?? false,
          })
          .onConflictDoUpdate({
            target: [permissions.userId, permissions.type, permissions.accountId],
            set: { role: invite.role, totalFeeHide: invite.totalFeeHide ?? false },
            // An owner stays an owner whatever an invitation says.
            setWhere: ne(permissions.role, 'owner'),
          });
        return true;
      });
    },

    /**
     * Changes a member's role; owners keep theirs, and nobody changes their own (no promoting
     * oneself, no demoting the last admin by mistake). A member who no longer manages loses the
     * watcher links and invitations they made.
     */
    async changeRole(
      account: AccountKey,
      permissionId: string,
      role: Role,
      changedBy: string,
    ): Promise<'changed' | 'own' | 'not_found'> {
      return db.transaction(async (tx) => {
        const [changed] = await tx
          .update(permissions)
          .set({ role })
          .where(
            and(
              onAccount(account),
              eq(permissions.id, permissionId),
              ne(permissions.role, 'owner'),
              ne(permissions.userId, changedBy),
            ),
          )
          .returning({ userId: permissions.userId });
        if (changed) {
          if (!managingRoles.includes(role)) await dropWhatTheyMade(tx, changed.userId, account);
          return 'changed';
        }
        const [own] = await tx
          .select({ id: permissions.id })
          .from(permissions)
          .where(and(onAccount(account), eq(permissions.id, permissionId), eq(permissions.userId, changedBy)));
        return own ? 'own' : 'not_found';
      });
    },

    /**
     * Removes a member (never an owner), with the watcher links and pending invitations they made
     * for the account, or withdraws an invitation.
     */
    async remove(account: AccountKey, accessId: string): Promise<boolean> {
      const removed = await db.transaction(async (tx) => {
        const [member] = await tx
          .delete(permissions)
          .where(and(onAccount(account), eq(permissions.id, accessId), ne(permissions.role, 'owner')))
          .returning({ userId: permissions.userId });
        if (member) await dropWhatTheyMade(tx, member.userId, account);
        return member !== undefined;
      });
      if (removed) return true;
      const invite = await db
        .delete(invites)
        .where(
          and(
            eq(invites.accountType, account.type),
            eq(invites.accountId, account.id),
            eq(invites.id, accessId),
            isNull(invites.acceptedAt),
          ),
        )
        .returning({ id: invites.id });
      return invite.length > 0;
    },

    /**
     * The person gives up one of their own roles (never an owner's: an owner deletes the account),
     * with the watcher links and pending invitations they made with it. Answers whether it was theirs.
     */
    async leave(userId: string, permissionId: string): Promise<'left' | 'owner' | 'not_found'> {
      return db.transaction(async (tx) => {
        const [held] = await tx
          .select({ type: permissions.type, accountId: permissions.accountId, role: permissions.role })
          .from(permissions)
          .where(and(eq(permissions.id, permissionId), eq(permissions.userId, userId)));
        if (!held || held.type === 'platform') return 'not_found';
        if (held.role === 'owner') return 'owner';
        await tx.delete(permissions).where(eq(permissions.id, permissionId));
        await dropWhatTheyMade(tx, userId, { type: held.type, id: held.accountId });
        return 'left';
      });
    },

    /** The name an account goes by, for e-mails and the invitation page. */
    async accountName(account: AccountKey): Promise<string | undefined> {
      if (account.type === 'miner') {
        const [row] = await db.select({ name: miners.accountName }).from(miners).where(eq(miners.id, account.id));
        return row?.name;
      }
      if (account.type === 'operator') {
        const [row] = await db.select({ name: operators.title }).from(operators).where(eq(operators.id, account.id));
        return row?.name;
      }
      const [row] = await db.select({ name: pools.name }).from(pools).where(eq(pools.id, account.id));
      return row?.name;
    },
  };
}

export type AccessRepository = ReturnType<typeof accessRepository>;
