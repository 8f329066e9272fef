import type { FastifyPluginAsync } from 'fastify';

/**
 * The identity service's public API, mounted by the product server under `/identity`. It speaks Ory
 * Kratos's public HTTP contract; this first part knows no identities yet, so every caller is
 * anonymous, answered exactly as Kratos answers a request without a session.
 */
export const identityPublicApi: FastifyPluginAsync = async (app) => {
  app.get('/sessions/whoami', async (_request, reply) =>
    reply.status(401).send({
      error: {
        code: 401,
        status: 'Unauthorized',
        reason: 'No valid session credentials found in the request.',
        message: 'The request could not be authorized',
      },
    }),
  );
};
