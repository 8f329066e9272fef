import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { PaymentStatus, PaymentType, RewardRateSource } from '@pool/contract/money-codes';
import { app, miners, operators, pools } from '../../db/schema.ts';

const at = () => timestamp({ withTimezone: true });
/** Satoshis and millisatoshis: bigint in the database, BigInt in code (products pass 2^53). */
const sats = () => bigint({ mode: 'bigint' });

export const ledgerAccountKinds = [
  'miner',
  'operator',
  'pool',
  'reward_clearing',
  'unallocated',
  'payouts_in_flight',
  'paid_out',
] as const;
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];

/**
 * One balance of the double-entry ledger. Miner, operator and pool accounts are owned by that
 * account (`owner_id`); the platform's own (reward clearing, unallocated, payouts in flight, paid out: what left for the chain) have no
 * owner and are one per pool. `balance` is written only by the entries' trigger (migration 0007):
 * the sum of the account's entries whose transfer is not canceled. The CHECK is TigerBeetle's
 * debits_must_not_exceed_credits: only reward clearing, where rewards come from, may go negative.
 */
export const ledgerAccounts = app.table(
  'ledger_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().$type<LedgerAccountKind>().notNull(),
    ownerId: uuid(),
    poolId: uuid()
      .notNull()
      .references(() => pools.id),
    mayGoNegative: boolean().notNull().default(false),
    balance: sats()
      .notNull()
      .default(sql`0`),
    createdAt: at().notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_owner_key')
      .on(table.kind, table.ownerId)
      .where(sql`${table.ownerId} is not null`),
    uniqueIndex('ledger_accounts_platform_key')
      .on(table.kind, table.poolId)
      .where(sql`${table.ownerId} is null`),
    check(
      'ledger_accounts_kind_check',
      sql`${table.kind} in ('miner', 'operator', 'pool', 'reward_clearing', 'unallocated', 'payouts_in_flight', 'paid_out')`,
    ),
    check(
      'ledger_accounts_owner_check',
      sql`(${table.ownerId} is null) = (${table.kind} in ('reward_clearing', 'unallocated', 'payouts_in_flight', 'paid_out'))`,
    ),
    check('ledger_accounts_negative_check', sql`not ${table.mayGoNegative} or ${table.kind} = 'reward_clearing'`),
    check('ledger_accounts_balance_check', sql`${table.mayGoNegative} or ${table.balance} >= 0`),
  ],
);

/**
 * One payment set (a TigerBeetle transfer with its legs): immutable once written, but for the
 * status of a pending one (pending -> completed | canceled). A correction is a new set that
 * `reverses` this one. The idempotency key makes a retried write a no-op.
 */
export const ledgerTransfers = app.table(
  'ledger_transfers',
  {
    id: uuid().primaryKey().defaultRandom(),
    idempotencyKey: text().notNull(),
    status: text().$type<PaymentStatus>().notNull().default('completed'),
    createdAt: at().notNull().defaultNow(),
    reverses: uuid().references((): AnyPgColumn => ledgerTransfers.id),
    memo: jsonb().$type<Record<string, unknown>>(),
  },
  (table) => [
    uniqueIndex('ledger_transfers_idempotency_key').on(table.idempotencyKey),
    uniqueIndex('ledger_transfers_reverses_key')
      .on(table.reverses)
      .where(sql`${table.reverses} is not null`),
    check('ledger_transfers_status_check', sql`${table.status} in ('pending', 'canceled', 'completed')`),
  ],
);

/**
 * A leg of a transfer: + credits the account, - debits it. `payment_type` is the payment as this
 * account sees it (the donor's leg of a contract is `virtual_mining_transfer`, the recipient's
 * `virtual_mining_reward`). Never updated or deleted; all legs of a transfer arrive in one INSERT,
 * and the database refuses a set that does not sum to zero (migration 0007).
 */
export const ledgerEntries = app.table(
  'ledger_entries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /**
     * No foreign keys here: two row-level checks per leg cost a third of a reward run. The posting
     * trigger checks every leg's transfer and account set-based instead (migration 0008), and
     * neither transfers nor accounts can be deleted.
     */
    transferId: uuid().notNull(),
    accountId: uuid().notNull(),
    amount: sats().notNull(),
    paymentType: text().$type<PaymentType>().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (table) => [
    index('ledger_entries_account_idx').on(table.accountId, table.createdAt, table.id),
    index('ledger_entries_account_type_idx').on(table.accountId, table.paymentType, table.createdAt, table.id),
    index('ledger_entries_transfer_idx').on(table.transferId),
    check('ledger_entries_amount_check', sql`${table.amount} <> 0`),
    check(
      'ledger_entries_payment_type_check',
      sql`${table.paymentType} in ('reward', 'payout', 'profit_sharing', 'virtual_mining_transfer', 'virtual_mining_reward', 'virtual_mining_topup', 'transfer')`,
    ),
  ],
);

/**
 * What a reward was computed from, one per miner and settlement day (the unique key is the
 * database's own guard against crediting a day twice). rate_msat: millisatoshis per TH/s per day;
 * fee_bp: basis points (0.9 % = 90); shared: moved to virtual-mining recipients out of the net.
 */
export const rewardBreakdowns = app.table(
  'reward_breakdowns',
  {
    transferId: uuid()
      .primaryKey()
      .references(() => ledgerTransfers.id),
    minerId: uuid()
      .notNull()
      .references(() => miners.id),
    day: date({ mode: 'string' }).notNull(),
    hashRate: doublePrecision().notNull(),
    rateMsat: sats().notNull(),
    gross: sats().notNull(),
    feeBp: integer().notNull(),
    fee: sats().notNull(),
    shared: sats()
      .notNull()
      .default(sql`0`),
    net: sats().notNull(),
    /** The promo code that lowered the fee, and the fee before it (issue 15); null when none did. */
    promoCodeId: uuid().references((): AnyPgColumn => promoCodes.id),
    feeBpBefore: integer(),
    feeBefore: sats(),
    /**
     * A customer's operator (issue 16) and its share of the fee: the customer's fee less the
     * pool's fee for that customer, booked to the operator. 0 and null for a miner of no operator.
     */
    operatorId: uuid().references((): AnyPgColumn => operators.id),
    operatorShare: sats()
      .notNull()
      .default(sql`0`),
    createdAt: at().notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('reward_breakdowns_miner_day_key').on(table.minerId, table.day),
    index('reward_breakdowns_day_idx').on(table.day),
    index('reward_breakdowns_operator_idx').on(table.operatorId, table.minerId, table.day),
    check(
      'reward_breakdowns_operator_check',
      sql`${table.operatorShare} between 0 and ${table.fee} and (${table.operatorId} is not null or ${table.operatorShare} = 0)`,
    ),
    check(
      'reward_breakdowns_amounts_check',
      sql`${table.gross} >= 0 and ${table.fee} between 0 and ${table.gross} and ${table.net} = ${table.gross} - ${table.fee}
        and ${table.shared} between 0 and ${table.net} and ${table.feeBp} between 0 and 10000 and ${table.rateMsat} > 0`,
    ),
    check(
      'reward_breakdowns_promo_check',
      sql`(${table.promoCodeId} is null) = (${table.feeBefore} is null) and (${table.feeBefore} is null) = (${table.feeBpBefore} is null)
        and (${table.feeBefore} is null or ${table.fee} between 0 and ${table.feeBefore})`,
    ),
  ],
);

/**
 * Accepted work of shares whose account name matched no live miner, per pool, name and UTC day:
 * the ingest keeps it so the day's reward for it goes to unallocated funds.
 */
export const unallocatedHashrate1d = app.table(
  'unallocated_hashrate_1d',
  {
    poolId: uuid().notNull(),
    accountName: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    acceptedDifficulty: doublePrecision().notNull(),
    shares: integer().notNull(),
  },
  (table) => [
    primaryKey({ name: 'unallocated_hashrate_1d_pkey', columns: [table.poolId, table.accountName, table.day] }),
    index('unallocated_hashrate_1d_day_idx').on(table.day),
  ],
);

/** Spec 3 "Unallocated funds transaction": a reward nobody could be credited with, and its refund. */
export const unallocatedFunds = app.table(
  'unallocated_funds',
  {
    transferId: uuid()
      .primaryKey()
      .references(() => ledgerTransfers.id),
    poolId: uuid()
      .notNull()
      .references(() => pools.id),
    day: date({ mode: 'string' }).notNull(),
    poolDomain: text().notNull(),
    accountName: text().notNull(),
    hashRate: doublePrecision().notNull(),
    amount: sats().notNull(),
    refundTransferId: uuid().references(() => ledgerTransfers.id),
    refundedBy: uuid(),
    refundedAt: at(),
    refundedToMinerId: uuid().references(() => miners.id),
    createdAt: at().notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('unallocated_funds_refund_key')
      .on(table.refundTransferId)
      .where(sql`${table.refundTransferId} is not null`),
    uniqueIndex('unallocated_funds_origin_key').on(table.poolId, table.accountName, table.day),
    index('unallocated_funds_created_idx').on(table.createdAt),
    check('unallocated_funds_amount_check', sql`${table.amount} > 0`),
    check(
      'unallocated_funds_refund_check',
      sql`(${table.refundTransferId} is null) = (${table.refundedAt} is null)
        and (${table.refundTransferId} is null) = (${table.refundedToMinerId} is null)`,
    ),
  ],
);

/** Spec 3 "Fee": a miner's fee from 00:00 UTC of `starts_on`; the latest created wins on one day. */
export const fees = app.table(
  'fees',
  {
    id: uuid().primaryKey().defaultRandom(),
    minerId: uuid()
      .notNull()
      .references(() => miners.id),
    percentBp: integer().notNull(),
    startsOn: date({ mode: 'string' }).notNull(),
    comment: text(),
    createdBy: uuid(),
    createdAt: at().notNull().defaultNow(),
  },
  (table) => [
    index('fees_miner_starts_idx').on(table.minerId, table.startsOn, table.createdAt),
    check('fees_percent_check', sql`${table.percentBp} between 0 and 10000`),
  ],
);

/**
 * Issue 16: the fee an operator charges its customer (spec 3 "Fee"), from 00:00 UTC of
 * `starts_on`; the latest created wins on one day. The pool's own fee for that customer stays in
 * `fees`; the operator earns the difference.
 */
export const operatorFees = app.table(
  'operator_fees',
  {
    id: uuid().primaryKey().defaultRandom(),
    operatorId: uuid()
      .notNull()
      .references(() => operators.id),
    minerId: uuid()
      .notNull()
      .references(() => miners.id),
    percentBp: integer().notNull(),
    startsOn: date({ mode: 'string' }).notNull(),
    comment: text(),
    createdBy: uuid(),
    createdAt: at().notNull().defaultNow(),
  },
  (table) => [
    index('operator_fees_miner_starts_idx').on(table.minerId, table.startsOn, table.createdAt),
    check('operator_fees_percent_check', sql`${table.percentBp} between 0 and 10000`),
  ],
);

/** Spec 3 "Reward rate": millisatoshis per TH/s per day, in force from `effective_from`. */
export const rewardRates = app.table(
  'reward_rates',
  {
    id: uuid().primaryKey().defaultRandom(),
    rateMsat: sats().notNull(),
    source: text().$type<RewardRateSource>().notNull(),
    effectiveFrom: at().notNull(),
    setBy: uuid(),
    createdAt: at().notNull().defaultNow(),
  },
  (table) => [
    index('reward_rates_effective_idx').on(table.effectiveFrom, table.createdAt),
    check('reward_rates_rate_check', sql`${table.rateMsat} > 0`),
    check('reward_rates_source_check', sql`${table.source} in ('manual', 'network')`),
  ],
);

export const jobRunStatuses = ['running', 'done'] as const;
export type JobRunStatus = (typeof jobRunStatuses)[number];

/**
 * Scheduled work, one row per (job, day): the primary key is the claim. A `running` row whose
 * heartbeat is old belongs to a process that died; another may take it over.
 */
export const jobRuns = app.table(
  'job_runs',
  {
    job: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    status: text().$type<JobRunStatus>().notNull(),
    claimedBy: text().notNull(),
    startedAt: at().notNull().defaultNow(),
    heartbeatAt: at().notNull().defaultNow(),
    finishedAt: at(),
    result: jsonb().$type<Record<string, unknown>>(),
  },
  (table) => [
    primaryKey({ name: 'job_runs_pkey', columns: [table.job, table.day] }),
    check('job_runs_status_check', sql`${table.status} in ('running', 'done')`),
  ],
);

/** What the server's exchange-rate proxy saw; the mining report averages a month of them. */
export const exchangeRateSamples = app.table(
  'exchange_rate_samples',
  {
    symbol: text().notNull(),
    price: numeric().notNull(),
    fetchedAt: at().notNull(),
  },
  (table) => [
    primaryKey({ name: 'exchange_rate_samples_pkey', columns: [table.symbol, table.fetchedAt] }),
    check('exchange_rate_samples_price_check', sql`${table.price} > 0`),
  ],
);

export const promoCodeStatuses = ['active', 'inactive'] as const;
export const promoCodeTypes = ['welcome', 'loyalty', 'universal'] as const;
export const promoFeeTypes = ['absolute', 'relative'] as const;

/**
 * Spec 3 "Promo code": fee_bp is the final fee (absolute) or the discount off the fee (relative),
 * in basis points; duration_days null is perpetual; allowed_emails empty lets anyone apply it.
 */
export const promoCodes = app.table(
  'promo_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    poolId: uuid()
      .notNull()
      .references(() => pools.id),
    code: text().notNull(),
    description: text(),
    status: text().$type<(typeof promoCodeStatuses)[number]>().notNull(),
    type: text().$type<(typeof promoCodeTypes)[number]>().notNull(),
    feeType: text().$type<(typeof promoFeeTypes)[number]>().notNull(),
    feeBp: integer().notNull(),
    effectiveFrom: at().notNull(),
    effectiveTo: at(),
    usageLimit: integer(),
    userUsageLimit: integer(),
    allowedEmails: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    durationDays: integer(),
    createdBy: uuid(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('promo_codes_code_key').on(sql`lower(${table.code})`),
    index('promo_codes_created_idx').on(table.createdAt),
    check('promo_codes_status_check', sql`${table.status} in ('active', 'inactive')`),
    check('promo_codes_type_check', sql`${table.type} in ('welcome', 'loyalty', 'universal')`),
    check('promo_codes_fee_type_check', sql`${table.feeType} in ('absolute', 'relative')`),
    check('promo_codes_fee_check', sql`${table.feeBp} between 0 and 10000`),
    check(
      'promo_codes_limits_check',
      sql`(${table.usageLimit} is null or ${table.usageLimit} > 0) and (${table.userUsageLimit} is null or ${table.userUsageLimit} > 0)
        and (${table.durationDays} is null or ${table.durationDays} > 0)
        and (${table.effectiveTo} is null or ${table.effectiveTo} > ${table.effectiveFrom})`,
    ),
  ],
);

/** A promo code applied to a miner: it lowers the fee of the days from `starts_on` to before `ends_on`. */
export const promoCodeUses = app.table(
  'promo_code_uses',
  {
    id: uuid().primaryKey().defaultRandom(),
    promoCodeId: uuid()
      .notNull()
      .references(() => promoCodes.id),
    minerId: uuid()
      .notNull()
      .references(() => miners.id),
    appliedBy: uuid(),
    startsOn: date({ mode: 'string' }).notNull(),
    endsOn: date({ mode: 'string' }),
    createdAt: at().notNull().defaultNow(),
  },
  (table) => [
    index('promo_code_uses_miner_idx').on(table.minerId, table.startsOn),
    index('promo_code_uses_code_idx').on(table.promoCodeId),
    check('promo_code_uses_days_check', sql`${table.endsOn} is null or ${table.endsOn} > ${table.startsOn}`),
  ],
);

/** A miner's referral code (spec 2 /referrals); deleted codes keep their row for the referrals made. */
export const referrerCodes = app.table(
  'referrer_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    minerId: uuid()
      .notNull()
      .references(() => miners.id),
    code: text().notNull(),
    createdAt: at().notNull().defaultNow(),
    deletedAt: at(),
  },
  (table) => [
    uniqueIndex('referrer_codes_code_key').on(table.code),
    index('referrer_codes_miner_idx').on(table.minerId),
  ],
);

/**
 * A miner who signed up through a referral code: its referrer gets `percent_bp` of the pool's fee
 * collected from it for the days from `starts_on` to before `ends_on` (the pool's settings then).
 */
export const referrals = app.table(
  'referrals',
  {
    referredMinerId: uuid()
      .primaryKey()
      .references(() => miners.id),
    referrerCodeId: uuid()
      .notNull()
      .references(() => referrerCodes.id),
    referrerMinerId: uuid()
      .notNull()
      .references(() => miners.id),
    percentBp: integer().notNull(),
    startsOn: date({ mode: 'string' }).notNull(),
    endsOn: date({ mode: 'string' }).notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (table) => [
    index('referrals_referrer_idx').on(table.referrerMinerId),
    check('referrals_percent_check', sql`${table.percentBp} between 0 and 10000`),
    check('referrals_not_self_check', sql`${table.referredMinerId} <> ${table.referrerMinerId}`),
    check('referrals_days_check', sql`${table.endsOn} > ${table.startsOn}`),
  ],
);

/**
 * Spec 3 "Profit split": `percent_bp` of the donor's net goes to the recipient on the days from
 * `starts_on` (a 00:00 UTC) to before `ends_on`; a change ends the row and starts another.
 */
export const profitSplits = app.table(
  'profit_splits',
  {
    id: uuid().primaryKey().defaultRandom(),
    donorMinerId: uuid()
      .notNull()
      .references(() => miners.id),
    recipientMinerId: uuid()
      .notNull()
      .references(() => miners.id),
    percentBp: integer().notNull(),
    startsOn: date({ mode: 'string' }).notNull(),
    endsOn: date({ mode: 'string' }),
    createdBy: uuid(),
    createdAt: at().notNull().defaultNow(),
  },
  (table) => [
    index('profit_splits_donor_idx').on(table.donorMinerId, table.startsOn),
    check('profit_splits_percent_check', sql`${table.percentBp} between 1 and 10000`),
    check('profit_splits_not_self_check', sql`${table.donorMinerId} <> ${table.recipientMinerId}`),
    check('profit_splits_days_check', sql`${table.endsOn} is null or ${table.endsOn} >= ${table.startsOn}`),
  ],
);

export const moneySchema = {
  ledgerAccounts,
  ledgerTransfers,
  ledgerEntries,
  rewardBreakdowns,
  unallocatedHashrate1d,
  unallocatedFunds,
  fees,
  operatorFees,
  rewardRates,
  jobRuns,
  exchangeRateSamples,
  promoCodes,
  promoCodeUses,
  referrerCodes,
  referrals,
  profitSplits,
};
