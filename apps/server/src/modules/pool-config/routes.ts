import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PoolConfig } from '@pool/contract/pool-config';
import { ErrorBody } from '@pool/contract/errors';
import { paths } from '@pool/contract/paths';
import { HttpError } from '../../http/errors.ts';
import { requestOrigin } from '../../http/request-origin.ts';
import type { PoolConfigRepository } from './repository.ts';
import { withDeploymentAddresses } from './service.ts';

export interface PoolConfigRoutesOptions {
  repository: PoolConfigRepository;
  /** The identity service's password minimum (PASSWORD_MIN_LENGTH), served with the settings. */
  passwordMinLength: number;
  /**
   * No PUBLIC_URL: the app, api and auth addresses are on the origin the browser used, so that a
   * page opened at 127.0.0.1 calls identity at 127.0.0.1, never cross-origin at localhost.
   */
  followsHost: boolean;
}

export const poolConfigRoutes: FastifyPluginAsyncZod<PoolConfigRoutesOptions> = async (
  app,
  { repository, passwordMinLength, followsHost },
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
      const current = await repository.findCurrent();
      if (!current) throw new HttpError('not_found');
      const { id: _id, settings, addresses, ...config } = current;
      const origin = followsHost ? requestOrigin(request) : undefined;
      void reply.header('cache-control', 'no-cache');
      if (followsHost) void reply.header('vary', 'Host');
      return {
        ...config,
        addresses: origin ? withDeploymentAddresses(addresses, origin) : addresses,
        settings: { ...settings, password_min_length: passwordMinLength },
      };
    },
  );
};
