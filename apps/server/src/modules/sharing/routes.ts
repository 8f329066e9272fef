import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '@pool/contract/errors';
import {
  ApplyPromoCodeBody,
  CheckPromoCodeQuery,
  GeneratedPromoCode,
  ProfitSplit,
  ProfitSplitList,
  PromoCode,
  PromoCodeApplied,
  PromoCodeBody,
  PromoCodePage,
  PromoCodeQuery,
  ReferralList,
  ReferrerCode,
  ReferrerCodeList,
  SetProfitSplitBody,
  SharingSettings,
  TopUp,
  TopUpBody,
} from '@pool/contract/sharing';
import { HttpError } from '../../http/errors.ts';
import { personOf } from '../../policy/caller.ts';
import type { RoutePolicy } from '../../policy/route-policy.ts';
import { percentOf } from '../money/rewards/terms-repository.ts';
import { promoCodeOf, type PromoCodeService } from './promo-codes/service.ts';
import type { ReferralService } from './referrals/service.ts';
import type { ProfitSplitService } from './profit-splits/service.ts';
import type { topUpService } from './topups/service.ts';

export interface SharingRoutesOptions {
  promoCodes: PromoCodeService;
  referrals: ReferralService;
  splits: ProfitSplitService;
  topUps: ReturnType<typeof topUpService>;
}

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const IdParams = z.object({ id: z.uuid() });
const CodeParams = z.object({ id: z.uuid(), code_id: z.uuid() });
const DonorParams = z.object({ donor: z.uuid() });
const SplitParams = z.object({ donor: z.uuid(), recipient: z.uuid() });

const platformRead: RoutePolicy = { caller: 'person', platform: true };
const platformChange: RoutePolicy = { caller: 'person', platform: true, manage: true, critical: true };
const referralsRead: RoutePolicy = {
  caller: 'person',
  account: { kind: 'miner', param: 'id' },
  section: 'Referrals',
};
const referralsChange: RoutePolicy = { ...referralsRead, manage: true };
const splitsRead: RoutePolicy = { caller: 'person', account: { kind: 'miner', param: 'donor' }, section: 'Payments' };
const splitsChange: RoutePolicy = { ...splitsRead, manage: true, critical: true };

/** Issue 15: promo codes (spec 7 platform/promocodes, promocodes/apply), referral codes, profit splits. */
export const sharingRoutes: FastifyPluginAsyncZod<SharingRoutesOptions> = async (app, options) => {
  const { promoCodes, referrals, splits, topUps } = options;

  app.get(
    '/platform/promocodes',
    {
      config: { policy: platformRead },
      schema: {
        tags: ['platform'],
        summary: 'Promo codes, newest first, filtered by status and type',
        querystring: PromoCodeQuery,
        response: { 200: PromoCodePage, ...refusals },
      },
    },
    async (request) => {
      const { status, type, page, per_page } = request.query;
      const found = await promoCodes.list({
        ...(status ? { status } : {}),
        ...(type ? { type } : {}),
        page,
        perPage: per_page,
      });
      return { items: found.items.map(promoCodeOf), total: found.total, page, per_page };
    },
  );

  app.get(
    '/platform/promocodes/generate',
    {
      config: { policy: platformRead },
      schema: {
        tags: ['platform'],
        summary: 'A fresh random code nobody uses',
        response: { 200: GeneratedPromoCode, ...refusals },
      },
    },
    async () => ({ code: await promoCodes.generate() }),
  );

  app.get(
    '/platform/promocodes/:id',
    {
      config: { policy: platformRead },
      schema: {
        tags: ['platform'],
        summary: 'One promo code',
        params: IdParams,
        response: { 200: PromoCode, ...refusals },
      },
    },
    async (request) => {
      const code = await promoCodes.byId(request.params.id);
      if (!code) throw new HttpError('not_found');
      return promoCodeOf(code);
    },
  );

  app.post(
    '/platform/promocodes',
    {
      config: { policy: platformChange },
      schema: {
        tags: ['platform'],
        summary: 'Creates a promo code (platform admins; step-up)',
        body: PromoCodeBody,
        response: { 201: PromoCode, ...refusals },
      },
    },
    async (request, reply) => {
      const code = await promoCodes.create(request.body, personOf(request.caller).userId);
      return reply.code(201).send(promoCodeOf(code));
    },
  );

  app.put(
    '/platform/promocodes/:id',
    {
      config: { policy: platformChange },
      schema: {
        tags: ['platform'],
        summary: 'Edits a promo code (platform admins; step-up); uses already made keep their days',
        params: IdParams,
        body: PromoCodeBody,
        response: { 200: PromoCode, ...refusals },
      },
    },
    async (request) => promoCodeOf(await promoCodes.update(request.params.id, request.body)),
  );

  const settingsOf = (settings: Awaited<ReturnType<ReferralService['settings']>>): SharingSettings => ({
    referral_percent: percentOf(settings.referralPercentBp),
    referral_days: settings.referralDays,
    welcome_days: settings.welcomeDays,
  });

  app.get(
    '/platform/sharing/settings',
    {
      config: { policy: platformRead },
      schema: {
        tags: ['platform'],
        summary: 'The pool’s sharing settings: the referral percent of the fee and its days, and the welcome-code days',
        response: { 200: SharingSettings, ...refusals },
      },
    },
    async () => settingsOf(await referrals.settings()),
  );

  app.put(
    '/platform/sharing/settings',
    {
      config: { policy: platformChange },
      schema: {
        tags: ['platform'],
        summary: 'Changes the pool’s sharing settings for sign-ups from now on (platform admins; step-up)',
        body: SharingSettings,
        response: { 200: SharingSettings, ...refusals },
      },
    },
    async (request) =>
      settingsOf(
        await referrals.setSettings({
          referralPercent: request.body.referral_percent,
          referralDays: request.body.referral_days,
          welcomeDays: request.body.welcome_days,
        }),
      ),
  );

  app.post(
    '/platform/virtual-mining/topups',
    {
      config: { policy: platformChange },
      schema: {
        tags: ['platform'],
        summary:
          'Books a virtual_mining_topup: a credit to a miner out of the pool’s account, with a comment (step-up)',
        body: TopUpBody,
        response: { 201: TopUp, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send(await topUps.topUp(request.body, personOf(request.caller).userId)),
  );

  app.post(
    '/promocodes/apply',
    {
      config: { policy: { caller: 'person', account: { kind: 'miner', bodyField: 'miner_id' }, manage: true } },
      schema: {
        tags: ['sharing'],
        summary: 'Applies a promo code to a miner from today (UTC): a field error under `code` for each rule it fails',
        body: ApplyPromoCodeBody,
        response: { 200: PromoCodeApplied, ...refusals },
      },
    },
    async (request) => {
      const person = personOf(request.caller);
      return promoCodes.apply(request.body.code, request.body.miner_id, person);
    },
  );

  app.get(
    '/promocodes/check',
    {
      config: { policy: { caller: 'anyone' } },
      schema: {
        tags: ['sharing'],
        summary: 'Whether a code would apply to an account created now (registration’s promo question)',
        querystring: CheckPromoCodeQuery,
        response: { 200: PromoCodeApplied, ...refusals },
      },
    },
    async (request) => promoCodes.check(request.query.code, null),
  );

  app.get(
    '/miners/:id/referrer-codes',
    {
      config: { policy: referralsRead },
      schema: {
        tags: ['sharing'],
        summary: 'The miner’s referral codes with their links, and the pool’s referral terms',
        params: IdParams,
        response: { 200: ReferrerCodeList, ...refusals },
      },
    },
    async (request) => {
      const [items, settings] = await Promise.all([referrals.codes(request.params.id), referrals.settings()]);
      return { items, percent: percentOf(settings.referralPercentBp), days: settings.referralDays };
    },
  );

  app.post(
    '/miners/:id/referrer-codes',
    {
      config: { policy: referralsChange },
      schema: {
        tags: ['sharing'],
        summary: 'Creates another referral code for the miner',
        params: IdParams,
        response: { 201: ReferrerCode, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send(await referrals.createCode(request.params.id)),
  );

  app.delete(
    '/miners/:id/referrer-codes/:code_id',
    {
      config: { policy: referralsChange },
      schema: {
        tags: ['sharing'],
        summary: 'Deletes a referral code: its link no longer links sign-ups; referrals made stay',
        params: CodeParams,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await referrals.deleteCode(request.params.id, request.params.code_id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/miners/:id/referrals',
    {
      config: { policy: referralsRead },
      schema: {
        tags: ['sharing'],
        summary: 'The accounts that signed up through the miner’s codes, and what each brought it',
        params: IdParams,
        response: { 200: ReferralList, ...refusals },
      },
    },
    async (request) => {
      const items = await referrals.referrals(request.params.id);
      return { items, earned: items.reduce((sum, item) => sum + item.earned, 0) };
    },
  );

  app.get(
    '/miners/:donor/profit-sharings',
    {
      config: { policy: splitsRead },
      schema: {
        tags: ['sharing'],
        summary: 'The donor’s profit splits in force or starting tomorrow, and the referral share in force',
        params: DonorParams,
        response: { 200: ProfitSplitList, ...refusals },
      },
    },
    async (request) => {
      const [items, referral] = await Promise.all([
        splits.list(request.params.donor),
        referrals.referralOf(request.params.donor),
      ]);
      return { items, referral };
    },
  );

  app.get(
    '/miners/:donor/profit-sharings/:recipient',
    {
      config: { policy: splitsRead },
      schema: {
        tags: ['sharing'],
        summary: 'The donor’s split to one recipient',
        params: SplitParams,
        response: { 200: ProfitSplit, ...refusals },
      },
    },
    async (request) => splits.one(request.params.donor, request.params.recipient),
  );

  app.put(
    '/miners/:donor/profit-sharings/:recipient',
    {
      config: { policy: splitsChange },
      schema: {
        tags: ['sharing'],
        summary:
          'Sets the split to the recipient from 00:00 UTC tomorrow; all of a donor’s total at most 100 % (step-up)',
        params: SplitParams,
        body: SetProfitSplitBody,
        response: { 200: ProfitSplit, ...refusals },
      },
    },
    async (request) =>
      splits.set(request.params.donor, request.params.recipient, request.body.percent, personOf(request.caller).userId),
  );

  app.delete(
    '/miners/:donor/profit-sharings/:recipient',
    {
      config: { policy: splitsChange },
      schema: {
        tags: ['sharing'],
        summary: 'Ends the split to the recipient from 00:00 UTC tomorrow (step-up)',
        params: SplitParams,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await splits.remove(request.params.donor, request.params.recipient);
      return reply.code(204).send(null);
    },
  );
};
