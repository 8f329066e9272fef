import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PoolConfig } from '@pool/contract/pool-config';
import { ErrorBody } from '@pool/contract/errors';
import { paths } from '@pool/contract/paths';
import { HttpError } from '../../http/errors.ts';
import type { PoolConfigRepository } from './repository.ts';

export interface PoolConfigRoutesOptions {
  repository: PoolConfigRepository;
  /** The identity service's password minimum (PASSWORD_MIN_LENGTH), served with the settings. */
  passwordMinLength: number;
}

export const poolConfigRoutes: FastifyPluginAsyncZod<PoolConfigRoutesOptions> = async (
  app,
  { repository, passwordMinLength },
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
    async (_request, reply) => {
      const current = await repository.findCurrent();
      if (!current) throw new HttpError('not_found');
      const { id: _id, settings, ...config } = current;
      void reply.header('cache-control', 'no-cache');
      return { ...config, settings: { ...settings, password_min_length: passwordMinLength } };
    },
  );
};
