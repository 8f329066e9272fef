import { z } from 'zod';
import { Day, Satoshis } from './money.ts';
import {
  bitcoinNetworks,
  blockchainRequestStatuses,
  feeLevels,
  maxSupplySatoshis,
  payoutModes,
  txidPattern,
} from './payout-codes.ts';

export * from './payout-codes.ts';

export const BlockchainRequestStatus = z.enum(blockchainRequestStatuses);
export const FeeLevel = z.enum(feeLevels);
export const BitcoinNetwork = z.enum(bitcoinNetworks);
export const PayoutMode = z.enum(payoutModes);

/** An amount typed by a person: whole satoshis, never negative, never above the supply. */
export const SatoshiAmount = z
  .number('invalid input')
  .int('invalid input')
  .min(0, 'minimum threshold')
  .max(maxSupplySatoshis, 'maximum threshold');

export const Txid = z.string().trim().toLowerCase().regex(txidPattern, 'match invalid');

/**
 * A miner's payout wallet (spec 3 "Miner info": the first is used). `payouts_stopped_until` is set
 * for a day after any change of address or threshold (spec 4); null when payouts run.
 */
export const Wallet = z.object({
  id: z.uuid(),
  currency: z.literal('BTC'),
  address: z.string().nullable(),
  min_payment: Satoshis,
  /** 0: no limit (spec 5). */
  max_payment: Satoshis,
  payouts_stopped_until: z.iso.datetime().nullable(),
});
export type Wallet = z.infer<typeof Wallet>;

/** `GET miners/{id}`: the miner and its wallets. */
export const MinerWallets = z.object({ wallets: z.array(Wallet) });

/** `GET wallets/{wallet_id}/addresses`: the address in force and its history, newest first. */
export const WalletAddress = z.object({
  address: z.string(),
  created_at: z.iso.datetime(),
  set_by: z.string().nullable(),
});
export const WalletAddresses = z.object({
  items: z.array(WalletAddress),
  current: z.string().nullable(),
  payouts_stopped_until: z.iso.datetime().nullable(),
});
export type WalletAddresses = z.infer<typeof WalletAddresses>;

/**
 * `POST wallets/{wallet_id}/addresses` (critical change). An address of another network or a
 * mistyped one answers the field error 'crypto address invalid for a currency and network'.
 */
export const SetWalletAddressBody = z.object({
  address: z.string().trim().min(1, 'Should not be blank').max(100, 'length out of range'),
});

/**
 * `GET wallets/{wallet_id}/min-payments` and `max-payments`. The pool's minimum is a setting that is
 * never shown (spec 5); below it the field error is 'minimum threshold'.
 */
export const PaymentThreshold = z.object({
  amount: Satoshis,
  payouts_stopped_until: z.iso.datetime().nullable(),
});
export type PaymentThreshold = z.infer<typeof PaymentThreshold>;

/** `POST wallets/{wallet_id}/min-payments` and `max-payments` (critical changes); a maximum of 0 lifts the limit. */
export const SetPaymentThresholdBody = z.object({ amount: SatoshiAmount });

/** Spec 3 "Payout schedule": when the next batch goes out and at what fee. */
export const PayoutSchedule = z.object({
  id: z.uuid(),
  date: Day,
  /** `HH:MM`, UTC. */
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  fee_level: FeeLevel,
  /** sat/vB set by the platform; null: the level's estimate. */
  fee_per_vbyte: z.number().nullable(),
  processed: z.boolean(),
  processed_at: z.iso.datetime().nullable(),
  /** The batch this schedule sent; null until processed. */
  batch_id: z.uuid().nullable(),
});
export type PayoutSchedule = z.infer<typeof PayoutSchedule>;

/** `GET platform/payouts/schedule`: the current (next unprocessed) schedule, and the past ones newest first. */
export const PayoutSchedules = z.object({
  current: PayoutSchedule.nullable(),
  past: z.array(PayoutSchedule),
  mode: PayoutMode,
  network: BitcoinNetwork,
});
export type PayoutSchedules = z.infer<typeof PayoutSchedules>;

/** `PUT platform/payouts/schedule/current` (critical change). */
export const SetPayoutScheduleBody = z.object({
  date: Day,
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'match invalid'),
  fee_level: FeeLevel,
  fee_per_vbyte: z
    .number('invalid input')
    .positive('minimum threshold')
    .max(10_000, 'maximum threshold')
    .nullable()
    .optional(),
});
export type SetPayoutScheduleBody = z.infer<typeof SetPayoutScheduleBody>;

/** One miner's payout on its way to the chain (spec 3 "Blockchain request status"). */
export const BlockchainRequest = z.object({
  id: z.uuid(),
  payment_id: z.uuid(),
  miner_id: z.uuid(),
  account_name: z.string(),
  address: z.string(),
  amount: Satoshis,
  status: BlockchainRequestStatus,
  /** The settlement of the 14:00 run that made it. */
  day: Day,
  batch_id: z.uuid().nullable(),
  txid: z.string().nullable(),
  confirmations: z.number().int().nonnegative(),
  failure: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type BlockchainRequest = z.infer<typeof BlockchainRequest>;

const repeatedStatus = z
  .union([BlockchainRequestStatus, z.array(BlockchainRequestStatus)])
  .transform((value) => (Array.isArray(value) ? value : [value]));

/** `GET platform/payouts/blockchain-requests`: paged, filtered by status, searched by account name or txid. */
export const BlockchainRequestsQuery = z.object({
  status: repeatedStatus.optional(),
  search: z.string().trim().max(100, 'length out of range').optional(),
  batch_id: z.uuid().optional(),
  page: z.coerce.number().int().min(1, 'minimum threshold').max(100_000, 'maximum threshold').default(1),
  per_page: z.coerce.number().int().min(1, 'minimum threshold').max(100, 'maximum threshold').default(20),
});
export type BlockchainRequestsQuery = z.infer<typeof BlockchainRequestsQuery>;

export const BlockchainRequestsPage = z.object({
  items: z.array(BlockchainRequest),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  per_page: z.number().int().min(1),
});
export type BlockchainRequestsPage = z.infer<typeof BlockchainRequestsPage>;

/**
 * The requests a schedule sent out together: one transaction. In manual mode a treasurer downloads
 * it (`GET platform/payouts/batches/{id}/export`, CSV of address and amount), sends it from the
 * pool's wallet, and records the txid and then the completion.
 */
export const PayoutBatch = z.object({
  id: z.uuid(),
  schedule_id: z.uuid().nullable(),
  status: z.enum(['created', 'sent', 'completed', 'failed']),
  mode: PayoutMode,
  fee_level: FeeLevel,
  fee_per_vbyte: z.number().nullable(),
  txid: z.string().nullable(),
  count: z.number().int().nonnegative(),
  total: Satoshis,
  created_at: z.iso.datetime(),
  sent_at: z.iso.datetime().nullable(),
  completed_at: z.iso.datetime().nullable(),
  failure: z.string().nullable(),
});
export type PayoutBatch = z.infer<typeof PayoutBatch>;

export const PayoutBatches = z.object({ items: z.array(PayoutBatch) });

/** `POST platform/payouts/batches/{id}/txid` (manual mode, critical change): the batch is `sent`. */
export const RecordTxidBody = z.object({ txid: Txid });

/**
 * `POST platform/payouts/batches/{id}/fail` (manual mode, critical change): the transaction was
 * refused or never sent; its requests are `failed`, their money still reserved until a resend or a
 * reverse. `POST .../complete` marks a sent batch confirmed.
 */
export const FailBatchBody = z.object({
  reason: z.string().trim().min(1, 'Should not be blank').max(500, 'length out of range'),
});

/** `POST platform/payouts/runs`: the 14:00 withdrawal for one day, now (platform admins, critical). */
export const RunPayoutsBody = z.object({ day: Day });
export const PayoutRunResult = z.object({
  day: Day,
  paid: z.number().int().nonnegative(),
  total: Satoshis,
});
export type PayoutRunResult = z.infer<typeof PayoutRunResult>;
