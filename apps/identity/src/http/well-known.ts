import type { FastifyInstance } from 'fastify';
import type { IdentityRuntime } from '../runtime.ts';
import { webauthnScript } from '../strategy/webauthn/script.ts';

/** `/.well-known/ory/webauthn.js` and the password managers' `/.well-known/change-password`. */
export async function wellKnownRoutes(app: FastifyInstance, rt: IdentityRuntime): Promise<void> {
  app.get('/.well-known/ory/webauthn.js', async (_request, reply) =>
    reply.type('text/javascript; charset=UTF-8').header('cache-control', 'public, max-age=3600').send(webauthnScript),
  );
  app.get('/.well-known/change-password', async (_request, reply) =>
    reply.code(303).header('location', rt.config.ui.settings).send(),
  );
}
