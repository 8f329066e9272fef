/** The sharing vocabulary of spec 3 (promo codes, sharing types), without zod (the web app imports it). */

export const promoCodeStatuses = ['active', 'inactive'] as const;
export type PromoCodeStatus = (typeof promoCodeStatuses)[number];

/** Welcome: only at sign-up or in an account's first days; loyalty: existing accounts; universal: anyone. */
export const promoCodeTypes = ['welcome', 'loyalty', 'universal'] as const;
export type PromoCodeType = (typeof promoCodeTypes)[number];

/** Absolute: the final fee as a percent of rewards; relative: a discount as a percent of the fee. */
export const promoFeeTypes = ['absolute', 'relative'] as const;
export type PromoFeeType = (typeof promoFeeTypes)[number];

export const sharingTypes = ['profit_sharing', 'referral'] as const;
export type SharingType = (typeof sharingTypes)[number];

/** A promo code's text: what people type, so letters, digits, `-` and `_`. */
export const promoCodeRules = { pattern: /^[A-Za-z0-9_-]+$/, minLength: 3, maxLength: 32 } as const;

/** The payment types `/transfers` lists (spec 2). */
export const transferTypes = [
  'transfer',
  'virtual_mining_transfer',
  'virtual_mining_reward',
  'virtual_mining_topup',
] as const;

/** A virtual-mining contract: scheduled before its start, running until its end, then ended. */
export const virtualMiningStatuses = ['scheduled', 'running', 'ended'] as const;
export type VirtualMiningStatus = (typeof virtualMiningStatuses)[number];

/** A fixed hashrate of at most 1 EH/s (H/s): far above any one miner, and a typo's guard. */
export const virtualMiningRules = { maxFixedHashRate: 1e18 } as const;

/** The sharing settings' day counts: at most a hundred years (the server's own bound). */
export const sharingSettingRules = { maxDays: 36_500 } as const;
