import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@pool/db/database';
import { ErrorBody } from '@pool/contract/errors';
import { PayoutSchedule, PayoutSchedules, SetPayoutScheduleBody } from '@pool/contract/payouts';
import type { ServerConfig } from '../../../config/env.ts';
import { personOf } from '../../../policy/caller.ts';
import type { RoutePolicy } from '../../../policy/route-policy.ts';
import type { PayoutMode } from '@pool/contract/payout-codes';
import { scheduleService } from './schedule-service.ts';

export interface ScheduleRoutesOptions {
  database: Database;
  poolId: string;
  config: ServerConfig;
  mode: PayoutMode;
  clock: () => number;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
/** Anyone on the platform sees when the next batch goes out. */
const read: RoutePolicy = { caller: 'person', platform: true };
/** When money leaves, and at what fee: the platform's treasurer or admin, with a second factor. */
const change: RoutePolicy = { caller: 'person', platform: true, treasury: true, critical: true };

/** Spec 3 "Payout schedule": `platform/payouts/schedule`. */
export const scheduleRoutes: FastifyPluginAsyncZod<ScheduleRoutesOptions> = async (app, options) => {
  const schedules = scheduleService({
    database: options.database,
    poolId: options.poolId,
    mode: options.mode,
    network: options.config.BITCOIN_NETWORK,
    clock: options.clock,
  });

  app.get(
    '/platform/payouts/schedule',
    {
      config: { policy: read },
      schema: {
        tags: ['platform'],
        summary: 'The current payout schedule, the processed ones newest first, the payout mode and network',
        response: { 200: PayoutSchedules, ...errors },
      },
    },
    async () => schedules.schedules(),
  );

  app.put(
    '/platform/payouts/schedule/current',
    {
      config: { policy: change },
      schema: {
        tags: ['platform'],
        summary: 'Sets the next batch’s day, UTC time and fee (treasurer or admin; step-up)',
        body: SetPayoutScheduleBody,
        response: { 200: PayoutSchedule, ...errors },
      },
    },
    async (request) => schedules.set(request.body, personOf(request.caller).userId),
  );

  app.delete(
    '/platform/payouts/schedule/current/fee-per-vbyte',
    {
      config: { policy: change },
      schema: {
        tags: ['platform'],
        summary: 'Back to the fee level’s estimate for the next batch (treasurer or admin; step-up)',
        response: { 200: PayoutSchedule, ...errors },
      },
    },
    async (request) => schedules.clearFeePerVbyte(personOf(request.caller).userId),
  );
};
