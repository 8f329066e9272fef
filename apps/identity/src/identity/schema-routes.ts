import type { FastifyInstance } from 'fastify';
import type { IdentityRuntime } from '../runtime.ts';
import { KratosError } from '../http/errors.ts';
import { sendError } from '../http/respond.ts';
import { defaultSchemaId, traitsSchema } from './traits-schema.ts';

/** `GET /schemas` and `GET /schemas/{id}` (by id or by the base64url id of `schema_url`). */
export async function schemaRoutes(app: FastifyInstance, _rt: IdentityRuntime): Promise<void> {
  app.get('/schemas', async () => [{ id: defaultSchemaId, schema: traitsSchema }]);
  app.get('/schemas/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const decoded = Buffer.from(id, 'base64url').toString('utf8');
    if (id !== defaultSchemaId && decoded !== defaultSchemaId)
      return sendError(reply, new KratosError(404, { reason: 'The requested identity schema does not exist.' }));
    return reply.send(traitsSchema);
  });
}
