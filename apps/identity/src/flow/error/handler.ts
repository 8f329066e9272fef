import type { FastifyInstance } from 'fastify';
import type { IdentityRuntime } from '../../runtime.ts';
import { errors } from '../../http/errors.ts';
import { sendError } from '../../http/respond.ts';
import { isUuid, queryOf } from '../pipeline.ts';

/** `GET /self-service/errors?id=`: the stored error, `error` being the bare error object. */
export async function errorRoutes(app: FastifyInstance, rt: IdentityRuntime): Promise<void> {
  app.get('/self-service/errors', async (request, reply) => {
    const query = queryOf(request);
    const id = query.id ?? query.error;
    if (id === 'stub:500')
      return reply.send({
        id: 'stub:500',
        error: {
          code: 500,
          status: 'Internal Server Error',
          reason: 'This is a stub error.',
          message: 'An internal server error occurred, please contact the system administrator',
        },
      });
    const stored = isUuid(id) ? await rt.flowErrors.find(id) : undefined;
    if (!stored) return sendError(reply, errors.notFound());
    return reply.send({
      id: stored.id,
      error: stored.error,
      created_at: stored.createdAt.toISOString(),
      updated_at: stored.updatedAt.toISOString(),
    });
  });
}
