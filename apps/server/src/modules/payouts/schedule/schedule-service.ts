import type { Database } from '@pool/db/database';
import type { FieldError } from '@pool/contract/errors';
import type { BitcoinNetwork, PayoutMode } from '@pool/contract/payout-codes';
import type { PayoutSchedule, PayoutSchedules, SetPayoutScheduleBody } from '@pool/contract/payouts';
import { HttpError } from '../../../http/errors.ts';
import { transaction, type Query } from '../../mining/sql.ts';
import { defaultBatchTime, momentOf, nextOccurrence } from './next-run.ts';
import { scheduleRepository, type ScheduleRow } from './schedule-repository.ts';

/** How many processed schedules the desk lists. */
const pastShown = 30;

const inThePast: FieldError = { field: 'date', text: 'date in the past' };
const feeTooLow: FieldError = { field: 'fee_per_vbyte', text: 'minimum threshold' };

export function scheduleView(row: ScheduleRow): PayoutSchedule {
  return {
    id: row.id,
    date: row.date,
    time: row.time,
    fee_level: row.feeLevel,
    fee_per_vbyte: row.feePerVbyte === null ? null : Number(row.feePerVbyte),
    processed: row.processedAt !== null,
    processed_at: row.processedAt === null ? null : new Date(row.processedAt).toISOString(),
    batch_id: row.batchId,
  };
}

/**
 * The current schedule, opened when there is none: the next 15:00 UTC at the MEDIUM level. Once
 * one is processed the batch run opens the next day's itself, so this only serves a new pool.
 */
export async function currentSchedule(query: Query, poolId: string, now: number, lock = false): Promise<ScheduleRow> {
  const schedules = scheduleRepository(query, poolId);
  const found = await schedules.current(lock);
  if (found) return found;
  await schedules.open(nextOccurrence(defaultBatchTime, now), 'MEDIUM');
  const opened = await schedules.current(lock);
  if (!opened) throw new Error('no current payout schedule after opening one');
  return opened;
}

/** The fee per vbyte as stored (3 decimals); what rounds to nothing is refused like a fee of 0. */
function storedFee(fee: number): string {
  const text = fee.toFixed(3);
  if (!(Number(text) > 0)) throw new HttpError('validation_failed', { fields: [feeTooLow] });
  return text;
}

export interface ScheduleServiceOptions {
  database: Database;
  poolId: string;
  mode: PayoutMode;
  network: BitcoinNetwork;
  clock: () => number;
}

/** Spec 3 "Payout schedule": when the next batch goes out, at what fee, and the ones before. */
export function scheduleService({ database, poolId, mode, network, clock }: ScheduleServiceOptions) {
  return {
    async schedules(): Promise<PayoutSchedules> {
      return transaction(database, async (query) => {
        const current = await currentSchedule(query, poolId, clock());
        const past = await scheduleRepository(query, poolId).past(pastShown);
        return { current: scheduleView(current), past: past.map(scheduleView), mode, network };
      });
    },

    /**
     * Sets the current schedule's day, time and fee (a critical change). A moment that has passed
     * is refused: the batch would go out at the next tick, which is not what was typed. Without
     * `fee_per_vbyte` in the body the one set stays.
     */
    async set(body: SetPayoutScheduleBody, by: string | null): Promise<PayoutSchedule> {
      const at = { date: body.date, time: body.time };
      if (!(momentOf(at) > clock())) throw new HttpError('validation_failed', { fields: [inThePast] });
      const fee =
        body.fee_per_vbyte === undefined || body.fee_per_vbyte === null
          ? body.fee_per_vbyte
          : storedFee(body.fee_per_vbyte);
      return transaction(database, async (query) => {
        const current = await currentSchedule(query, poolId, clock(), true);
        const updated = await scheduleRepository(query, poolId).update(current.id, {
          at,
          feeLevel: body.fee_level,
          feePerVbyte: fee === undefined ? current.feePerVbyte : fee,
          by,
        });
        if (!updated) throw new HttpError('payout_already_processed');
        return scheduleView(updated);
      });
    },

    /** Back to the fee level's estimate (a critical change). */
    async clearFeePerVbyte(by: string | null): Promise<PayoutSchedule> {
      return transaction(database, async (query) => {
        const current = await currentSchedule(query, poolId, clock(), true);
        const updated = await scheduleRepository(query, poolId).update(current.id, {
          at: current,
          feeLevel: current.feeLevel,
          feePerVbyte: null,
          by,
        });
        if (!updated) throw new HttpError('payout_already_processed');
        return scheduleView(updated);
      });
    },
  };
}
