import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { paths } from '@pool/contract/paths';

/**
 * The OpenAPI document is generated from the zod schemas of packages/contract that each route
 * declares, so the wire has a single description.
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Pool dashboard product API',
        version,
        description: 'Product API of the mining pool dashboard. Errors: `{ error: { code, message, fields? } }`.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'ory_kratos_session' },
          watcher: { type: 'apiKey', in: 'header', name: 'X-Watcher-Token' },
        },
      },
    },
    transform: jsonSchemaTransform,
    hideUntagged: true,
  });
  app.get(paths.openapi, { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: paths.apiDocs,
    uiConfig: { url: paths.openapi, docExpansion: 'list', deepLinking: true },
    staticCSP: true,
  });
}
