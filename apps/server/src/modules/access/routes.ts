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
} from '@pool/contract/access-management';
import { ErrorBody } from '@pool/contract/errors';
import { personOf } from '../../policy/caller.ts';
import type { RoutePolicy } from '../../policy/route-policy.ts';
import { activationCookie, activationKeyOf } from './activation-cookie.ts';
import type { AccountKey } from './repository.ts';
import type { AccessService } from './service.ts';

export interface AccessRoutesOptions {
  service: AccessService;
  /** Whether the activation cookie is sent over HTTPS only. */
  secureCookies: boolean;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const kinds = [
  { type: 'miner', path: 'miners' },
  { type: 'pool', path: 'pools' },
  { type: 'operator', path: 'operators' },
] as const;
const AccountParams = z.object({ id: z.uuid() });
const AccessParams = AccountParams.extend({ access_id: z.uuid() });
const TokenParams = z.object({ token: InviteToken });

export const accessRoutes: FastifyPluginAsyncZod<AccessRoutesOptions> = async (app, { service, secureCookies }) => {
  for (const { type, path } of kinds) {
    const account = { kind: type, param: 'id' } as const;
    const reads: RoutePolicy = { caller: 'person', account, section: 'AccessControl' };
    // Spec 6: access changes are critical; only those who manage the account make them.
    const changes: RoutePolicy = { ...reads, manage: true, critical: true };
    const keyOf = (id: string): AccountKey => ({ type, id });

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
      async (request) => service.list(keyOf(request.params.id)),
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
        await service.invite(keyOf(request.params.id), personOf(request.caller), request.body);
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
        const { id, access_id } = request.params;
        await service.changeRole(keyOf(id), access_id, request.body.role, personOf(request.caller));
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
        await service.remove(keyOf(request.params.id), request.params.access_id);
        return reply.status(204).send(null);
      },
    );
  }

  app.delete(
    '/identity/:id/permissions/:permission_id',
    {
      config: { policy: { caller: 'person', selfParam: 'id' } },
      schema: {
        tags: ['access'],
        summary: 'Leave an account one was invited to: give up one of one’s own roles (never an owner’s)',
        params: z.object({ id: z.uuid(), permission_id: z.uuid() }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.leave(request.params.id, request.params.permission_id);
      return reply.status(204).send(null);
    },
  );

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
    async (request) => service.inviteInfo(request.params.token),
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
      const { activation, browserKey, keyMaxAgeSeconds } = await service.activate(
        request.params.token,
        activationKeyOf(request.headers.cookie),
      );
      // Only this browser may activate the invitation again, until it expires.
      reply.header(
        'set-cookie',
        activationCookie(browserKey, { secure: secureCookies, maxAgeSeconds: keyMaxAgeSeconds }),
      );
      return reply.status(201).send(activation);
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
    async (request) => service.accept(request.body.token, personOf(request.caller)),
  );
};
