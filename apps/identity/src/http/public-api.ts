import type { FastifyError, FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import type { IdentityRuntime } from '../runtime.ts';
import { errors, KratosError } from './errors.ts';
import { sendError } from './respond.ts';
import { loginRoutes } from '../flow/login/handler.ts';
import { registrationRoutes } from '../flow/registration/handler.ts';
import { settingsRoutes } from '../flow/settings/handler.ts';
import { recoveryRoutes } from '../flow/recovery/handler.ts';
import { verificationRoutes } from '../flow/verification/handler.ts';
import { logoutRoutes } from '../flow/logout/handler.ts';
import { errorRoutes } from '../flow/error/handler.ts';
import { sessionRoutes } from '../session/handler.ts';
import { schemaRoutes } from '../identity/schema-routes.ts';
import { wellKnownRoutes } from './well-known.ts';

/** Form posts arrive as `a=1&traits.email=…`; the last value of a repeated key wins. */
function parseForm(body: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(body)) result[key] = value;
  return result;
}

/**
 * Kratos's public API: every path below the prefix it is mounted at (`/identity`), with its
 * errors in Kratos's shape, never a stack trace.
 */
export async function publicApi(app: FastifyInstance, rt: IdentityRuntime): Promise<void> {
  await app.register(cookie);
  // Flows carry anti-CSRF tokens and TOTP secrets, whoami and the session list who is signed in:
  // no browser or proxy cache may keep them. Only the static WebAuthn script says otherwise.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    return payload;
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 65_536 },
    (_request, body, done) => {
      try {
        done(null, parseForm(String(body)));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof KratosError) return sendError(reply, error);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendError(reply, new KratosError(status, { reason: error.message }));
    rt.logger.error({ err: error }, 'identity service error');
    return sendError(reply, errors.internal());
  });
  app.setNotFoundHandler((_request, reply) => sendError(reply, new KratosError(404)));
  for (const routes of [
    loginRoutes,
    registrationRoutes,
    settingsRoutes,
    recoveryRoutes,
    verificationRoutes,
    logoutRoutes,
    errorRoutes,
    sessionRoutes,
    schemaRoutes,
    wellKnownRoutes,
  ])
    await routes(app, rt);
}
