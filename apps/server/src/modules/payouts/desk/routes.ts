import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@pool/db/database';
import type { ServerConfig } from '../../../config/env.ts';
import { batchRoutes } from '../batches/routes.ts';
import { payoutModeOf } from '../broadcast/bitcoin-core.ts';
import { scheduleRoutes } from '../schedule/routes.ts';

export interface PayoutRoutesOptions {
  database: Database;
  poolId: string;
  config: ServerConfig;
  clock: () => number;
}

/** The platform's payout desk: the schedule, batches and blockchain requests (spec 7 "Platform"). */
export const payoutRoutes: FastifyPluginAsyncZod<PayoutRoutesOptions> = async (app, options) => {
  const { database, poolId, config, clock } = options;
  await app.register(scheduleRoutes, { database, poolId, config, clock, mode: payoutModeOf(config) });
  await app.register(batchRoutes, { database, poolId, clock, confirmations: config.PAYOUT_CONFIRMATIONS });
};
