import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateMinerBody,
  Miner,
  MinerInfo,
  MinerLookup,
  MinerLookupQuery,
  OperatorLookup,
} from '@pool/contract/accounts';
import type { Wallet } from '@pool/contract/payouts';
import { ErrorBody, errorMessages } from '@pool/contract/errors';
import { HttpError } from '../../http/errors.ts';
import { personOf } from '../../policy/caller.ts';
import type { AccountRepository } from './repository.ts';

export interface AccountRoutesOptions {
  accounts: AccountRepository;
  /** The pool new miners belong to. */
  poolId: string;
  /** The miner's payout wallets, made on first need (modules/payouts/wallets). */
  wallets: { walletsOf(minerId: string): Promise<Wallet[]> };
  /**
   * The sign-up data that travels to the product with the account (issue 15): links the referral
   * and applies the promo code when they apply; one that does not never stops the account.
   */
  signUp?: (
    minerId: string,
    data: { promo_code?: string | undefined; referral_code?: string | undefined },
    person: { userId: string; email: string },
  ) => Promise<void>;
  /** After a deleted miner's permissions are gone: every process forgets the grants on it before the answer. */
  accessChanged?: () => Promise<void>;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { accounts, poolId, wallets, signUp, accessChanged },
) => {
  app.post(
    '/miners',
    {
      config: { policy: { caller: 'person' } },
      schema: {
        tags: ['accounts'],
        summary: 'Create a miner account owned by the caller (the account-name step of sign-up)',
        body: CreateMinerBody,
        response: { 201: Miner, ...errors },
      },
    },
    async (request, reply) => {
      const caller = personOf(request.caller);
      const { account_name, operator_title, promo_code, referral_code } = request.body;
      // A customer-management sign-up: the miner is managed by the operator whose page it came from.
      const operator = operator_title ? await accounts.lookupOperatorByTitle(operator_title) : undefined;
      if (operator_title && !operator) {
        throw new HttpError('not_found', { fields: [{ field: 'operator_title', text: errorMessages.not_found }] });
      }
      const outcome = await accounts.createOwnedMiner(poolId, caller.userId, account_name, operator?.id ?? null);
      if ('refused' in outcome) {
        const code = outcome.refused;
        throw new HttpError(code, { fields: [{ field: 'account_name', text: errorMessages[code] }] });
      }
      if (signUp && (promo_code || referral_code)) {
        await signUp(outcome.created.id, { promo_code, referral_code }, caller);
      }
      return reply.status(201).send(outcome.created);
    },
  );

  const MinerParams = z.object({ miner_id: z.uuid() });
  const owned = { caller: 'person', account: { kind: 'miner', param: 'miner_id' }, manage: true } as const;

  app.get(
    '/miners/:miner_id',
    {
      // Spec 3: a miner's info is its payout wallets, which are payment data (spec 6: a viewer has
      // none); watcher links with Payments read it as they read payments.
      config: {
        policy: { caller: 'person-or-watcher', account: { kind: 'miner', param: 'miner_id' }, section: 'Payments' },
      },
      schema: {
        tags: ['accounts'],
        summary: 'A miner account and its payout wallets (the first is used)',
        params: MinerParams,
        response: { 200: MinerInfo, ...errors },
      },
    },
    async (request) => {
      const miner = await accounts.minerById(request.params.miner_id);
      if (!miner) throw new HttpError('not_found');
      return { ...miner, wallets: await wallets.walletsOf(miner.id) };
    },
  );

  app.put(
    '/miners/:miner_id/title',
    {
      config: { policy: owned },
      schema: {
        tags: ['accounts'],
        summary: 'Rename a miner account (its display title; the account name never changes)',
        params: MinerParams,
        body: z.object({ title: z.string().trim().min(1, 'Should not be blank').max(64, 'length out of range') }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await accounts.setTitle(request.params.miner_id, request.body.title);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/miners/:miner_id/title',
    {
      config: { policy: owned },
      schema: {
        tags: ['accounts'],
        summary: 'Clear the display title',
        params: MinerParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await accounts.setTitle(request.params.miner_id, null);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/miners/:miner_id',
    {
      config: { policy: { ...owned, ownerOnly: true, critical: true } },
      schema: {
        tags: ['accounts'],
        summary: 'Delete a miner account (critical change; its owner or pool staff only)',
        params: MinerParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await accounts.deleteMiner(request.params.miner_id);
      await accessChanged?.();
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/miners/lookup-by-account-name',
    {
      config: { policy: { caller: 'person' } },
      schema: {
        tags: ['accounts'],
        summary: 'Find a miner by account name',
        querystring: MinerLookupQuery,
        response: { 200: MinerLookup, ...errors },
      },
    },
    async (request) => {
      const miner = await accounts.lookupMiner(request.query.account_name);
      if (!miner) throw new HttpError('not_found');
      return miner;
    },
  );

  app.get(
    '/operators/lookup-by-title/:title',
    {
      config: { policy: { caller: 'anyone' } },
      schema: {
        tags: ['accounts'],
        summary: 'The operator whose branded sign-in is /{title}/auth (customer-management config)',
        params: z.object({ title: z.string().min(1).max(128) }),
        response: { 200: OperatorLookup, ...errors },
      },
    },
    async (request) => {
      const operator = await accounts.lookupOperatorByTitle(request.params.title);
      if (!operator) throw new HttpError('not_found');
      return operator;
    },
  );
};
