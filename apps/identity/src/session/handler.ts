import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityRuntime } from '../runtime.ts';
import { errors, KratosError } from '../http/errors.ts';
import { asKratosError, sendError } from '../http/respond.ts';
import { isUuid, queryOf } from '../flow/pipeline.ts';
import { highestAvailableAal, sessionFromRequest, type ActiveSession } from './manager.ts';
import { aalRank, sessionJson } from './session.ts';

/** `highest_available`: a session without the second factor its identity has is not enough. */
async function requireHighestAal(rt: IdentityRuntime, active: ActiveSession): Promise<void> {
  if (aalRank[active.session.aal] >= aalRank.aal2) return;
  if ((await highestAvailableAal(rt, active.identity.id)) === 'aal2')
    throw errors.aal2Required(`${rt.config.publicBaseUrl}/self-service/login/browser?aal=aal2`);
}

async function whoami(rt: IdentityRuntime, request: FastifyRequest, reply: FastifyReply) {
  try {
    const active = await sessionFromRequest(rt, request);
    if (!active) throw errors.noSession();
    await requireHighestAal(rt, active);
    const tokenizeAs = queryOf(request).tokenize_as;
    if (typeof tokenizeAs === 'string' && tokenizeAs)
      throw errors.badRequest(`Unable to find tokenizer template "${tokenizeAs}".`);
    void reply.header('x-kratos-authenticated-identity-id', active.identity.id);
    return reply.send(sessionJson(active.session, active.identity, rt.config.publicBaseUrl));
  } catch (error) {
    return sendError(reply, error instanceof KratosError ? error : errors.internal());
  }
}

function pageOf(request: FastifyRequest): { page: number; perPage: number } {
  const query = queryOf(request);
  const number = (value: unknown, fallback: number) => {
    const parsed = typeof value === 'string' ? Number.parseInt(value, 10) : Number.NaN;
    return Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
  };
  const perPage = Math.min(1000, Math.max(1, number(query.per_page ?? query.page_size, 250)));
  return { page: number(query.page, 0), perPage };
}

export async function sessionRoutes(app: FastifyInstance, rt: IdentityRuntime): Promise<void> {
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/sessions/whoami',
    handler: (request, reply) => whoami(rt, request, reply),
  });

  app.get('/sessions', async (request, reply) => {
    try {
      const active = await sessionFromRequest(rt, request);
      if (!active) throw errors.noSession('No valid session cookie found.');
      await requireHighestAal(rt, active);
      const { page, perPage } = pageOf(request);
      const { sessions, total } = await rt.sessions.listByIdentity(active.identity.id, {
        activeOnly: true,
        now: rt.now(),
        exceptId: active.session.id,
        limit: perPage,
        offset: page * perPage,
      });
      const last = Math.max(0, Math.ceil(total / perPage) - 1);
      const link = (target: number, rel: string) =>
        `<${rt.config.publicBaseUrl}/sessions?page=${target}&per_page=${perPage}>; rel="${rel}"`;
      const links = [
        link(0, 'first'),
        ...(page < last ? [link(page + 1, 'next')] : []),
        ...(page > 0 ? [link(page - 1, 'prev')] : []),
        link(last, 'last'),
      ];
      void reply.header('x-total-count', String(total)).header('link', links.join(','));
      return reply.send(sessions.map((session) => sessionJson(session, active.identity, rt.config.publicBaseUrl)));
    } catch (error) {
      return sendError(reply, error instanceof KratosError ? error : errors.internal());
    }
  });

  // Stricter than Kratos: signing the owner out everywhere needs the second factor they have too.
  app.delete('/sessions', async (request, reply) => {
    try {
      const active = await sessionFromRequest(rt, request);
      if (!active) throw errors.noSession();
      await requireHighestAal(rt, active);
      const count = await rt.sessions.revokeOthers(active.identity.id, active.session.id, rt.now(), rt.now());
      return reply.send({ count });
    } catch (error) {
      return sendError(reply, asKratosError(rt, error));
    }
  });

  app.delete('/sessions/:id', async (request, reply) => {
    try {
      const active = await sessionFromRequest(rt, request);
      if (!active) throw errors.noSession();
      await requireHighestAal(rt, active);
      const { id } = request.params as { id: string };
      if (!isUuid(id)) throw errors.badRequest('The session id is not a UUID.');
      if (id === active.session.id) throw new KratosError(400, { message: 'cannot revoke current session' });
      // Unknown or foreign ids are answered alike: nothing to tell (Kratos section 9.7).
      await rt.sessions.revoke(active.identity.id, id, rt.now());
      return reply.code(204).send();
    } catch (error) {
      return sendError(reply, asKratosError(rt, error));
    }
  });
}
