import { z } from 'zod';
import { Day, Percent } from './money.ts';
import {
  promoCodeRules,
  promoCodeStatuses,
  promoCodeTypes,
  promoFeeTypes,
  sharingSettingRules,
  virtualMiningRules,
  virtualMiningStatuses,
} from './sharing-codes.ts';

/** Issue 15: promo codes, referrals and profit splits (spec 3 and 7). */

export const PromoCodeText = z
  .string()
  .trim()
  .min(promoCodeRules.minLength, 'minimum length')
  .max(promoCodeRules.maxLength, 'maximum length')
  .regex(promoCodeRules.pattern, 'Only letters, digits, - and _');

const Count = z.number().int().min(1, 'minimum threshold').max(1_000_000_000, 'maximum threshold');

/** What a platform admin writes; `duration_days` null with `perpetual` true. */
export const PromoCodeBody = z
  .object({
    code: PromoCodeText,
    description: z.string().trim().max(500, 'maximum length').nullable().default(null),
    status: z.enum(promoCodeStatuses),
    type: z.enum(promoCodeTypes),
    fee_type: z.enum(promoFeeTypes),
    /** Absolute: the final fee, percent of rewards; relative: the discount, percent of the fee. */
    fee_percent: Percent,
    effective_from: z.iso.datetime({ offset: true }),
    effective_to: z.iso.datetime({ offset: true }).nullable().default(null),
    usage_limit: Count.nullable().default(null),
    user_usage_limit: Count.nullable().default(null),
    allowed_emails: z.array(z.email('Invalid e-mail').max(254)).max(1000).default([]),
    duration_days: z
      .number()
      .int()
      .min(1, 'minimum threshold')
      .max(36_500, 'maximum threshold')
      .nullable()
      .default(null),
    perpetual: z.boolean().default(false),
  })
  .superRefine((body, context) => {
    if (body.effective_to && Date.parse(body.effective_to) <= Date.parse(body.effective_from)) {
      context.addIssue({ code: 'custom', path: ['effective_to'], message: 'Must be after the start' });
    }
    if (body.perpetual === (body.duration_days !== null)) {
      context.addIssue({
        code: 'custom',
        path: ['duration_days'],
        message: body.perpetual ? 'A perpetual code has no duration' : 'Required unless perpetual',
      });
    }
  });
export type PromoCodeBody = z.input<typeof PromoCodeBody>;

export const PromoCode = z.object({
  id: z.uuid(),
  code: z.string(),
  description: z.string().nullable(),
  status: z.enum(promoCodeStatuses),
  type: z.enum(promoCodeTypes),
  fee_type: z.enum(promoFeeTypes),
  fee_percent: z.number(),
  effective_from: z.iso.datetime(),
  effective_to: z.iso.datetime().nullable(),
  usage_limit: z.number().int().nullable(),
  user_usage_limit: z.number().int().nullable(),
  allowed_emails: z.array(z.string()),
  duration_days: z.number().int().nullable(),
  perpetual: z.boolean(),
  /** Times it was applied. */
  used: z.number().int().nonnegative(),
  created_at: z.iso.datetime(),
});
export type PromoCode = z.infer<typeof PromoCode>;

export const PromoCodeQuery = z.object({
  status: z.enum(promoCodeStatuses).optional(),
  type: z.enum(promoCodeTypes).optional(),
  page: z.coerce.number().int().min(1, 'minimum threshold').default(1),
  per_page: z.coerce.number().int().min(1, 'minimum threshold').max(100, 'maximum threshold').default(20),
});
export const PromoCodePage = z.object({
  items: z.array(PromoCode),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  per_page: z.number().int().min(1),
});
export type PromoCodePage = z.infer<typeof PromoCodePage>;

export const GeneratedPromoCode = z.object({ code: z.string() });

/** `POST promocodes/apply`: to a miner the caller manages, from today (UTC). */
export const ApplyPromoCodeBody = z.object({
  code: z.string().trim().min(1, 'Should not be blank'),
  miner_id: z.uuid(),
});
/** `GET promocodes/check`: whether a code would apply at sign-up (registration's promo question). */
export const CheckPromoCodeQuery = z.object({ code: z.string().trim().min(1, 'Should not be blank') });
export const PromoCodeApplied = z.object({
  code: z.string(),
  fee_type: z.enum(promoFeeTypes),
  fee_percent: z.number(),
  /** The first day (UTC) whose fee it lowers, and the first it no longer does (null: perpetual). */
  starts_on: Day,
  ends_on: Day.nullable(),
});
export type PromoCodeApplied = z.infer<typeof PromoCodeApplied>;

/** A miner's referral code and the link that leads to registration with it. */
export const ReferrerCode = z.object({
  id: z.uuid(),
  code: z.string(),
  link: z.string(),
  created_at: z.iso.datetime(),
});
export type ReferrerCode = z.infer<typeof ReferrerCode>;
export const ReferrerCodeList = z.object({
  items: z.array(ReferrerCode),
  /** The pool's referral terms: the percent of the pool's fee and the days it is paid. */
  percent: z.number(),
  days: z.number().int(),
});
export type ReferrerCodeList = z.infer<typeof ReferrerCodeList>;

export const Referral = z.object({
  account_name: z.string(),
  code: z.string(),
  created_at: z.iso.datetime(),
  starts_on: Day,
  ends_on: Day,
  percent: z.number(),
  /** What the referrer received from this account so far, in satoshis. */
  earned: z.number().int().nonnegative(),
});
export type Referral = z.infer<typeof Referral>;
export const ReferralList = z.object({ items: z.array(Referral), earned: z.number().int().nonnegative() });
export type ReferralList = z.infer<typeof ReferralList>;

export const ProfitSplit = z.object({
  recipient_miner_id: z.uuid(),
  recipient_account_name: z.string(),
  percent: z.number(),
  /** The 00:00 UTC it starts from (spec 4: the next day). */
  starts_on: Day,
});
export type ProfitSplit = z.infer<typeof ProfitSplit>;
export const ProfitSplitList = z.object({
  items: z.array(ProfitSplit),
  /** The referral share the miner's referrer receives, when one is in force. */
  referral: z.object({ referrer_account_name: z.string(), percent: z.number(), ends_on: Day }).nullable(),
});
export type ProfitSplitList = z.infer<typeof ProfitSplitList>;
export const SetProfitSplitBody = z.object({ percent: Percent.refine((value) => value > 0, 'minimum threshold') });

/**
 * `POST platform/virtual-mining/topups` (spec 3 `virtual_mining_topup`): a credit out of the pool's
 * account with a comment; `request_id` makes a retried call book it once.
 */
export const TopUpBody = z.object({
  request_id: z.uuid(),
  account_name: z.string().trim().min(1, 'Should not be blank'),
  amount: z
    .number()
    .int('must be whole satoshis')
    .min(1, 'minimum threshold')
    .max(2_100_000_000_000_000, 'maximum threshold'),
  comment: z.string().trim().min(1, 'Should not be blank').max(500, 'maximum length'),
});
export type TopUpBody = z.infer<typeof TopUpBody>;
export const TopUp = z.object({
  transaction_id: z.uuid(),
  account_name: z.string(),
  amount: z.number().int(),
  comment: z.string(),
});
export type TopUp = z.infer<typeof TopUp>;

/**
 * Virtual mining (spec 2 /transfers, spec 3 worker behaviour `boundary`): pool staff give a
 * recipient a share of a donor's hashrate (0 to 1) or a fixed hashrate (H/s) from `starts_at` to
 * `ends_at` (open-ended when null). The recipient's boundary workers and the reward run follow it.
 */
export const VirtualMiningContractBody = z
  .object({
    donor_account_name: z.string().trim().min(1, 'Should not be blank'),
    recipient_account_name: z.string().trim().min(1, 'Should not be blank'),
    hash_rate_share: z
      .number()
      .gt(0, 'minimum threshold')
      .max(1, 'maximum threshold')
      .refine((value) => Number.isInteger(Math.round(value * 10_000 * 1e6) / 1e6), 'must be decimal')
      .nullable()
      .default(null),
    fixed_hash_rate: z
      .number()
      .gt(0, 'minimum threshold')
      .max(virtualMiningRules.maxFixedHashRate, 'maximum threshold')
      .nullable()
      .default(null),
    starts_at: z.iso.datetime({ offset: true }),
    ends_at: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .superRefine((body, context) => {
    if ((body.hash_rate_share === null) === (body.fixed_hash_rate === null)) {
      context.addIssue({
        code: 'custom',
        path: ['hash_rate_share'],
        message:
          body.hash_rate_share === null ? 'Give a share or a fixed hashrate' : 'A share or a fixed hashrate, not both',
      });
    }
    if (body.ends_at && Date.parse(body.ends_at) <= Date.parse(body.starts_at)) {
      context.addIssue({ code: 'custom', path: ['ends_at'], message: 'Must be after the start' });
    }
  });
export type VirtualMiningContractBody = z.input<typeof VirtualMiningContractBody>;

/** Ends a contract at `ends_at` (now when absent); one not started yet never runs. */
export const EndVirtualMiningContractBody = z.object({
  ends_at: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type EndVirtualMiningContractBody = z.input<typeof EndVirtualMiningContractBody>;

export const VirtualMiningContract = z.object({
  id: z.uuid(),
  donor_miner_id: z.uuid(),
  donor_account_name: z.string(),
  recipient_miner_id: z.uuid(),
  recipient_account_name: z.string(),
  hash_rate_share: z.number().nullable(),
  fixed_hash_rate: z.number().nullable(),
  starts_at: z.iso.datetime(),
  ends_at: z.iso.datetime().nullable(),
  status: z.enum(virtualMiningStatuses),
  created_at: z.iso.datetime(),
});
export type VirtualMiningContract = z.infer<typeof VirtualMiningContract>;

export const VirtualMiningContractQuery = z.object({
  /** Only the contracts this miner gives or receives hashrate under. */
  miner_id: z.uuid().optional(),
  page: z.coerce.number().int().min(1, 'minimum threshold').default(1),
  per_page: z.coerce.number().int().min(1, 'minimum threshold').max(100, 'maximum threshold').default(20),
});
export const VirtualMiningContractPage = z.object({
  items: z.array(VirtualMiningContract),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  per_page: z.number().int().min(1),
});
export type VirtualMiningContractPage = z.infer<typeof VirtualMiningContractPage>;

/**
 * The pool's sharing settings a platform admin reads and changes (`platform/sharing/settings`):
 * the referrer's percent of the pool's fee from each referred miner and for how many days, and
 * the days after sign-up during which a welcome code may be applied.
 */
export const SharingSettings = z.object({
  referral_percent: Percent,
  referral_days: z.number().int().min(1, 'minimum threshold').max(sharingSettingRules.maxDays, 'maximum threshold'),
  welcome_days: z.number().int().min(0, 'minimum threshold').max(sharingSettingRules.maxDays, 'maximum threshold'),
});
export type SharingSettings = z.infer<typeof SharingSettings>;
