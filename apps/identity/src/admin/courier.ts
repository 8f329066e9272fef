import type { FastifyInstance } from 'fastify';
import type { IdentityRuntime } from '../runtime.ts';
import { queryOf } from '../flow/pipeline.ts';
import { integerOf } from './paging.ts';

/** The courier's outbox, newest first: how an operator reads mail when no SMTP server is set. */
export async function adminCourierRoutes(app: FastifyInstance, rt: IdentityRuntime): Promise<void> {
  app.get('/admin/courier/messages', async (request, reply) => {
    const query = queryOf(request);
    const rows = await rt.courierMessages.list({
      recipient: typeof query.recipient === 'string' ? query.recipient : undefined,
      limit: Math.max(1, integerOf(query.page_size, 250, 1000)),
    });
    return reply.send(
      rows.map((row) => ({
        id: row.id,
        status: row.status,
        type: row.type,
        recipient: row.recipient,
        subject: row.subject,
        body: row.body,
        template_type: row.templateType,
        send_count: row.sendCount,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      })),
    );
  });
}
