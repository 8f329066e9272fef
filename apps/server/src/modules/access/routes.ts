import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptInviteBody,
  AcceptedInvite,
  AccessList,
  ChangeRoleBody,
  InviteActivation,
  InviteActivationBody,
  InviteBody,
  InviteInfo,
  InviteToken,
  invitableRolesOn,
  type InvitableRole,
} from '@pool/contract/access-management';
import { ErrorBody } from '@pool/contract/errors';
import { HttpError } from '../../http/errors.ts';
import type { IdentityAdminClient } from '../../identity-client/admin.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { personOf } from '../../policy/caller.ts';
import type { RoutePolicy } from '../../policy/route-policy.ts';
import type { UserRepository } from '../users/repository.ts';
import { activationCookie, activationKeyOf, isActivationKey, newActivationKey } from './activation-cookie.ts';
import { invitationMail } from './invitation-mail.ts';
import { hashToken, type AccessRepository, type AccountKey } from './repository.ts';

export interface AccessRoutesOptions {
  access: AccessRepository;
  users: UserRepository;
  admin: IdentityAdminClient;
  mailer: Mailer;
  publicUrl: string;
  poolName: () => Promise<string>;
  now?: () => Date;
}

/** Spec 6: an invitation link works for a week; its recovery code as long. */
export const inviteLifespanMs = 7 * 24 * 60 * 60 * 1000;
const recoveryCodeLifespan = '168h';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const kinds = [
  { type: 'miner', path: 'miners' },
  { type: 'pool', path: 'pools' },
  { type: 'operator', path: 'operators' },
] as const;
const AccountParams = z.object({ id: z.uuid() });
const AccessParams = AccountParams.extend({ access_id: z.uuid() });
const TokenParams = z.object({ token: InviteToken });

export const accessRoutes: FastifyPluginAsyncZod<AccessRoutesOptions> = async (
  app,
  { access, users, admin, mailer, publicUrl, poolName, now = () => new Date() },
) => {
  for (const { type, path } of kinds) {
    const account = { kind: type, param: 'id' } as const;
    const reads: RoutePolicy = { caller: 'person', account, section: 'AccessControl' };
    // Spec 6: access changes are critical; only those who manage the account make them.
    const changes: RoutePolicy = { ...reads, manage: true, critical: true };
    const keyOf = (id: string): AccountKey => ({ type, id });
    const offered = (role: InvitableRole) => {
      if (!invitableRolesOn(type).includes(role)) {
        throw new HttpError('validation_failed', { fields: [{ field: 'role', text: 'Invalid input' }] });
      }
    };

    app.get(
      `/${path}/:id/access`,
      {
        config: { policy: reads },
        schema: {
          tags: ['access'],
          summary: `People with a role on a ${type} account, and invitations not accepted yet`,
          params: AccountParams,
          response: { 200: AccessList, ...errors },
        },
      },
      async (request) => ({
        members: await access.members(keyOf(request.params.id)),
        invites: await access.pendingInvites(keyOf(request.params.id), now()),
      }),
    );

    app.post(
      `/${path}/:id/access`,
      {
        config: { policy: changes },
        schema: {
          tags: ['access'],
          summary: `Invite an e-mail to a ${type} account with a role (critical change)`,
          params: AccountParams,
          body: InviteBody,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const caller = personOf(request.caller);
        offered(request.body.role);
        await users.ensure(caller.userId, caller.email);
        const key = keyOf(request.params.id);
        const email = request.body.email.trim().toLowerCase();
        if (email === caller.email.toLowerCase()) {
          throw new HttpError('validation_failed', { fields: [{ field: 'email', text: 'Invalid input' }] });
        }
        const expiresAt = new Date(now().getTime() + inviteLifespanMs);
        const { id, token } = await access.createInvite({
          email,
          account: key,
          role: request.body.role,
          invitedBy: caller.userId,
          expiresAt,
        });
        await mailer.send(
          invitationMail({
            to: email,
            poolName: await poolName(),
            accountName: (await access.accountName(key)) ?? '',
            role: request.body.role,
            inviteId: id,
            link: `${publicUrl}/invitation?token=${token}`,
            expiresAt,
          }),
        );
        return reply.status(204).send(null);
      },
    );

    app.put(
      `/${path}/:id/access/:access_id`,
      {
        config: { policy: changes },
        schema: {
          tags: ['access'],
          summary: `Change a member's role on a ${type} account (critical change; owners keep theirs)`,
          params: AccessParams,
          body: ChangeRoleBody,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        offered(request.body.role);
        const outcome = await access.changeRole(
          keyOf(request.params.id),
          request.params.access_id,
          request.body.role,
          personOf(request.caller).userId,
        );
        if (outcome === 'own') throw new HttpError('access_denied', { message: 'Nobody changes their own role' });
        if (outcome === 'not_found') throw new HttpError('not_found');
        return reply.status(204).send(null);
      },
    );

    app.delete(
      `/${path}/:id/access/:access_id`,
      {
        config: { policy: changes },
        schema: {
          tags: ['access'],
          summary: `Remove a member from a ${type} account, or withdraw an invitation (critical change)`,
          params: AccessParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        if (!(await access.remove(keyOf(request.params.id), request.params.access_id))) {
          throw new HttpError('not_found');
        }
        return reply.status(204).send(null);
      },
    );
  }

  /** An invitation that can still be accepted, or a 404 that says nothing more. */
  const openInvite = async (token: string) => {
    const invite = await access.inviteByToken(token);
    if (!invite || invite.acceptedAt || invite.expiresAt <= now()) throw new HttpError('not_found');
    return invite;
  };

  app.get(
    '/invites/:token',
    {
      // The token is the credential: it reached the invitee's mailbox and nobody else's.
      config: { policy: { caller: 'anyone' } },
      schema: {
        tags: ['access'],
        summary: 'What an invitation link opens',
        params: TokenParams,
        response: { 200: InviteInfo, ...errors },
      },
    },
    async (request) => {
      const invite = await openInvite(request.params.token);
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
  );

  app.post(
    '/invites/:token/activation',
    {
      config: { policy: { caller: 'anyone' } },
      schema: {
        tags: ['access'],
        summary: 'Make the identity of an invitee who has none, and a recovery code to sign in and set a password',
        params: TokenParams,
        body: InviteActivationBody,
        response: { 201: InviteActivation, ...errors },
      },
    },
    async (request, reply) => {
      const invite = await openInvite(request.params.token);
      // Someone who signs in already accepts after signing in, and gets no recovery code here.
      if (!invite.identityId && (await admin.identityIdByEmail(invite.email))) throw new HttpError('conflict');
      // One browser activates an invitation: the first to ask, and afterwards only that one.
      const browserKey = activationKeyOf(request.headers.cookie);
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
      reply.header(
        'set-cookie',
        activationCookie(key, {
          secure: publicUrl.startsWith('https://'),
          maxAgeSeconds: (invite.expiresAt.getTime() - now().getTime()) / 1000,
        }),
      );
      return reply.status(201).send({ recovery_flow_id: recovery.flowId, recovery_code: recovery.code });
    },
  );

  app.post(
    '/invites/accept',
    {
      config: { policy: { caller: 'person' } },
      schema: {
        tags: ['access'],
        summary: 'Accept an invitation addressed to the signed-in e-mail',
        body: AcceptInviteBody,
        response: { 200: AcceptedInvite, ...errors },
      },
    },
    async (request) => {
      const caller = personOf(request.caller);
      const invite = await openInvite(request.body.token);
      // The address must be the caller's and verified: an unverified e-mail proves nothing.
      if (!caller.verifiedEmails.includes(invite.email)) {
        throw new HttpError('access_denied', { message: 'The invitation is for another or an unverified e-mail' });
      }
      await users.ensure(caller.userId, caller.email);
      if (!(await access.accept(invite, caller.userId, now()))) throw new HttpError('not_found');
      return { account_type: invite.account.type, account_id: invite.account.id, role: invite.role };
    },
  );
};
