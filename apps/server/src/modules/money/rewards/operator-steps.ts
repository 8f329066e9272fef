import type { Query } from '../../mining/sql.ts';
import { promoFeeStep } from './sharing-steps.ts';
import type { FeeStep } from './steps.ts';

/**
 * Issue 16's step of the reward run: a customer of an operator pays the fee its operator set for
 * it; of that fee the pool keeps its own fee for the customer (the pool's fee in force, after any
 * promo code), and the operator earns the difference. A customer with no operator fee in force pays
 * the pool's fee, all of it to the pool.
 */

export interface OperatorFeeInForce {
  operatorId: string;
  percentBp: number;
}

/** Each customer's operator fee in force on the day (latest start on or before it; latest written wins a tie). */
export async function operatorFeesInForceIn(
  query: Query,
  minerIds: string[],
  day: string,
): Promise<Map<string, OperatorFeeInForce>> {
  if (minerIds.length === 0) return new Map();
  const rows = await query<{ miner_id: string; operator_id: string; percent_bp: number }>(
    `select distinct on (f.miner_id) f.miner_id, f.operator_id, f.percent_bp from app.operator_fees f
     join app.miners m on m.id = f.miner_id and m.operator_id = f.operator_id
     where f.miner_id = any($1::uuid[]) and f.starts_on <= $2::date
     order by f.miner_id, f.starts_on desc, f.created_at desc, f.id desc`,
    [minerIds, day],
  );
  return new Map(rows.map((row) => [row.miner_id, { operatorId: row.operator_id, percentBp: Number(row.percent_bp) }]));
}

/**
 * Splits a customer's fee: the pool keeps at most its own fee, the operator gets the rest. When the
 * operator charges less than the pool's fee, the pool keeps the whole (lower) fee and the operator
 * earns nothing: the customer never pays more than its operator's fee, and nobody's balance goes
 * below zero for it.
 */
export function splitCustomerFee(
  gross: bigint,
  customerFeeBp: number,
  poolFee: bigint,
): { fee: bigint; poolPart: bigint; operatorShare: bigint } {
  const fee = (gross * BigInt(customerFeeBp)) / 10_000n;
  const poolPart = poolFee < fee ? poolFee : fee;
  return { fee, poolPart, operatorShare: fee - poolPart };
}

/** Wraps the pool's fee step (promo codes included) with the operator fee of each customer. */
export function operatorFeeStep(base: FeeStep = promoFeeStep()): FeeStep {
  return async (chunk) => {
    const customers = chunk.miners.filter((miner) => miner.operatorId !== null).map((miner) => miner.id);
    // One after the other: both read on the run's one transaction, whose client takes one query at a time.
    const feeOf = await base(chunk);
    const operatorFees = await operatorFeesInForceIn(chunk.query, customers, chunk.day);
    return (miner, gross) => {
      const pool = feeOf(miner, gross);
      const own = operatorFees.get(miner.id);
      if (!own || miner.operatorId !== own.operatorId) return pool;
      const split = splitCustomerFee(gross, own.percentBp, pool.fee);
      const poolAccount = { kind: 'pool', ownerId: chunk.poolId } as const;
      const operatorAccount = { kind: 'operator', ownerId: own.operatorId } as const;
      return {
        feeBp: own.percentBp,
        fee: split.fee,
        legs: [
          ...(split.poolPart > 0n ? [{ account: poolAccount, amount: split.poolPart, type: 'reward' as const }] : []),
          ...(split.operatorShare > 0n
            ? [{ account: operatorAccount, amount: split.operatorShare, type: 'reward' as const }]
            : []),
        ],
        // The promo code lowered what the pool charges the operator, not the customer's fee.
        operator: { operatorId: own.operatorId, share: split.operatorShare, poolFeeBp: pool.feeBp },
      };
    };
  };
}
