import type { FeeLevel } from '@pool/contract/payout-codes';
import type { Query } from '../../mining/sql.ts';
import { millisOf } from '../../mining/sql.ts';
import type { ScheduledAt } from './next-run.ts';

export interface ScheduleRow {
  id: string;
  date: string;
  time: string;
  feeLevel: FeeLevel;
  /** sat/vB as stored (numeric, 3 decimals); null: the level's estimate. */
  feePerVbyte: string | null;
  processedAt: number | null;
  batchId: string | null;
}

interface RawSchedule extends Record<string, unknown> {
  id: string;
  date: string;
  time: string;
  fee_level: FeeLevel;
  fee_per_vbyte: string | null;
  processed_at: unknown;
  batch_id: string | null;
}

const columns = `id, date::text as date, time, fee_level, fee_per_vbyte::text as fee_per_vbyte, processed_at, batch_id`;

const rowOf = (raw: RawSchedule): ScheduleRow => ({
  id: raw.id,
  date: raw.date,
  time: raw.time,
  feeLevel: raw.fee_level,
  feePerVbyte: raw.fee_per_vbyte,
  processedAt: millisOf(raw.processed_at),
  batchId: raw.batch_id,
});

/** The payout schedules of a pool (spec 3 "Payout schedule"); the unprocessed row is the current one. */
export function scheduleRepository(query: Query, poolId: string) {
  return {
    /** The current schedule, locked for this transaction when `lock`. */
    async current(lock = false): Promise<ScheduleRow | undefined> {
      const [row] = await query<RawSchedule>(
        `select ${columns} from app.payout_schedules where pool_id = $1 and processed_at is null${lock ? ' for update' : ''}`,
        [poolId],
      );
      return row && rowOf(row);
    },

    /** Opens a current schedule unless one exists (a unique index keeps one per pool). */
    async open(at: ScheduledAt, feeLevel: FeeLevel): Promise<void> {
      await query(
        `insert into app.payout_schedules (pool_id, date, time, fee_level) values ($1, $2::date, $3, $4)
         on conflict (pool_id) where processed_at is null do nothing`,
        [poolId, at.date, at.time, feeLevel],
      );
    },

    async update(
      id: string,
      change: { at: ScheduledAt; feeLevel: FeeLevel; feePerVbyte: string | null; by: string | null },
    ): Promise<ScheduleRow | undefined> {
      const [row] = await query<RawSchedule>(
        `update app.payout_schedules
         set date = $2::date, time = $3, fee_level = $4, fee_per_vbyte = $5::numeric, updated_by = $6, updated_at = now()
         where id = $1 and processed_at is null returning ${columns}`,
        [id, change.at.date, change.at.time, change.feeLevel, change.feePerVbyte, change.by],
      );
      return row && rowOf(row);
    },

    /** Marks the schedule processed; answers false when another process did first. */
    async markProcessed(id: string, at: Date, batchId: string | null): Promise<boolean> {
      const rows = await query(
        `update app.payout_schedules set processed_at = $2, batch_id = $3, updated_at = now()
         where id = $1 and processed_at is null returning id`,
        [id, at, batchId],
      );
      return rows.length > 0;
    },

    /** Processed schedules, newest first. */
    async past(limit: number): Promise<ScheduleRow[]> {
      const rows = await query<RawSchedule>(
        `select ${columns} from app.payout_schedules where pool_id = $1 and processed_at is not null
         order by date desc, time desc, processed_at desc limit $2`,
        [poolId, limit],
      );
      return rows.map(rowOf);
    },
  };
}
