import type { FastifyInstance } from 'fastify';
import type { IdentityRuntime } from '../runtime.ts';
import { errors } from '../http/errors.ts';
import { sendError } from '../http/respond.ts';
import { isUuid, queryOf } from '../flow/pipeline.ts';
import type { Identity } from '../identity/identity.ts';
import { sessionJson, type Session } from '../session/session.ts';
import { identityOr404 } from './identities.ts';

/** An identity's sessions, and one session by id: list and revoke. */
export async function adminSessionRoutes(app: FastifyInstance, rt: IdentityRuntime): Promise<void> {
  const adminSessionJson = (session: Session, identity: Identity) =>
    sessionJson(session, identity, rt.config.publicBaseUrl);

  app.get('/admin/identities/:id/sessions', async (request, reply) => {
    const identity = await identityOr404(rt, (request.params as { id: string }).id, reply);
    if (!identity) return;
    const query = queryOf(request);
    const { sessions, total } = await rt.sessions.listByIdentity(identity.id, {
      activeOnly: query.active === 'true',
      now: rt.now(),
    });
    return reply
      .header('x-total-count', String(total))
      .send(sessions.map((session) => adminSessionJson(session, identity)));
  });

  app.delete('/admin/identities/:id/sessions', async (request, reply) => {
    const identity = await identityOr404(rt, (request.params as { id: string }).id, reply);
    if (!identity) return;
    await rt.sessions.revokeAll(identity.id, rt.now());
    return reply.code(204).send();
  });

  app.get('/admin/sessions/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const session = isUuid(id) ? await rt.sessions.findById(id) : undefined;
    const identity = session ? await rt.identities.findById(session.identityId) : undefined;
    if (!session || !identity) return sendError(reply, errors.notFound());
    return reply.send(adminSessionJson(session, identity));
  });

  app.delete('/admin/sessions/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const session = isUuid(id) ? await rt.sessions.findById(id) : undefined;
    if (!session) return sendError(reply, errors.notFound());
    await rt.sessions.revoke(session.identityId, session.id, rt.now());
    return reply.code(204).send();
  });
}
