import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '@pool/db/database';
import { ErrorBody } from '@pool/contract/errors';
import {
  PaymentThreshold,
  SetPaymentThresholdBody,
  SetWalletAddressBody,
  WalletAddresses,
} from '@pool/contract/payouts';
import type { ServerConfig } from '../../../config/env.ts';
import { personOf } from '../../../policy/caller.ts';
import type { RoutePolicy } from '../../../policy/route-policy.ts';
import type { ChangeAuthor } from './wallet-repository.ts';
import { walletServiceFor } from './wallet-service.ts';

export interface WalletRoutesOptions {
  database: Database;
  poolId: string;
  config: ServerConfig;
  clock: () => number;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const WalletParams = z.object({ wallet_id: z.uuid() });
const wallet = { kind: 'miner', walletParam: 'wallet_id' } as const;
/** Watcher links with the Payments section read them too (spec 6: watchers see payments). */
const read: RoutePolicy = { caller: 'person-or-watcher', account: wallet, section: 'Payments' };
/** Spec 6 and the architecture note: wallet changes are critical, by a managing role only. */
const change: RoutePolicy = { caller: 'person', account: wallet, section: 'Payments', manage: true, critical: true };

function authorOf(request: FastifyRequest): ChangeAuthor {
  const person = personOf(request.caller);
  return { identityId: person.userId, email: person.email, ip: request.ip };
}

/** Payout wallets: address and thresholds of a miner (spec 7 "Wallets and fees"). */
export const walletRoutes: FastifyPluginAsyncZod<WalletRoutesOptions> = async (app, options) => {
  const wallets = walletServiceFor(options);

  app.get(
    '/wallets/:wallet_id/addresses',
    {
      config: { policy: read },
      schema: {
        tags: ['payouts'],
        summary: 'The payout address in force, the ones before it, and until when payouts are stopped',
        params: WalletParams,
        response: { 200: WalletAddresses, ...errors },
      },
    },
    async (request) => wallets.addresses(request.params.wallet_id, { showAuthors: request.caller.kind === 'person' }),
  );

  app.post(
    '/wallets/:wallet_id/addresses',
    {
      config: { policy: change },
      schema: {
        tags: ['payouts'],
        summary: 'Sets the payout address, checked for the pool’s network; stops payouts for a day (step-up)',
        params: WalletParams,
        body: SetWalletAddressBody,
        response: { 200: WalletAddresses, ...errors },
      },
    },
    async (request) => wallets.setAddress(request.params.wallet_id, request.body.address, authorOf(request)),
  );

  app.get(
    '/wallets/:wallet_id/min-payments',
    {
      config: { policy: read },
      schema: {
        tags: ['payouts'],
        summary: 'The minimum payment in force: the wallet’s own, or the pool’s',
        params: WalletParams,
        response: { 200: PaymentThreshold, ...errors },
      },
    },
    async (request) => wallets.minPayment(request.params.wallet_id),
  );

  app.post(
    '/wallets/:wallet_id/min-payments',
    {
      config: { policy: change },
      schema: {
        tags: ['payouts'],
        summary: 'Sets the minimum payment, never below the pool’s; stops payouts for a day (step-up)',
        params: WalletParams,
        body: SetPaymentThresholdBody,
        response: { 200: PaymentThreshold, ...errors },
      },
    },
    async (request) => wallets.setMinPayment(request.params.wallet_id, request.body.amount, authorOf(request)),
  );

  app.get(
    '/wallets/:wallet_id/max-payments',
    {
      config: { policy: read },
      schema: {
        tags: ['payouts'],
        summary: 'The maximum payment; 0: no limit',
        params: WalletParams,
        response: { 200: PaymentThreshold, ...errors },
      },
    },
    async (request) => wallets.maxPayment(request.params.wallet_id),
  );

  app.post(
    '/wallets/:wallet_id/max-payments',
    {
      config: { policy: change },
      schema: {
        tags: ['payouts'],
        summary: 'Sets the maximum payment (0 lifts the limit); stops payouts for a day (step-up)',
        params: WalletParams,
        body: SetPaymentThresholdBody,
        response: { 200: PaymentThreshold, ...errors },
      },
    },
    async (request) => wallets.setMaxPayment(request.params.wallet_id, request.body.amount, authorOf(request)),
  );
};
