import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdentityIdParams, IdentityInfo, LanguageBody, Navigation } from '@pool/contract/identity';
import { ErrorBody } from '@pool/contract/errors';
import { HttpError } from '../../http/errors.ts';
import type { IdentityAdminClient } from '../../identity-client/admin.ts';
import { personOf } from '../../policy/caller.ts';
import type { UserRepository } from './repository.ts';
import { widgetVerification, type WidgetSecrets } from './widget-verification.ts';

export interface UserRoutesOptions {
  users: UserRepository;
  admin: IdentityAdminClient;
  widgetSecrets: WidgetSecrets;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * The signed-in person's product user (app.users): language, navigation, and the identity answer
 * the web app starts from. The paths say `identity` because the web app knows people by their
 * identity id; the identity itself is apps/identity's.
 */
export const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (app, { users, admin, widgetSecrets }) => {
  app.get(
    '/identity',
    {
      config: { policy: { caller: 'person' } },
      schema: {
        tags: ['identity'],
        summary: 'The signed-in user, their permissions and second factors',
        response: { 200: IdentityInfo, ...errors },
      },
    },
    async (request) => {
      const caller = personOf(request.caller);
      const [user, permissions, credentials] = await Promise.all([
        users.find(caller.userId),
        users.permissions(caller.userId),
        admin.secondFactors(caller.userId),
      ]);
      if (!credentials) throw new HttpError('unauthorized');
      // The policy plugin wrote the row before this handler ran.
      if (!user) throw new Error('the signed-in person has no app.users row');
      return { user, permissions, credentials, verification: widgetVerification(user.id, widgetSecrets) };
    },
  );

  app.put(
    '/identity/language',
    {
      config: { policy: { caller: 'person' } },
      schema: {
        tags: ['identity'],
        summary: 'Save the interface language',
        body: LanguageBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await users.setLanguage(personOf(request.caller).userId, request.body.language);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/identity/:id/navigation',
    {
      config: { policy: { caller: 'person', selfParam: 'id' } },
      schema: {
        tags: ['identity'],
        summary: 'Navigation bookmarks',
        params: IdentityIdParams,
        response: { 200: Navigation, ...errors },
      },
    },
    async (request) => users.navigation(request.params.id),
  );

  app.put(
    '/identity/:id/navigation',
    {
      config: { policy: { caller: 'person', selfParam: 'id' } },
      schema: {
        tags: ['identity'],
        summary: 'Replace the navigation bookmarks',
        params: IdentityIdParams,
        body: Navigation,
        response: { 200: Navigation, ...errors },
      },
    },
    async (request) => {
      await users.setNavigation(request.params.id, request.body);
      return request.body;
    },
  );

  app.delete(
    '/identity/:id',
    {
      config: { policy: { caller: 'person', selfParam: 'id', critical: true } },
      schema: {
        tags: ['identity'],
        summary: 'Delete my identity and my user (critical change)',
        params: IdentityIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await admin.deleteIdentity(request.params.id);
      await users.delete(request.params.id);
      return reply.status(204).send(null);
    },
  );
};
