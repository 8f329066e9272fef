import { z } from 'zod';
import {
  exchangeSymbols,
  exportPeriods,
  firstReportMonth,
  paymentDirections,
  paymentStatuses,
  paymentTypes,
  rewardRateSources,
} from './money-codes.ts';
import { blockchainRequestStatuses } from './payout-codes.ts';

export * from './money-codes.ts';

/** An amount in integer satoshis (safe in a JSON number: 21 million BTC is under 2^53 sat). */
export const Satoshis = z.number().int();
export type Satoshis = z.infer<typeof Satoshis>;

export const PaymentType = z.enum(paymentTypes);
export const PaymentDirection = z.enum(paymentDirections);
export const PaymentStatus = z.enum(paymentStatuses);
export const RewardRateSource = z.enum(rewardRateSources);
export const ExchangeSymbol = z.enum(exchangeSymbols);

/**
 * A reward rate: satoshis per TH/s per day (spec 3), with up to 3 decimals (a hashprice of about
 * 42 sat would lose 1 % to whole satoshis); stored as integer millisatoshis.
 */
export const SatoshiRate = z
  .number()
  .positive('minimum threshold')
  .max(10_000_000, 'maximum threshold')
  .refine((value) => Number.isInteger(Math.round(value * 1000 * 1e6) / 1e6), 'must be decimal');

/** `YYYY-MM-DD`, a UTC calendar day. */
export const Day = z.iso.date();

/** A fee or tax percent: 0 to 100, at most two decimals (0.9 is stored as 90 basis points). */
export const Percent = z
  .number()
  .min(0, 'minimum threshold')
  .max(100, 'maximum threshold')
  .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), 'must be decimal');

/** What a reward was computed from, stored with it so that a miner can check every satoshi. */
export const RewardBreakdown = z.object({
  /** The settlement day (UTC) the reward is for. */
  day: Day,
  /** The day's average hashrate, H/s. */
  hash_rate: z.number().nonnegative(),
  /** Satoshis per TH/s per day, in force at 00:00 UTC of the day. */
  rate: SatoshiRate,
  gross: Satoshis,
  /** Null for a customer whose permission hides the operator's total fee (spec 3 total_fee_hide). */
  fee_percent: z.number().nullable(),
  fee: Satoshis.nullable(),
  /** Moved to recipients of virtual-mining contracts, out of the net (0 when none). */
  shared: Satoshis,
  net: Satoshis,
  /** The promo code in force that lowered the fee, and the fee before it (issue 15); absent when none did. */
  promo: z.object({ code: z.string(), fee_percent_before: z.number(), fee_before: Satoshis }).nullable().optional(),
});
export type RewardBreakdown = z.infer<typeof RewardBreakdown>;

/** What a payout payment shows in the miner's `/payments`: its blockchain request and its transaction. */
export const PayoutDetail = z.object({
  request_id: z.uuid(),
  status: z.enum(blockchainRequestStatuses),
  address: z.string(),
  txid: z.string().nullable(),
  /** The pool's block-explorer page of the txid; null without a txid or an explorer. */
  explorer_url: z.string().nullable(),
});
export type PayoutDetail = z.infer<typeof PayoutDetail>;

/** One payment as the account sees it (spec 3). */
export const Payment = z.object({
  id: z.uuid(),
  type: PaymentType,
  direction: PaymentDirection,
  status: PaymentStatus,
  /** Always positive; the direction says which way it went. */
  amount: Satoshis,
  created_at: z.iso.datetime(),
  /** The other party or origin in words the screen shows (an account name, "pool fee", a day). */
  counterparty: z.string().nullable(),
  /** Present on rewards. */
  reward: RewardBreakdown.nullable(),
  /** Present on payouts. */
  payout: PayoutDetail.nullable(),
  /** Spec 3 "Sharing type", on profit_sharing payments: a profit split or a referrer's share. */
  sharing_type: z.enum(['profit_sharing', 'referral']).nullable().optional(),
});
export type Payment = z.infer<typeof Payment>;

const repeated = <T extends z.ZodType>(item: T) =>
  z.union([item, z.array(item)]).transform((value) => (Array.isArray(value) ? value : [value]) as z.infer<T>[]);

/** `GET {kind}/{id}/payments`: repeated `type` values; `from`/`to` are UTC days, both included. */
export const PaymentsQuery = z
  .object({
    type: repeated(PaymentType).optional(),
    direction: PaymentDirection.optional(),
    status: PaymentStatus.optional(),
    from: Day.optional(),
    to: Day.optional(),
    page: z.coerce.number().int().min(1, 'minimum threshold').max(100_000, 'maximum threshold').default(1),
    per_page: z.coerce.number().int().min(1, 'minimum threshold').max(100, 'maximum threshold').default(20),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'minimum threshold',
  });
export type PaymentsQuery = z.infer<typeof PaymentsQuery>;

export const PaymentsPage = z.object({
  items: z.array(Payment),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  per_page: z.number().int().min(1),
});
export type PaymentsPage = z.infer<typeof PaymentsPage>;

/** `GET miners/{id}/payments/export?days=`: only the spec's periods; anything else is a field error. */
export const PaymentsExportQuery = z.object({
  days: z.coerce.number().refine((days) => (exportPeriods as readonly number[]).includes(days), 'invalid input'),
});

/** `GET {kind}/{id}/balance`: the sum of the account's entries. */
export const Balance = z.object({ balance: Satoshis, updated_at: z.iso.datetime().nullable() });
export type Balance = z.infer<typeof Balance>;

/** `GET {kind}/{id}/processing-earnings`: days mined but not yet credited, estimated. */
export const ProcessingEarnings = z.object({
  amount: Satoshis,
  days: z.array(z.object({ day: Day, hash_rate: z.number().nonnegative(), estimate: Satoshis })),
  rate: SatoshiRate.nullable(),
  fee_percent: z.number(),
});
export type ProcessingEarnings = z.infer<typeof ProcessingEarnings>;

/** `GET {kind}/{id}/earned-all-time`: every reward credited, net. */
export const EarnedAllTime = z.object({ amount: Satoshis, since: Day.nullable() });
export type EarnedAllTime = z.infer<typeof EarnedAllTime>;

/** Spec 3 "Fee". `end_date` is null while it is the latest; `period` is its length in days, null while open. */
export const Fee = z.object({
  id: z.uuid(),
  percent: z.number(),
  start_date: Day,
  end_date: Day.nullable(),
  period: z.number().int().nonnegative().nullable(),
  comment: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type Fee = z.infer<typeof Fee>;

/** `GET miners/{id}/fees/current`: the fee in force today; `fee` is null when the pool default applies. */
export const CurrentFee = z.object({
  /**
   * The fee in force today, after the promo code in force when there is one; for an operator's
   * customer, the operator's fee. Null when the caller's permission hides it (total_fee_hide).
   */
  percent: z.number().nullable(),
  hidden: z.boolean().optional(),
  start_date: Day.nullable(),
  fee: Fee.nullable(),
  /** The promo code that lowers it, the fee before it, and the first day it no longer does (null: perpetual). */
  promo: z.object({ code: z.string(), percent_before: z.number(), ends_on: Day.nullable() }).optional(),
});
export type CurrentFee = z.infer<typeof CurrentFee>;

/** `hidden`: the caller's permission hides the operator's total fee; no item and no default then. */
export const FeeList = z.object({
  items: z.array(Fee),
  default_percent: z.number().nullable(),
  hidden: z.boolean().optional(),
});
export type FeeList = z.infer<typeof FeeList>;

/** `POST miners/{id}/fees`: starts at 00:00 UTC the next day. */
export const CreateFeeBody = z.object({
  percent: Percent,
  comment: z.string().trim().max(500, 'length out of range').optional(),
});
export type CreateFeeBody = z.infer<typeof CreateFeeBody>;

/** Spec 3 "Reward rate": satoshis per TH/s per day, and where it came from. */
export const RewardRate = z.object({
  id: z.uuid(),
  rate: SatoshiRate,
  source: RewardRateSource,
  effective_from: z.iso.datetime(),
  set_by: z.string().nullable(),
});
export type RewardRate = z.infer<typeof RewardRate>;

export const RewardRateHistory = z.object({ items: z.array(RewardRate), current: RewardRate.nullable() });
export type RewardRateHistory = z.infer<typeof RewardRateHistory>;

/** `GET platform/rewards/rates/external-sources`: each source's latest value, null when unreachable. */
export const ExternalRateSource = z.object({
  source: RewardRateSource,
  /** Where it was read (a node, an API address), or "manual". */
  origin: z.string(),
  rate: SatoshiRate.nullable(),
  fetched_at: z.iso.datetime().nullable(),
  /** What the figure came from: difficulty, block subsidy and fees; null for manual. */
  detail: z.object({ difficulty: z.number(), block_reward: Satoshis, height: z.number().int().nullable() }).nullable(),
  error: z.string().nullable(),
});
export type ExternalRateSource = z.infer<typeof ExternalRateSource>;
export const ExternalRateSources = z.object({ items: z.array(ExternalRateSource) });

/** `PUT platform/rewards/rates/current`: in force from now; a day's run uses the rate at its 00:00 UTC. */
export const SetRewardRateBody = z.object({
  rate: SatoshiRate,
  source: RewardRateSource.default('manual'),
});
export type SetRewardRateBody = z.infer<typeof SetRewardRateBody>;

/** Spec 3 "Unallocated funds transaction". */
export const UnallocatedTransaction = z.object({
  id: z.uuid(),
  day: Day,
  amount: Satoshis,
  created_at: z.iso.datetime(),
  metadata: z.object({ pool_domain: z.string(), hash_rate: z.number().nonnegative(), account: z.string() }),
  refund: z
    .object({ by: z.string().nullable(), at: z.iso.datetime(), to_account: z.string(), miner_id: z.uuid() })
    .nullable(),
});
export type UnallocatedTransaction = z.infer<typeof UnallocatedTransaction>;

export const UnallocatedQuery = z.object({
  refunded: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1, 'minimum threshold').default(1),
  per_page: z.coerce.number().int().min(1, 'minimum threshold').max(100, 'maximum threshold').default(20),
});
export const UnallocatedPage = z.object({
  items: z.array(UnallocatedTransaction),
  total: z.number().int().nonnegative(),
  /** Unrefunded funds held, in satoshis. */
  held: Satoshis,
  page: z.number().int().min(1),
  per_page: z.number().int().min(1),
});
export type UnallocatedPage = z.infer<typeof UnallocatedPage>;

/** `POST platform/rewards/unallocated-funds/{transaction_id}/refund`: to the miner with this account name. */
export const RefundBody = z.object({ account_name: z.string().trim().min(1, 'Should not be blank') });

/** A month as `YYYY-MM`, from January 2025 (spec 9). */
export const Month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'match invalid')
  .refine((month) => month >= firstReportMonth, 'minimum threshold');

export const MiningReportQuery = z.object({ month: Month.optional() });

export const MiningReportTotals = z.object({
  month: z.string(),
  /** Average of the days mined, H/s. */
  hash_rate: z.number().nonnegative(),
  days_mined: z.number().int().nonnegative(),
  gross: Satoshis,
  fees: Satoshis,
  net: Satoshis,
  payouts: Satoshis,
  /** The month's average of the rates the server saw; null when it saw none. */
  btc_usd: z.number().positive().nullable(),
  btc_rub: z.number().positive().nullable(),
});
export type MiningReportTotals = z.infer<typeof MiningReportTotals>;

/** With `month`: that month and its days. Without: every month from January 2025 to now, newest first. */
export const MiningReportMonth = MiningReportTotals.extend({
  days: z.array(
    z.object({ day: Day, hash_rate: z.number().nonnegative(), gross: Satoshis, fee: Satoshis, net: Satoshis }),
  ),
});
export type MiningReportMonth = z.infer<typeof MiningReportMonth>;
export const MiningReportList = z.object({ items: z.array(MiningReportTotals) });
export type MiningReportList = z.infer<typeof MiningReportList>;

/** `GET exchange-rates?symbols=["BTCUSDT","BTCRUB"]` (spec 7): the proxy's answer, prices as strings. */
export const ExchangeRatesQuery = z.object({
  symbols: z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'invalid input' });
        return z.NEVER;
      }
    })
    .pipe(z.array(ExchangeSymbol).min(1, 'Should not be blank')),
});
export const ExchangeRateQuote = z.object({ symbol: ExchangeSymbol, price: z.string().nullable() });
export const ExchangeRateQuotes = z.array(ExchangeRateQuote);
export type ExchangeRateQuote = z.infer<typeof ExchangeRateQuote>;

/** `POST platform/rewards/runs`: credit one settlement day now (it must have ended). */
export const RunRewardsBody = z.object({ day: Day });
export const RewardRunResult = z.object({
  day: Day,
  credited: z.number().int().nonnegative(),
  unallocated: z.number().int().nonnegative(),
  total: Satoshis,
});
export type RewardRunResult = z.infer<typeof RewardRunResult>;
