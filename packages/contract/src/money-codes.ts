/** The money vocabulary of spec 3 and 9, without zod (the web app's money screens import it). */

/** Spec 3: payment types, in the order the filters list them. */
export const paymentTypes = [
  'reward',
  'payout',
  'profit_sharing',
  'virtual_mining_transfer',
  'virtual_mining_reward',
  'virtual_mining_topup',
  'transfer',
] as const;
export type PaymentType = (typeof paymentTypes)[number];

/** Spec 3: as the account sees the payment. */
export const paymentDirections = ['incoming', 'outgoing'] as const;
export type PaymentDirection = (typeof paymentDirections)[number];

/** Spec 3, in state order. */
export const paymentStatuses = ['pending', 'canceled', 'completed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Spec 2 and 9: the periods a payments export covers, in days. */
export const exportPeriods = [7, 30, 90] as const;
export type ExportPeriod = (typeof exportPeriods)[number];

/** Spec 9: the mining report is monthly, from January 2025. */
export const firstReportMonth = '2025-01';

/** Spec 9: rewards are credited daily at 09:00 UTC for the settlement day that ended at 00:00 UTC. */
export const rewardRunHourUtc = 9;

/** Satoshis in one bitcoin; amounts travel as integer satoshis and are shown in BTC with 8 decimals. */
export const satoshisPerBitcoin = 100_000_000;

/** A reward rate is satoshis per TH/s per day; hashrates travel in H/s. */
export const hashesPerTerahash = 1e12;

/** Spec 3: reward-rate sources. */
export const rewardRateSources = ['manual', 'network'] as const;
export type RewardRateSource = (typeof rewardRateSources)[number];

/** Spec 3 and 9: exchange-rate symbols and the currencies they price bitcoin in. */
export const exchangeSymbols = ['BTCUSDT', 'BTCRUB'] as const;
export type ExchangeSymbol = (typeof exchangeSymbols)[number];
export const currencyOfSymbol = { BTCUSDT: 'USDT', BTCRUB: 'RUB' } as const satisfies Record<ExchangeSymbol, string>;

/** Spec 9: the exchange-rate refresh interval when none is configured. */
export const defaultExchangeRatesRefreshMs = 300_000;

/**
 * Spec 9: the Russian progressive rates from 2025 for individuals; `upTo` is the bracket's upper
 * edge in RUB (null: above the last edge). Each rate applies to the part of income inside its bracket.
 */
export const individualTaxBrackets = [
  { upTo: 200_000, percent: 13 },
  { upTo: 416_700, percent: 15 },
  { upTo: 1_670_000, percent: 18 },
  { upTo: 4_170_000, percent: 20 },
  { upTo: null, percent: 22 },
] as const satisfies readonly { upTo: number | null; percent: number }[];

/** The flat rate for legal entities when the pool sets none. */
export const defaultLegalEntityTaxPercent = 25;
