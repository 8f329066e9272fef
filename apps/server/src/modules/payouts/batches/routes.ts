import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '@pool/db/database';
import { ErrorBody } from '@pool/contract/errors';
import { FailBatchBody, PayoutBatch, PayoutBatches, RecordTxidBody } from '@pool/contract/payouts';
import type { RoutePolicy } from '../../../policy/route-policy.ts';
import { batchDesk } from './batch-desk.ts';

export interface BatchRoutesOptions {
  database: Database;
  poolId: string;
  confirmations: number;
  clock: () => number;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const BatchParams = z.object({ id: z.uuid() });
/** Addresses and amounts of payouts: the platform's treasurer or admin. */
const read: RoutePolicy = { caller: 'person', platform: true, treasury: true };
const change: RoutePolicy = { caller: 'person', platform: true, treasury: true, critical: true };

/** The manual desk's batches: `platform/payouts/batches`. */
export const batchRoutes: FastifyPluginAsyncZod<BatchRoutesOptions> = async (app, options) => {
  const desk = batchDesk(options);

  app.get(
    '/platform/payouts/batches',
    {
      config: { policy: read },
      schema: {
        tags: ['platform'],
        summary: 'Payout batches, newest first',
        response: { 200: PayoutBatches, ...errors },
      },
    },
    async () => ({ items: await desk.list() }),
  );

  app.get(
    '/platform/payouts/batches/:id/export',
    {
      config: { policy: read },
      schema: {
        tags: ['platform'],
        summary: 'The batch as CSV for a wallet’s batch send: address,amount in BTC (8 decimals), no header',
        params: BatchParams,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { batch, csv } = await desk.exportOf(request.params.id);
      const name = `payout-batch-${batch.created_at.slice(0, 10)}-${batch.id.slice(0, 8)}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(csv);
    },
  );

  app.post(
    '/platform/payouts/batches/:id/txid',
    {
      config: { policy: change },
      schema: {
        tags: ['platform'],
        summary: 'Records the txid of a batch sent by hand: it and its requests are sent (step-up)',
        params: BatchParams,
        body: RecordTxidBody,
        response: { 200: PayoutBatch, ...errors },
      },
    },
    async (request) => desk.recordTxid(request.params.id, request.body.txid),
  );

  app.post(
    '/platform/payouts/batches/:id/complete',
    {
      config: { policy: change },
      schema: {
        tags: ['platform'],
        summary: 'Marks a sent batch confirmed: its payments complete and leave the ledger (step-up)',
        params: BatchParams,
        response: { 200: PayoutBatch, ...errors },
      },
    },
    async (request) => desk.complete(request.params.id),
  );

  app.post(
    '/platform/payouts/batches/:id/fail',
    {
      config: { policy: change },
      schema: {
        tags: ['platform'],
        summary: 'Marks a batch failed with the reason; its money stays reserved until resent or reversed (step-up)',
        params: BatchParams,
        body: FailBatchBody,
        response: { 200: PayoutBatch, ...errors },
      },
    },
    async (request) => desk.fail(request.params.id, request.body.reason),
  );
};
