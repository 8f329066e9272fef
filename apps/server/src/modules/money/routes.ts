import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Balance,
  CreateFeeBody,
  CurrentFee,
  EarnedAllTime,
  ExternalRateSources,
  Fee,
  FeeList,
  MiningReportList,
  MiningReportMonth,
  MiningReportQuery,
  PaymentsExportQuery,
  PaymentsPage,
  PaymentsQuery,
  ProcessingEarnings,
  RefundBody,
  RewardRate,
  RewardRateHistory,
  RewardRunResult,
  RunRewardsBody,
  SetRewardRateBody,
  UnallocatedPage,
  UnallocatedQuery,
  UnallocatedTransaction,
} from '@pool/contract/money';
import { ErrorBody } from '@pool/contract/errors';
import { compiledResponse } from '../../http/compiled-serializer.ts';
import { HttpError } from '../../http/errors.ts';
import { personOf } from '../../policy/caller.ts';
import type { RoutePolicy } from '../../policy/route-policy.ts';
import type { RewardRun } from './rewards/reward-run.ts';
import type { MoneyOwnerKind, MoneyReads } from './reads/repository.ts';
import { paymentOf, type MoneyReadService } from './reads/service.ts';
import { exportFileName, paymentsCsv } from './export/csv.ts';
import type { miningReportService } from './report/service.ts';
import type { feeService } from './fees/service.ts';
import type { rateService } from './rates/service.ts';
import type { unallocatedService } from './unallocated/service.ts';
import { dayMs } from './rewards/reward-run.ts';

export interface MoneyRoutesOptions {
  reads: MoneyReadService;
  repository: MoneyReads;
  report: ReturnType<typeof miningReportService>;
  fees: ReturnType<typeof feeService>;
  rates: ReturnType<typeof rateService>;
  unallocated: ReturnType<typeof unallocatedService>;
  rewards: Pick<RewardRun, 'runRewardDay'>;
  clock: () => number;
  /** A customer's fee schedule from its operator (issue 16), null for a miner of no operator or none set. */
  customerFees?: (minerId: string) => Promise<Fee[] | null>;
}

/** Spec 3 total_fee_hide: the operator's total fee never reaches a caller whose permission hides it. */
function hideFee(page: PaymentsPage): PaymentsPage {
  return {
    ...page,
    items: page.items.map((item) =>
      item.reward ? { ...item, reward: { ...item.reward, fee_percent: null, fee: null, promo: null } } : item,
    ),
  };
}

const IdParams = z.object({ id: z.string() });
const TransactionParams = z.object({ transaction_id: z.uuid() });
const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
/**
 * A page of 100 payments took zod longer to check and write than the rest of the request: the
 * server builds each payment field by field (paymentOf), so compiled code writes it (issue 18).
 */
const PaymentsAnswer = compiledResponse(PaymentsPage.clone());

/** Where an account's path segment points: miners, operators and pools read their money alike. */
const kinds: { segment: string; kind: MoneyOwnerKind }[] = [
  { segment: 'miners', kind: 'miner' },
  { segment: 'operators', kind: 'operator' },
  { segment: 'pools', kind: 'pool' },
];

/** A financial read (spec 6): the Payments section; a miner's also for watchers whose link has Payments. */
function financialRead(kind: MoneyOwnerKind): RoutePolicy {
  return {
    caller: kind === 'miner' ? 'person-or-watcher' : 'person',
    account: { kind, param: 'id' },
    section: 'Payments',
  };
}

const platformRead: RoutePolicy = { caller: 'person', platform: true };
const platformChange: RoutePolicy = { caller: 'person', platform: true, manage: true, critical: true };

/** The money API (spec 7 reads, fees, reward rates, unallocated funds, reward runs). */
export const moneyRoutes: FastifyPluginAsyncZod<MoneyRoutesOptions> = async (app, options) => {
  const { reads, repository, report, fees, rates, unallocated, rewards, clock } = options;

  for (const { segment, kind } of kinds) {
    app.get(
      `/${segment}/:id/balance`,
      {
        config: { policy: financialRead(kind) },
        schema: {
          tags: ['money'],
          summary: `The ${kind}'s balance: the sum of its ledger entries`,
          params: IdParams,
          response: { 200: Balance, ...refusals },
        },
      },
      async (request) => reads.balance(kind, request.params.id),
    );
    app.get(
      `/${segment}/:id/processing-earnings`,
      {
        config: { policy: financialRead(kind) },
        schema: {
          tags: ['money'],
          summary: `The ${kind}'s earnings of days mined and not yet credited, estimated`,
          params: IdParams,
          response: { 200: ProcessingEarnings, ...refusals },
        },
      },
      async (request) => reads.processing(kind, request.params.id),
    );
    app.get(
      `/${segment}/:id/earned-all-time`,
      {
        config: { policy: financialRead(kind) },
        schema: {
          tags: ['money'],
          summary: `What the ${kind} earned by mining, net, since its first reward`,
          params: IdParams,
          response: { 200: EarnedAllTime, ...refusals },
        },
      },
      async (request) => reads.earned(kind, request.params.id),
    );
    app.get(
      `/${segment}/:id/payments`,
      {
        config: { policy: financialRead(kind) },
        schema: {
          tags: ['money'],
          summary: `The ${kind}'s payments, newest first, filtered and paged; rewards with their breakdown`,
          params: IdParams,
          querystring: PaymentsQuery,
          response: { 200: PaymentsAnswer, ...refusals },
        },
      },
      async (request) => {
        const page = await reads.payments(kind, request.params.id, request.query);
        return request.grant?.totalFeeHide ? hideFee(page) : page;
      },
    );
  }

  app.get(
    '/miners/:id/payments/export',
    {
      config: { policy: financialRead('miner') },
      schema: {
        tags: ['money'],
        summary: 'The miner’s payments of the last 7, 30 or 90 days as a CSV file (RFC 4180, BTC, UTC)',
        params: IdParams,
        querystring: PaymentsExportQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const now = clock();
      const days = request.query.days;
      const miner = await repository.minerById(request.params.id);
      if (!miner) throw new HttpError('not_found');
      // Every payment of the period, newest first: at most a few per day, so one read.
      const { rows } = await repository.payments(
        'miner',
        miner.id,
        { from: new Date(now - days * dayMs), until: new Date(now + 1) },
        { limit: 100_000, offset: 0 },
      );
      const csv = paymentsCsv(rows.map((row) => paymentOf(row)));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(miner.accountName, days, now)}"`)
        .send(csv);
    },
  );

  app.get(
    '/miners/:id/mining-report',
    {
      config: { policy: financialRead('miner') },
      schema: {
        tags: ['money'],
        summary: 'The monthly mining report (spec 9): one month with its days, or every month with totals',
        params: IdParams,
        querystring: MiningReportQuery,
        response: { 200: z.union([MiningReportMonth, MiningReportList]), ...refusals },
      },
    },
    async (request) => {
      const { month } = request.query;
      if (month === undefined) return report.list(request.params.id);
      if (!report.isReportable(month)) {
        throw new HttpError('validation_failed', { fields: [{ field: 'month', text: 'maximum threshold' }] });
      }
      return report.month(request.params.id, month);
    },
  );

  app.get(
    '/miners/:id/fees/current',
    {
      config: { policy: financialRead('miner') },
      schema: {
        tags: ['money'],
        summary: 'The fee in force today: the miner’s own, or the pool’s default',
        params: IdParams,
        response: { 200: CurrentFee, ...refusals },
      },
    },
    async (request) => {
      if (request.grant?.totalFeeHide) return { percent: null, start_date: null, fee: null, hidden: true };
      // An operator's customer pays its operator's fee: that is the fee its own people see.
      const own = request.grant?.via === 'pool' ? null : await options.customerFees?.(request.params.id);
      const today = new Date(clock()).toISOString().slice(0, 10);
      const inForce = own?.find((fee) => fee.start_date <= today);
      if (inForce) return { percent: inForce.percent, start_date: inForce.start_date, fee: inForce };
      return fees.current(request.params.id);
    },
  );
  app.get(
    '/miners/:id/fees',
    {
      config: { policy: financialRead('miner') },
      schema: {
        tags: ['money'],
        summary: 'The miner’s fees, newest start first, and the pool’s default',
        params: IdParams,
        response: { 200: FeeList, ...refusals },
      },
    },
    async (request) => {
      if (request.grant?.totalFeeHide) return { items: [], default_percent: null, hidden: true };
      const own = request.grant?.via === 'pool' ? null : await options.customerFees?.(request.params.id);
      const list = await fees.list(request.params.id);
      return own ? { ...list, items: own } : list;
    },
  );
  app.post(
    '/miners/:id/fees',
    {
      config: {
        policy: {
          caller: 'person',
          account: { kind: 'miner', param: 'id' },
          section: 'Payments',
          poolStaff: true,
          manage: true,
          critical: true,
        },
      },
      schema: {
        tags: ['money'],
        summary: 'Sets the miner’s fee from 00:00 UTC tomorrow (pool staff with a managing role; step-up)',
        params: IdParams,
        body: CreateFeeBody,
        response: { 201: Fee, ...refusals },
      },
    },
    async (request, reply) => {
      const fee = await fees.create(request.params.id, request.body, personOf(request.caller).userId);
      return reply.code(201).send(fee);
    },
  );

  app.get(
    '/platform/rewards/rates',
    {
      config: { policy: platformRead },
      schema: {
        tags: ['platform'],
        summary: 'Reward rates set, newest first, and the one in force now',
        response: { 200: RewardRateHistory, ...refusals },
      },
    },
    async () => rates.history(),
  );
  app.get(
    '/platform/rewards/rates/external-sources',
    {
      config: { policy: platformRead },
      schema: {
        tags: ['platform'],
        summary: 'Each reward-rate source’s latest value: manual, and the network’s hashprice',
        response: { 200: ExternalRateSources, ...refusals },
      },
    },
    async () => ({ items: await rates.externalSources() }),
  );
  app.put(
    '/platform/rewards/rates/current',
    {
      config: { policy: platformChange },
      schema: {
        tags: ['platform'],
        summary: 'Sets the reward rate in force from now (platform admins; step-up)',
        body: SetRewardRateBody,
        response: { 200: RewardRate, ...refusals },
      },
    },
    async (request) => rates.setCurrent(request.body, personOf(request.caller).userId),
  );
  app.get(
    '/platform/rewards/unallocated-funds',
    {
      config: { policy: platformRead },
      schema: {
        tags: ['platform'],
        summary: 'Rewards of shares no miner could take (unknown or deleted account names), newest day first',
        querystring: UnallocatedQuery,
        response: { 200: UnallocatedPage, ...refusals },
      },
    },
    async (request) => unallocated.list(request.query),
  );
  app.post(
    '/platform/rewards/unallocated-funds/:transaction_id/refund',
    {
      config: { policy: platformChange },
      schema: {
        tags: ['platform'],
        summary: 'Refunds an unallocated funds transaction to the miner with an account name (step-up)',
        params: TransactionParams,
        body: RefundBody,
        response: { 200: UnallocatedTransaction, ...refusals, 409: ErrorBody },
      },
    },
    async (request) =>
      unallocated.refund(request.params.transaction_id, request.body.account_name, personOf(request.caller).userId),
  );
  app.post(
    '/platform/rewards/runs',
    {
      config: { policy: platformChange },
      schema: {
        tags: ['platform'],
        summary: 'Credits one ended settlement day now; 409 reward_already_processed when it was',
        body: RunRewardsBody,
        response: { 200: RewardRunResult, ...refusals, 409: ErrorBody },
      },
    },
    async (request) => rewards.runRewardDay(request.body.day),
  );
};
