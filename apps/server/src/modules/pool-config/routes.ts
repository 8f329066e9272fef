import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PoolConfig } from '@pool/contract/pool-config';
import { ErrorBody } from '@pool/contract/errors';
import { paths } from '@pool/contract/paths';
import { HttpError } from '../../http/errors.ts';
import type { ServedPoolConfig } from './served-config.ts';

export interface PoolConfigRoutesOptions {
  configFor: ServedPoolConfig;
  /** The answer depends on the Host the browser used (no PUBLIC_URL). */
  followsHost: boolean;
}

export const poolConfigRoutes: FastifyPluginAsyncZod<PoolConfigRoutesOptions> = async (
  app,
  { configFor, followsHost },
) => {
  app.get(
    paths.poolConfig,
    {
      schema: {
        tags: ['config'],
        summary: 'The pool this app is served for (spec 3, pool config)',
        response: { 200: PoolConfig, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const config = await configFor(request);
      if (!config) throw new HttpError('not_found');
      void reply.header('cache-control', 'no-cache');
      if (followsHost) void reply.header('vary', 'Host');
      return config;
    },
  );
};
