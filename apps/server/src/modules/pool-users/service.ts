import type {
  DeletionRequest,
  PoolUser,
  PoolUserInvite,
  PoolUserPermission,
  PoolUserSession,
  PoolUsersPage,
  PoolUsersQuery,
  SecondFactorReset,
} from '@pool/contract/pool-users';
import { HttpError } from '../../http/errors.ts';
import { secondFactorTypes, type IdentityAdminClient } from '../../identity-client/admin.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { invitationMail } from '../access/invitation-mail.ts';
import type { PoolUserRepository } from './repository.ts';

export interface PoolUserServiceOptions {
  repository: PoolUserRepository;
  admin: IdentityAdminClient;
  mailer: Mailer;
  /** Where invitation links point. */
  publicUrl: string;
  poolName: () => Promise<string>;
  now?: () => Date;
}

/** The member of staff who acts, as the policy plugin established them. */
export interface StaffActor {
  userId: string;
  email: string;
}

/** Spec 6: an invitation link works for a week, a resent one a week from the resend. */
const inviteLifespanMs = 7 * 24 * 60 * 60 * 1000;

/**
 * Spec 2 `/users` and spec 6 "Pool users": pool staff and platform admins see the pool's users and
 * close their sessions, reset their second factor, resend their invitations and delete them. Every
 * change goes through the identity service's admin API and is recorded (who, whom, what, when).
 * The policy plugin has already decided the caller may call; this decides about whom.
 */
export function poolUserService({
  repository,
  admin,
  mailer,
  publicUrl,
  poolName,
  now = () => new Date(),
}: PoolUserServiceOptions) {
  /** The user, when they hold a role on an account of the pool; a 404 otherwise, whoever they are. */
  async function member(poolId: string, userId: string) {
    const [user, permissions] = await Promise.all([repository.user(userId), repository.permissions(poolId, userId)]);
    if (!user || permissions.length === 0) throw new HttpError('not_found');
    return { ...user, permissions };
  }

  const notOneself = (userId: string, by: StaffActor, what: string) => {
    if (userId === by.userId) throw new HttpError('access_denied', { message: `Nobody ${what} this way` });
  };

  return {
    async list(poolId: string, query: PoolUsersQuery): Promise<PoolUsersPage> {
      const { items, total } = await repository.list(poolId, query);
      return { items, total, page: query.page, per_page: query.per_page };
    },

    async user(poolId: string, userId: string): Promise<PoolUser> {
      const user = await member(poolId, userId);
      const [identity, sessions, actions] = await Promise.all([
        admin.identity(userId),
        admin.sessionsOf(userId),
        repository.actions(poolId, userId),
      ]);
      const types = new Set(identity?.credentialTypes ?? []);
      const latest = Math.max(0, ...sessions.map((session) => Date.parse(session.authenticatedAt)));
      return {
        id: user.id,
        email: identity?.email ?? user.email,
        email_verified: identity?.emailVerified ?? false,
        second_factors: {
          totp: types.has('totp'),
          lookup_secret: types.has('lookup_secret'),
          webauthn: types.has('webauthn'),
        },
        last_sign_in_at: latest > 0 ? new Date(latest).toISOString() : null,
        created_at: user.createdAt,
        actions,
      };
    },

    async permissions(poolId: string, userId: string): Promise<PoolUserPermission[]> {
      return (await member(poolId, userId)).permissions;
    },

    /** Newest first, active ones before ended ones. */
    async sessions(poolId: string, userId: string): Promise<PoolUserSession[]> {
      await member(poolId, userId);
      return (await admin.sessionsOf(userId))
        .sort(
          (a, b) =>
            Number(b.active) - Number(a.active) || Date.parse(b.authenticatedAt) - Date.parse(a.authenticatedAt),
        )
        .map((session) => ({
          id: session.id,
          active: session.active,
          authenticated_at: new Date(session.authenticatedAt).toISOString(),
          expires_at: new Date(session.expiresAt).toISOString(),
          authenticator_assurance_level: session.aal,
          devices: session.devices.map((device) => ({
            ip_address: device.ipAddress,
            user_agent: device.userAgent,
            location: device.location,
          })),
        }));
    },

    async invites(poolId: string, userId: string): Promise<PoolUserInvite[]> {
      const user = await member(poolId, userId);
      return repository.invites(poolId, user.email, now());
    },

    /** Mails an invitation not accepted yet again, with a new link that works for a week. */
    async resendInvite(poolId: string, userId: string, inviteId: string, by: StaffActor): Promise<PoolUserInvite> {
      const user = await member(poolId, userId);
      const invite = (await repository.invites(poolId, user.email, now())).find((entry) => entry.id === inviteId);
      if (!invite) throw new HttpError('not_found');
      if (invite.state === 'accepted') throw new HttpError('conflict', { message: 'The invitation is accepted' });
      const expiresAt = new Date(now().getTime() + inviteLifespanMs);
      const token = await repository.renewInvite(invite.id, expiresAt);
      if (!token) throw new HttpError('conflict', { message: 'The invitation is accepted' });
      await mailer.send(
        invitationMail({
          to: user.email,
          poolName: await poolName(),
          accountName: invite.account_name,
          role: invite.role,
          inviteId: invite.id,
          link: `${publicUrl}/invitation?token=${token}`,
          expiresAt,
        }),
      );
      await repository.record({
        poolId,
        userId,
        actor: by,
        action: 'invite_resent',
        detail: { invite_id: invite.id, account_name: invite.account_name, role: invite.role },
      });
      return { ...invite, state: 'pending', expires_at: expiresAt.toISOString() };
    },

    /** Ends one session of a user of the pool; a session of anyone else is not found. */
    async closeSession(poolId: string, sessionId: string, by: StaffActor): Promise<void> {
      const owner = await admin.sessionOwner(sessionId);
      if (!owner) throw new HttpError('not_found');
      await member(poolId, owner);
      await admin.revokeSession(sessionId);
      await repository.record({
        poolId,
        userId: owner,
        actor: by,
        action: 'session_closed',
        detail: { session_id: sessionId },
      });
    },

    /**
     * For a person who lost their phone: removes every second factor and ends every session, so
     * that they sign in with their password and set a second factor up again. Never one's own.
     */
    async resetSecondFactor(poolId: string, userId: string, by: StaffActor): Promise<SecondFactorReset> {
      notOneself(userId, by, 'resets their own second factor');
      await member(poolId, userId);
      const identity = await admin.identity(userId);
      const removed = secondFactorTypes.filter((type) => identity?.credentialTypes.includes(type));
      if (removed.length === 0) throw new HttpError('conflict', { message: 'No second factor is set up' });
      for (const type of removed) await admin.deleteCredential(userId, type);
      await admin.revokeSessions(userId);
      await repository.record({
        poolId,
        userId,
        actor: by,
        action: 'second_factor_reset',
        detail: { factors: removed },
      });
      return { removed };
    },

    /**
     * Records the request, then deletes the identity (which ends its sessions) and the product's
     * user with their roles. If the identity service fails, the request stays pending and the same
     * call carries it out later.
     */
    async requestDeletion(poolId: string, userId: string, by: StaffActor): Promise<DeletionRequest> {
      notOneself(userId, by, 'deletes themselves');
      const user = await member(poolId, userId);
      await repository.requestDeletion({ poolId, userId, email: user.email, actor: by });
      await repository.record({
        poolId,
        userId,
        actor: by,
        action: 'deletion_requested',
        detail: { email: user.email },
      });
      await admin.deleteIdentity(userId);
      await repository.deleteUser(userId);
      await repository.completeDeletion(userId);
      await repository.record({ poolId, userId, actor: by, action: 'user_deleted', detail: { email: user.email } });
      const request = await repository.deletionRequest(poolId, userId);
      if (!request) throw new Error('the deletion request was not stored');
      return request;
    },

    async deletionRequest(poolId: string, userId: string): Promise<DeletionRequest> {
      const request = await repository.deletionRequest(poolId, userId);
      if (!request) throw new HttpError('not_found');
      return request;
    },
  };
}

export type PoolUserService = ReturnType<typeof poolUserService>;
