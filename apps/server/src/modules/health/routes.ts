import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Health, VersionMeta } from '@pool/contract/meta';
import { paths } from '@pool/contract/paths';

export interface HealthOptions {
  version: string;
  /** Each named check answers true when that dependency is ready. */
  readiness: Record<string, () => Promise<boolean>>;
}

export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { version, readiness }) => {
  app.get(paths.version, { schema: { tags: ['meta'], response: { 200: VersionMeta } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { version };
  });

  app.get('/healthz', { schema: { tags: ['meta'], response: { 200: Health } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { schema: { tags: ['meta'], response: { 200: Health, 503: Health } } },
    async (_request, reply) => {
      const entries = await Promise.all(
        Object.entries(readiness).map(async ([name, check]) => [name, await check().catch(() => false)] as const),
      );
      const checks = Object.fromEntries(entries);
      const ready = entries.every(([, ok]) => ok);
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
    },
  );
};
