import type { Database } from '@pool/db/database';
import type { RewardRateSource } from '@pool/contract/money-codes';
import type { Query } from '../../mining/sql.ts';
import { toBigInt } from '../ledger/ledger-repository.ts';

/**
 * The terms a reward is computed with: the reward rate in force at a time (spec 3 "Reward rate")
 * and a miner's fee in force on a day (spec 3 "Fee"), else the pool's default fee.
 */

export interface RewardRateRow {
  id: string;
  /** Millisatoshis per TH/s per day. */
  rateMsat: bigint;
  source: RewardRateSource;
  effectiveFrom: Date;
  setBy: string | null;
  createdAt: Date;
}

export interface FeeRow {
  id: string;
  minerId: string;
  /** Basis points: 0.9 % is 90. */
  percentBp: number;
  /** `YYYY-MM-DD`: in force from 00:00 UTC of this day. */
  startsOn: string;
  comment: string | null;
  createdBy: string | null;
  createdAt: Date;
}

/** A percent with at most two decimals, as basis points (0.9 -> 90). */
export const basisPointsOf = (percent: number): number => Math.round(percent * 100);
export const percentOf = (basisPoints: number): number => basisPoints / 100;

interface RateRecord extends Record<string, unknown> {
  id: string;
  rate_msat: unknown;
  source: RewardRateSource;
  effective_from: Date | string;
  set_by: string | null;
  created_at: Date | string;
}

const rateOf = (row: RateRecord): RewardRateRow => ({
  id: row.id,
  rateMsat: toBigInt(row.rate_msat),
  source: row.source,
  effectiveFrom: new Date(row.effective_from),
  setBy: row.set_by,
  createdAt: new Date(row.created_at),
});

interface FeeRecord extends Record<string, unknown> {
  id: string;
  miner_id: string;
  percent_bp: number;
  starts_on: string;
  comment: string | null;
  created_by: string | null;
  created_at: Date | string;
}

const feeOf = (row: FeeRecord): FeeRow => ({
  id: row.id,
  minerId: row.miner_id,
  percentBp: row.percent_bp,
  startsOn: row.starts_on,
  comment: row.comment,
  createdBy: row.created_by,
  createdAt: new Date(row.created_at),
});

const rateColumns = 'id, rate_msat::text as rate_msat, source, effective_from, set_by, created_at';
const feeColumns = 'id, miner_id, percent_bp, starts_on::text as starts_on, comment, created_by, created_at';

/** The pool's default fee in basis points: `settings.default_fee_percent`, 0 when unset. */
export async function defaultFeeBpIn(query: Query, poolId: string): Promise<number> {
  const [row] = await query<{ percent: string | number | null }>(
    `select settings->>'default_fee_percent' as percent from app.pools where id = $1`,
    [poolId],
  );
  const percent = Number(row?.percent ?? 0);
  return Number.isFinite(percent) && percent >= 0 && percent <= 100 ? basisPointsOf(percent) : 0;
}

/** Each miner's own fee in force on the day (latest start on or before it; the latest written wins a tie). */
export async function feesInForceIn(query: Query, minerIds: string[], day: string): Promise<Map<string, FeeRow>> {
  if (minerIds.length === 0) return new Map();
  const rows = await query<FeeRecord>(
    `select distinct on (miner_id) ${feeColumns} from app.fees
     where miner_id = any($1::uuid[]) and starts_on <= $2::date
     order by miner_id, starts_on desc, created_at desc, id desc`,
    [minerIds, day],
  );
  return new Map(rows.map((row) => [row.miner_id, feeOf(row)]));
}

export async function rateInForceIn(query: Query, at: Date): Promise<RewardRateRow | null> {
  const [row] = await query<RateRecord>(
    `select ${rateColumns} from app.reward_rates where effective_from <= $1
     order by effective_from desc, created_at desc, id desc limit 1`,
    [at.toISOString()],
  );
  return row ? rateOf(row) : null;
}

export function rewardTerms(database: Database) {
  const query: Query = (text, params) => database.query(text, params);
  return {
    /** The rate in force at a time: a day's run uses the rate at its 00:00 UTC. */
    rateInForce: (at: Date) => rateInForceIn(query, at),

    /** Every rate set, newest first. */
    async rateHistory(limit = 1000): Promise<RewardRateRow[]> {
      const rows = await query<RateRecord>(
        `select ${rateColumns} from app.reward_rates order by effective_from desc, created_at desc, id desc limit $1`,
        [limit],
      );
      return rows.map(rateOf);
    },

    /** The first time any rate is in force (days before it are never credited); null when none is set. */
    async firstRateAt(): Promise<Date | null> {
      const [row] = await query<{ at: Date | string | null }>('select min(effective_from) as at from app.reward_rates');
      return row?.at ? new Date(row.at) : null;
    },

    async setRate(rate: {
      rateMsat: bigint;
      source: RewardRateSource;
      effectiveFrom: Date;
      setBy: string | null;
    }): Promise<RewardRateRow> {
      const [row] = await query<RateRecord>(
        `insert into app.reward_rates (rate_msat, source, effective_from, set_by) values ($1::bigint, $2, $3, $4)
         returning ${rateColumns}`,
        [rate.rateMsat.toString(), rate.source, rate.effectiveFrom.toISOString(), rate.setBy],
      );
      if (!row) throw new Error('inserting a reward rate returned no row');
      return rateOf(row);
    },

    defaultFeeBp: (poolId: string) => defaultFeeBpIn(query, poolId),

    /** Sets the pool setting `default_fee_percent` (stored pool settings). */
    async setDefaultFeePercent(poolId: string, percent: number): Promise<void> {
      await query(
        `update app.pools set settings = jsonb_set(settings, '{default_fee_percent}', to_jsonb($2::numeric)) where id = $1`,
        [poolId, percent],
      );
    },

    /** The fee in force for the miner on the day: its own, or (`fee` null) the pool's default. */
    async feeInForce(minerId: string, day: string, poolId: string): Promise<{ percentBp: number; fee: FeeRow | null }> {
      const fee = (await feesInForceIn(query, [minerId], day)).get(minerId) ?? null;
      return { percentBp: fee ? fee.percentBp : await defaultFeeBpIn(query, poolId), fee };
    },

    /** Each miner's fee in force on the day, in basis points: its own, else the pool's default. */
    async feesBpInForce(minerIds: string[], day: string, poolId: string): Promise<Map<string, number>> {
      const own = await feesInForceIn(query, minerIds, day);
      const defaultBp = await defaultFeeBpIn(query, poolId);
      return new Map(minerIds.map((minerId) => [minerId, own.get(minerId)?.percentBp ?? defaultBp]));
    },

    /** The miner's fees, newest start first. */
    async fees(minerId: string): Promise<FeeRow[]> {
      const rows = await query<FeeRecord>(
        `select ${feeColumns} from app.fees where miner_id = $1 order by starts_on desc, created_at desc, id desc`,
        [minerId],
      );
      return rows.map(feeOf);
    },

    async addFee(fee: {
      minerId: string;
      percentBp: number;
      startsOn: string;
      comment: string | null;
      createdBy: string | null;
    }): Promise<FeeRow> {
      const [row] = await query<FeeRecord>(
        `insert into app.fees (miner_id, percent_bp, starts_on, comment, created_by) values ($1, $2, $3::date, $4, $5)
         returning ${feeColumns}`,
        [fee.minerId, fee.percentBp, fee.startsOn, fee.comment, fee.createdBy],
      );
      if (!row) throw new Error('inserting a fee returned no row');
      return feeOf(row);
    },
  };
}

export type RewardTerms = ReturnType<typeof rewardTerms>;
