import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Drizzle } from '@pool/db/database';
import type { AccessInvite, AccessMember } from '@pool/contract/access-management';
import type { Role } from '@pool/contract/accounts';
import { invites, miners, operators, permissions, pools, users, type AppSchema } from '../../db/schema.ts';

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
  expiresAt: Date;
  acceptedAt: Date | null;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function accessRepository(db: Drizzle<AppSchema>) {
  const onAccount = (account: AccountKey) =>
    and(eq(permissions.type, account.type), eq(permissions.accountId, account.id));

  return {
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
        expiresAt: row.expiresAt,
        acceptedAt: row.acceptedAt,
      };
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
          .values({ userId, type: invite.account.type, accountId: invite.account.id, role: invite.role })
          .onConflictDoUpdate({
            target: [permissions.userId, permissions.type, permissions.accountId],
            set: { role: invite.role },
            // An owner stays an owner whatever an invitation says.
            setWhere: ne(permissions.role, 'owner'),
          });
        return true;
      });
    },

    /** Changes a member's role; owners keep theirs. False when no such member is on the account. */
    async changeRole(account: AccountKey, permissionId: string, role: Role): Promise<boolean> {
      const changed = await db
        .update(permissions)
        .set({ role })
        .where(and(onAccount(account), eq(permissions.id, permissionId), ne(permissions.role, 'owner')))
        .returning({ id: permissions.id });
      return changed.length > 0;
    },

    /** Removes a member (never an owner) or withdraws an invitation. */
    async remove(account: AccountKey, accessId: string): Promise<boolean> {
      const member = await db
        .delete(permissions)
        .where(and(onAccount(account), eq(permissions.id, accessId), ne(permissions.role, 'owner')))
        .returning({ id: permissions.id });
      if (member.length > 0) return true;
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
