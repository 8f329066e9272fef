import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { IdentityRuntime } from '../runtime.ts';
import { errors, KratosError } from '../http/errors.ts';
import { sendError } from '../http/respond.ts';
import { adminRoutes } from './routes.ts';

export interface AdminEndpoint {
  /** e.g. http://127.0.0.1:41873 (Kratos paths below it: /admin/identities/...). */
  baseUrl: string;
  /** Sent with every call: `Authorization: Bearer <token>`. */
  headers: Record<string, string>;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The admin API on its own listener, bound to loopback only, and behind a bearer token so that
 * other local users and processes cannot use it either. Like Kratos's admin port, it is never
 * served on the public origin.
 */
export async function startAdminServer(
  rt: IdentityRuntime,
  options: { port?: number; host?: string; token?: string },
): Promise<{ app: FastifyInstance; endpoint: AdminEndpoint }> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const expected = digest(`Bearer ${token}`);
  const app = Fastify({ logger: false });
  app.addHook('onRequest', async (request, reply) => {
    const given = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected))
      return sendError(reply, new KratosError(401, { reason: 'The admin API needs its bearer token.' }));
  });
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof KratosError) return sendError(reply, error);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendError(reply, new KratosError(status, { reason: error.message }));
    rt.logger.error({ err: error }, 'identity admin error');
    return sendError(reply, errors.internal());
  });
  app.setNotFoundHandler((_request, reply) => sendError(reply, new KratosError(404)));
  await adminRoutes(app, rt);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    app,
    endpoint: { baseUrl: `http://${host}:${port}`, headers: { authorization: `Bearer ${token}` } },
  };
}
