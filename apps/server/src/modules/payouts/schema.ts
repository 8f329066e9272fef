import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, numeric, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BlockchainRequestStatus, FeeLevel, PayoutMode } from '@pool/contract/payout-codes';
import { app, miners, pools } from '../../db/schema.ts';
import { ledgerTransfers } from '../money/schema.ts';

const at = () => timestamp({ withTimezone: true });
const sats = () => bigint({ mode: 'bigint' });

/**
 * A miner's payout wallet (spec 3 "Miner info": the first is used). `min_payment` null means the
 * pool's minimum (`pools.settings.min_payout_satoshis`, 100,000 sat when unset, never shown), which
 * is also a floor under a stored one: the minimum in force is greatest(coalesce(min_payment, pool),
 * pool). `max_payment` 0 lifts the limit (spec 5). Any change of address or threshold sets
 * `payouts_stopped_until` a day ahead (spec 4); setting the value stored already is no change.
 */
export const wallets = app.table(
  'wallets',
  {
    id: uuid().primaryKey().defaultRandom(),
    minerId: uuid()
      .notNull()
      .references(() => miners.id),
    currency: text().notNull().default('BTC'),
    address: text(),
    minPayment: sats(),
    maxPayment: sats()
      .notNull()
      .default(sql`0`),
    payoutsStoppedUntil: at(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('wallets_miner_currency_key').on(table.minerId, table.currency),
    check('wallets_currency_check', sql`${table.currency} = 'BTC'`),
    check('wallets_min_payment_check', sql`${table.minPayment} is null or ${table.minPayment} >= 0`),
    check('wallets_max_payment_check', sql`${table.maxPayment} >= 0`),
  ],
);

/** Every change of a wallet, kept for the miner's history and for audits (who, what, when, from where). */
export const walletChanges = app.table(
  'wallet_changes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    walletId: uuid()
      .notNull()
      .references(() => wallets.id),
    field: text().$type<'address' | 'min_payment' | 'max_payment'>().notNull(),
    value: text().notNull(),
    /** The identity that made it. */
    changedBy: uuid(),
    changedByEmail: text(),
    ipAddress: text(),
    createdAt: at().notNull().defaultNow(),
  },
  (table) => [
    index('wallet_changes_wallet_idx').on(table.walletId, table.field, table.createdAt),
    check('wallet_changes_field_check', sql`${table.field} in ('address', 'min_payment', 'max_payment')`),
  ],
);

/**
 * Spec 3 "Payout schedule": when the next batch goes out and at what fee. The unprocessed row is
 * the current one; at its time every `created` request goes out as one batch and it is processed.
 */
export const payoutSchedules = app.table(
  'payout_schedules',
  {
    id: uuid().primaryKey().defaultRandom(),
    poolId: uuid()
      .notNull()
      .references(() => pools.id),
    date: date({ mode: 'string' }).notNull(),
    /** `HH:MM` UTC. */
    time: text().notNull(),
    feeLevel: text().$type<FeeLevel>().notNull(),
    /** sat/vB; null: the level's estimate. */
    feePerVbyte: numeric({ precision: 10, scale: 3 }),
    processedAt: at(),
    batchId: uuid(),
    updatedBy: uuid(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payout_schedules_current_key')
      .on(table.poolId)
      .where(sql`${table.processedAt} is null`),
    check('payout_schedules_fee_level_check', sql`${table.feeLevel} in ('LOW', 'MEDIUM', 'HIGH')`),
    check('payout_schedules_time_check', sql`${table.time} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('payout_schedules_fee_check', sql`${table.feePerVbyte} is null or ${table.feePerVbyte} > 0`),
  ],
);

/** The requests one schedule sent together: one transaction on the chain. */
export const payoutBatches = app.table(
  'payout_batches',
  {
    id: uuid().primaryKey().defaultRandom(),
    poolId: uuid()
      .notNull()
      .references(() => pools.id),
    scheduleId: uuid().references(() => payoutSchedules.id),
    status: text().$type<'created' | 'sent' | 'completed' | 'failed'>().notNull().default('created'),
    mode: text().$type<PayoutMode>().notNull(),
    feeLevel: text().$type<FeeLevel>().notNull(),
    feePerVbyte: numeric({ precision: 10, scale: 3 }),
    txid: text(),
    count: integer().notNull(),
    total: sats().notNull(),
    failure: text(),
    createdAt: at().notNull().defaultNow(),
    sentAt: at(),
    completedAt: at(),
  },
  (table) => [
    uniqueIndex('payout_batches_schedule_key')
      .on(table.scheduleId)
      .where(sql`${table.scheduleId} is not null`),
    uniqueIndex('payout_batches_txid_key')
      .on(table.txid)
      .where(sql`${table.txid} is not null`),
    check('payout_batches_status_check', sql`${table.status} in ('created', 'sent', 'completed', 'failed')`),
    check('payout_batches_mode_check', sql`${table.mode} in ('bitcoin-core', 'manual')`),
  ],
);

/**
 * One miner's payout on its way to the chain (spec 3 "Blockchain request status"). Its payment is
 * the pending ledger transfer that reserved the amount (miner -> payouts in flight). The unique
 * (miner, day) is the database's own guard against a second 14:00 payout on a day.
 */
export const payoutRequests = app.table(
  'payout_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    transferId: uuid()
      .notNull()
      .references(() => ledgerTransfers.id),
    minerId: uuid()
      .notNull()
      .references(() => miners.id),
    walletId: uuid()
      .notNull()
      .references(() => wallets.id),
    day: date({ mode: 'string' }).notNull(),
    address: text().notNull(),
    amount: sats().notNull(),
    status: text().$type<BlockchainRequestStatus>().notNull().default('created'),
    batchId: uuid().references(() => payoutBatches.id),
    txid: text(),
    confirmations: integer().notNull().default(0),
    failure: text(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payout_requests_miner_day_key').on(table.minerId, table.day),
    uniqueIndex('payout_requests_transfer_key').on(table.transferId),
    index('payout_requests_status_idx').on(table.status, table.createdAt),
    index('payout_requests_batch_idx').on(table.batchId),
    index('payout_requests_txid_idx').on(table.txid),
    check('payout_requests_amount_check', sql`${table.amount} > 0`),
    check(
      'payout_requests_status_check',
      sql`${table.status} in ('created', 'sent', 'completed', 'canceled', 'failed')`,
    ),
  ],
);

export const payoutsSchema = { wallets, walletChanges, payoutSchedules, payoutBatches, payoutRequests };
