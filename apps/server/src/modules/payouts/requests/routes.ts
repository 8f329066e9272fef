import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '@pool/db/database';
import { ErrorBody } from '@pool/contract/errors';
import {
  BlockchainRequest,
  BlockchainRequestsPage,
  BlockchainRequestsQuery,
  PayoutRunResult,
  RunPayoutsBody,
} from '@pool/contract/payouts';
import type { RoutePolicy } from '../../../policy/route-policy.ts';
import { withdrawalRun, type WithdrawalRun } from '../withdrawal/withdrawal-run.ts';
import { payoutRequestRepository } from './request-repository.ts';
import { payoutRequestService } from './request-service.ts';

export interface PayoutRequestRoutesOptions {
  database: Database;
  poolId: string;
  clock: () => number;
  /** The 14:00 run `POST platform/payouts/runs` calls; by default one over the same database and clock. */
  withdrawals?: Pick<WithdrawalRun, 'runPayoutDay'>;
}

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const RequestParams = z.object({ request_id: z.uuid() });

const platformRead: RoutePolicy = { caller: 'person', platform: true };
/** Moving the platform's money out: its admins, owners and treasurers, with a second factor. */
const treasuryChange: RoutePolicy = { caller: 'person', platform: true, treasury: true, critical: true };
/** Running a day's withdrawal by hand: platform admins only, with a second factor. */
const adminChange: RoutePolicy = { caller: 'person', platform: true, manage: true, critical: true };

/** The 14:00 withdrawal run and the blockchain payout requests it makes (spec 3, 7, 9). */
export const payoutRequestRoutes: FastifyPluginAsyncZod<PayoutRequestRoutesOptions> = async (app, options) => {
  const requests = payoutRequestService(payoutRequestRepository(options.database, options.poolId), options.clock);
  const withdrawals =
    options.withdrawals ?? withdrawalRun({ database: options.database, poolId: options.poolId, clock: options.clock });

  app.post(
    '/platform/payouts/runs',
    {
      config: { policy: adminChange },
      schema: {
        tags: ['platform'],
        summary: 'Runs the 14:00 withdrawal of a day now; 409 payout_already_processed when it ran (step-up)',
        body: RunPayoutsBody,
        response: { 200: PayoutRunResult, ...refusals },
      },
    },
    async (request) => withdrawals.runPayoutDay(request.body.day),
  );

  app.get(
    '/platform/payouts/blockchain-requests',
    {
      config: { policy: platformRead },
      schema: {
        tags: ['platform'],
        summary: 'Blockchain payout requests, newest first: by status, batch, account name or txid, paged',
        querystring: BlockchainRequestsQuery,
        response: { 200: BlockchainRequestsPage, ...refusals },
      },
    },
    async (request) => requests.list(request.query),
  );

  app.post(
    '/platform/payouts/blockchain-requests/:request_id/resend',
    {
      config: { policy: treasuryChange },
      schema: {
        tags: ['platform'],
        summary: 'Puts a failed payout request into the next batch; 409 payout_already_processed once sent (step-up)',
        params: RequestParams,
        response: { 200: BlockchainRequest, ...refusals },
      },
    },
    async (request) => requests.resend(request.params.request_id),
  );

  app.post(
    '/platform/payouts/blockchain-requests/:request_id/reverse',
    {
      config: { policy: treasuryChange },
      schema: {
        tags: ['platform'],
        summary:
          'Cancels a created or failed payout request; its amount returns to the balance. 409 payout_already_processed once sent (step-up)',
        params: RequestParams,
        response: { 200: BlockchainRequest, ...refusals },
      },
    },
    async (request) => requests.reverse(request.params.request_id),
  );
};
