import {
  invitableRolesOn,
  type AcceptedInvite,
  type AccessList,
  type InvitableRole,
  type InviteActivation,
  type InviteInfo,
} from '@pool/contract/access-management';
import { HttpError } from '../../http/errors.ts';
import type { IdentityAdminClient } from '../../identity-client/admin.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { isActivationKey, newActivationKey } from './activation-cookie.ts';
import { invitationMail } from './invitation-mail.ts';
import { hashToken, type AccessRepository, type AccountKey } from './repository.ts';

export interface AccessServiceOptions {
  access: AccessRepository;
  admin: IdentityAdminClient;
  mailer: Mailer;
  /** Where invitation links point. */
  publicUrl: string;
  poolName: () => Promise<string>;
  /**
   * Called once a change of someone's access committed, before the change is answered: empties
   * this process's grant cache and waits until every other process heard of it.
   */
  accessChanged?: () => Promise<void>;
  now?: () => Date;
}

/** Who acts: a signed-in person, as the policy plugin established them. */
export interface Actor {
  userId: string;
  email: string;
  /** The identity's verified addresses, lower-cased. */
  verifiedEmails: readonly string[];
}

/** An activation and the browser key it is bound to, which the browser keeps until the invitation expires. */
export interface Activation {
  activation: InviteActivation;
  browserKey: string;
  keyMaxAgeSeconds: number;
}

/** Spec 6: an invitation link works for a week; its recovery code as long. */
const inviteLifespanMs = 7 * 24 * 60 * 60 * 1000;
const recoveryCodeLifespan = '168h';

/**
 * Spec 6 access control: who has a role on an account, invitations and their acceptance. The rules
 * live here; the routes translate HTTP, the repository holds the SQL, and the policy plugin has
 * already decided that the caller may make the call.
 */
export function accessService({
  access,
  admin,
  mailer,
  publicUrl,
  poolName,
  accessChanged = async () => {},
  now = () => new Date(),
}: AccessServiceOptions) {
  /** Each account type offers its own roles (a pool: admin and viewer). */
  const offered = (account: AccountKey, role: InvitableRole) => {
    if (!invitableRolesOn(account.type).includes(role)) {
      throw new HttpError('validation_failed', { fields: [{ field: 'role', text: 'Invalid input' }] });
    }
  };

  /** An invitation that can still be accepted, or a 404 that says nothing more. */
  const openInvite = async (token: string) => {
    const invite = await access.inviteByToken(token);
    if (!invite || invite.acceptedAt || invite.expiresAt <= now()) throw new HttpError('not_found');
    return invite;
  };

  return {
    async list(account: AccountKey): Promise<AccessList> {
      return { members: await access.members(account), invites: await access.pendingInvites(account, now()) };
    },

    /** Stores an invitation and mails its link, which exists nowhere else; nobody invites themselves. */
    async invite(account: AccountKey, by: Actor, input: { email: string; role: InvitableRole }): Promise<void> {
      offered(account, input.role);
      const email = input.email.trim().toLowerCase();
      if (email === by.email.toLowerCase()) {
        throw new HttpError('validation_failed', { fields: [{ field: 'email', text: 'Invalid input' }] });
      }
      const expiresAt = new Date(now().getTime() + inviteLifespanMs);
      const { id, token } = await access.createInvite({
        email,
        account,
        role: input.role,
        invitedBy: by.userId,
        expiresAt,
      });
      await mailer.send(
        invitationMail({
          to: email,
          poolName: await poolName(),
          accountName: (await access.accountName(account)) ?? '',
          role: input.role,
          inviteId: id,
          link: `${publicUrl}/invitation?token=${token}`,
          expiresAt,
        }),
      );
    },

    /** Owners keep their role, and nobody changes their own. */
    async changeRole(account: AccountKey, accessId: string, role: InvitableRole, by: Actor): Promise<void> {
      offered(account, role);
      const outcome = await access.changeRole(account, accessId, role, by.userId);
      if (outcome === 'changed') await accessChanged();
      if (outcome === 'own') throw new HttpError('access_denied', { message: 'Nobody changes their own role' });
      if (outcome === 'not_found') throw new HttpError('not_found');
    },

    /** Removes a member (never an owner) or withdraws an invitation. */
    async remove(account: AccountKey, accessId: string): Promise<void> {
      if (!(await access.remove(account, accessId))) throw new HttpError('not_found');
      await accessChanged();
    },

    /** Spec 2 settings, accounts: leaves an account one was invited to; an owner deletes it instead. */
    async leave(userId: string, permissionId: string): Promise<void> {
      const outcome = await access.leave(userId, permissionId);
      if (outcome === 'not_found') throw new HttpError('not_found');
      if (outcome === 'owner') {
        throw new HttpError('access_denied', { message: 'An owner deletes the account instead of leaving it' });
      }
      await accessChanged();
    },

    /** What an invitation link opens; the token is the credential, so anyone holding it may ask. */
    async inviteInfo(token: string): Promise<InviteInfo> {
      const invite = await openInvite(token);
      // An identity this invitation made is the invitee's to finish until it has a credential;
      // then, like any other identity, it signs in to accept.
      const existing = invite.identityId
        ? (await admin.credentialTypes(invite.identityId))?.length
        : await admin.identityIdByEmail(invite.email);
      return {
        email: invite.email,
        account_type: invite.account.type,
        account_name: (await access.accountName(invite.account)) ?? '',
        role: invite.role,
        expires_at: invite.expiresAt.toISOString(),
        has_identity: Boolean(existing),
      };
    },

    /**
     * Makes the identity of an invitee who has none, and a recovery code to sign in and set a
     * password. `browserKey` is the activation key the calling browser holds, if any.
     */
    async activate(token: string, browserKey: string | undefined): Promise<Activation> {
      const invite = await openInvite(token);
      // Someone who signs in already accepts after signing in, and gets no recovery code here.
      if (!invite.identityId && (await admin.identityIdByEmail(invite.email))) throw new HttpError('conflict');
      // One browser activates an invitation: the first to ask, and afterwards only that one.
      const key = browserKey ?? newActivationKey();
      if (invite.activationKeyHash === null) {
        if (!(await access.claimActivation(invite.id, hashToken(key)))) throw new HttpError('conflict');
      } else if (!isActivationKey(browserKey, invite.activationKeyHash)) {
        throw new HttpError('conflict');
      }
      let identityId = invite.identityId;
      if (identityId) {
        // Once the invitee has a password (or any credential) they sign in; no more codes.
        const credentials = await admin.credentialTypes(identityId);
        if (!credentials || credentials.length > 0) throw new HttpError('conflict');
      } else {
        try {
          identityId = await admin.createIdentity(invite.email);
        } catch (error) {
          await access.releaseActivation(invite.id, hashToken(key));
          throw error;
        }
        await access.setInviteIdentity(invite.id, identityId);
      }
      const recovery = await admin.createRecoveryCode(identityId, recoveryCodeLifespan);
      return {
        activation: { recovery_flow_id: recovery.flowId, recovery_code: recovery.code },
        browserKey: key,
        keyMaxAgeSeconds: (invite.expiresAt.getTime() - now().getTime()) / 1000,
      };
    },

    /** Grants the invitation's role once, to a person whose verified address is the invitation's. */
    async accept(token: string, by: Actor): Promise<AcceptedInvite> {
      const invite = await openInvite(token);
      // The address must be the caller's and verified: an unverified e-mail proves nothing.
      if (!by.verifiedEmails.includes(invite.email)) {
        throw new HttpError('access_denied', { message: 'The invitation is for another or an unverified e-mail' });
      }
      if (!(await access.accept(invite, by.userId, now()))) throw new HttpError('not_found');
      await accessChanged();
      return { account_type: invite.account.type, account_id: invite.account.id, role: invite.role };
    },
  };
}

export type AccessService = ReturnType<typeof accessService>;
