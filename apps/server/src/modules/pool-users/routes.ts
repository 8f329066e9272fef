import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@pool/contract/errors';
import {
  DeletionRequest,
  PoolParams,
  PoolSessionParams,
  PoolUser,
  PoolUserInvite,
  PoolUserParams,
  PoolUserPermission,
  PoolUserSession,
  PoolUsersPage,
  PoolUsersQuery,
  ResendInviteBody,
  SecondFactorReset,
} from '@pool/contract/pool-users';
import { personOf } from '../../policy/caller.ts';
import type { RoutePolicy } from '../../policy/route-policy.ts';
import type { PoolUserService } from './service.ts';

export interface PoolUserRoutesOptions {
  service: PoolUserService;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/**
 * Spec 6: pool staff with a managing role, and the platform's admins, see the pool's users; every
 * action on one is a critical change.
 */
const reads: RoutePolicy = {
  caller: 'person',
  account: { kind: 'pool', param: 'pool_id' },
  poolStaff: true,
  manage: true,
  platformManagers: true,
};
const changes: RoutePolicy = { ...reads, critical: true };

export const poolUserRoutes: FastifyPluginAsyncZod<PoolUserRoutesOptions> = async (app, { service }) => {
  const tags = ['pool users'];

  app.get(
    '/pools/:pool_id/users',
    {
      config: { policy: reads },
      schema: {
        tags,
        summary: "The pool's users, a page at a time, optionally searched by e-mail or account name",
        params: PoolParams,
        querystring: PoolUsersQuery,
        response: { 200: PoolUsersPage, ...errors },
      },
    },
    async (request) => service.list(request.params.pool_id, request.query),
  );

  app.get(
    '/pools/:pool_id/users/:user_id',
    {
      config: { policy: reads },
      schema: {
        tags,
        summary: 'A user: e-mail and its verification, second factors, last sign-in, and what staff did to them',
        params: PoolUserParams,
        response: { 200: PoolUser, ...errors },
      },
    },
    async (request) => service.user(request.params.pool_id, request.params.user_id),
  );

  app.get(
    '/pools/:pool_id/users/:user_id/permissions',
    {
      config: { policy: reads },
      schema: {
        tags,
        summary: "The user's roles on accounts of the pool",
        params: PoolUserParams,
        response: { 200: z.array(PoolUserPermission), ...errors },
      },
    },
    async (request) => service.permissions(request.params.pool_id, request.params.user_id),
  );

  app.get(
    '/pools/:pool_id/users/:user_id/sessions',
    {
      config: { policy: reads },
      schema: {
        tags,
        summary: "The user's sessions, active and ended",
        params: PoolUserParams,
        response: { 200: z.array(PoolUserSession), ...errors },
      },
    },
    async (request) => service.sessions(request.params.pool_id, request.params.user_id),
  );

  app.get(
    '/pools/:pool_id/users/:user_id/invites',
    {
      config: { policy: reads },
      schema: {
        tags,
        summary: "Invitations to accounts of the pool addressed to the user's e-mail",
        params: PoolUserParams,
        response: { 200: z.array(PoolUserInvite), ...errors },
      },
    },
    async (request) => service.invites(request.params.pool_id, request.params.user_id),
  );

  app.post(
    '/pools/:pool_id/users/:user_id/invites',
    {
      config: { policy: changes },
      schema: {
        tags,
        summary: 'Resend an invitation not accepted yet, with a new link for a week (critical change)',
        params: PoolUserParams,
        body: ResendInviteBody,
        response: { 200: PoolUserInvite, ...errors },
      },
    },
    async (request) =>
      service.resendInvite(
        request.params.pool_id,
        request.params.user_id,
        request.body.invite_id,
        personOf(request.caller),
      ),
  );

  app.delete(
    '/pools/:pool_id/sessions/:session_id',
    {
      config: { policy: changes },
      schema: {
        tags,
        summary: "Close a session of one of the pool's users (critical change)",
        params: PoolSessionParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.closeSession(request.params.pool_id, request.params.session_id, personOf(request.caller));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/pools/:pool_id/users/:user_id/2fa/reset',
    {
      config: { policy: changes },
      schema: {
        tags,
        summary: "Remove a user's second factors and end their sessions; never one's own (critical change)",
        params: PoolUserParams,
        response: { 200: SecondFactorReset, ...errors },
      },
    },
    async (request) =>
      service.resetSecondFactor(request.params.pool_id, request.params.user_id, personOf(request.caller)),
  );

  app.delete(
    '/pools/:pool_id/users/:user_id/user',
    {
      config: { policy: changes },
      schema: {
        tags,
        summary: 'Request the deletion of a user: their identity, sessions and roles (critical change)',
        params: PoolUserParams,
        response: { 200: DeletionRequest, ...errors },
      },
    },
    async (request) =>
      service.requestDeletion(request.params.pool_id, request.params.user_id, personOf(request.caller)),
  );

  app.get(
    '/pools/:pool_id/users/:user_id/deletion-request',
    {
      config: { policy: reads },
      schema: {
        tags,
        summary: 'The state of the deletion request of a user',
        params: PoolUserParams,
        response: { 200: DeletionRequest, ...errors },
      },
    },
    async (request) => service.deletionRequest(request.params.pool_id, request.params.user_id),
  );
};
