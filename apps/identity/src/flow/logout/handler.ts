import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityRuntime } from '../../runtime.ts';
import { errors, KratosError } from '../../http/errors.ts';
import { normaliseBody, stringField } from '../../http/body.ts';
import { isJsonRequest } from '../../http/negotiate.ts';
import { forwardError, redirect, sendError, asKratosError, withQuery } from '../../http/respond.ts';
import { clearSessionCookie, rotateCsrfToken, sessionFromRequest } from '../../session/manager.ts';
import { queryOf, returnToOf } from '../pipeline.ts';

function sameToken(expected: string, given: string): boolean {
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}

async function createLogoutFlow(rt: IdentityRuntime, request: FastifyRequest, reply: FastifyReply) {
  try {
    const returnTo = returnToOf(rt, queryOf(request).return_to);
    const active = await sessionFromRequest(rt, request);
    if (!active) throw errors.sessionInactive();
    const logoutUrl = withQuery(`${rt.config.publicBaseUrl}/self-service/logout`, {
      token: active.session.logoutToken,
      return_to: returnTo,
    });
    // Kratos answers JSON here even without an Accept header.
    return reply.send({ logout_token: active.session.logoutToken, logout_url: logoutUrl });
  } catch (error) {
    if (isJsonRequest(request) || error instanceof KratosError) return sendError(reply, asKratosError(rt, error));
    return forwardError(rt, request, reply, error);
  }
}

async function logout(rt: IdentityRuntime, request: FastifyRequest, reply: FastifyReply) {
  try {
    const query = queryOf(request);
    const returnTo = returnToOf(rt, query.return_to);
    const token = typeof query.token === 'string' ? query.token : '';
    if (!token) throw errors.badRequest('Please include a token in the URL query.');
    const active = await sessionFromRequest(rt, request);
    if (!active) throw errors.sessionInactive();
    if (!sameToken(active.session.logoutToken, token))
      throw new KratosError(403, {
        reason: 'Unable to log out because the logout token in the URL query does not match the session cookie.',
      });
    await rt.sessions.revoke(active.identity.id, active.session.id, rt.now());
    clearSessionCookie(rt, reply);
    rotateCsrfToken(rt, request, reply);
    if (isJsonRequest(request)) return reply.code(204).send();
    return redirect(reply, returnTo ?? rt.config.defaultReturnTo);
  } catch (error) {
    return forwardError(rt, request, reply, error);
  }
}

async function nativeLogout(rt: IdentityRuntime, request: FastifyRequest, reply: FastifyReply) {
  const token = stringField(normaliseBody(request.body), 'session_token');
  if (!token) return sendError(reply, errors.badRequest('The session_token is missing.'));
  const session = await rt.sessions.findByToken(token, rt.now());
  if (!session)
    return sendError(
      reply,
      new KratosError(403, {
        reason: 'The provided Ory Session Token could not be found, is invalid, or otherwise malformed.',
      }),
    );
  await rt.sessions.revoke(session.identityId, session.id, rt.now());
  return reply.code(204).send();
}

export async function logoutRoutes(app: FastifyInstance, rt: IdentityRuntime): Promise<void> {
  app.get('/self-service/logout/browser', (request, reply) => createLogoutFlow(rt, request, reply));
  app.get('/self-service/logout', (request, reply) => logout(rt, request, reply));
  app.delete('/self-service/logout/api', (request, reply) => nativeLogout(rt, request, reply));
}
