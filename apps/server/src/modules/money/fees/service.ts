import type { CurrentFee, Fee, FeeList } from '@pool/contract/money';
import { dayMs, dayOf, startOf } from '../rewards/reward-run.ts';
import { basisPointsOf, percentOf, type FeeRow, type RewardTerms } from '../rewards/terms-repository.ts';
import { feeAfterPromo } from '../rewards/sharing-steps.ts';
import type { PromoInForce } from '../rewards/sharing-terms.ts';

/**
 * A miner's fees (spec 3 "Fee"): each ends where the next one starts (`end_date` exclusive, null
 * for the latest), `period` its length in days. A new fee starts at 00:00 UTC the next day.
 */
export function feesOf(rows: readonly FeeRow[]): Fee[] {
  // Newest start first; among fees of one start day the latest written is the one in force.
  return rows.map((row, index) => {
    const later = rows.slice(0, index).at(-1);
    const end = later?.startsOn ?? null;
    return {
      id: row.id,
      percent: percentOf(row.percentBp),
      start_date: row.startsOn,
      end_date: end,
      period: end === null ? null : Math.round((startOf(end) - startOf(row.startsOn)) / dayMs),
      comment: row.comment,
      created_at: row.createdAt.toISOString(),
    };
  });
}

export function feeService(
  terms: RewardTerms,
  poolId: string,
  clock: () => number,
  promoInForce: (minerId: string, day: string) => Promise<PromoInForce | null> = async () => null,
) {
  return {
    async current(minerId: string): Promise<CurrentFee> {
      const today = dayOf(clock());
      const [inForce, promo] = await Promise.all([
        terms.feeInForce(minerId, today, poolId),
        promoInForce(minerId, today),
      ]);
      const fee = inForce.fee
        ? (feesOf(await terms.fees(minerId)).find((entry) => entry.id === inForce.fee?.id) ?? null)
        : null;
      const current = { percent: percentOf(inForce.percentBp), start_date: inForce.fee?.startsOn ?? null, fee };
      if (!promo) return current;
      const after = feeAfterPromo(0n, { feeBp: inForce.percentBp, fee: 0n }, promo);
      if (after.feeBp === inForce.percentBp) return current;
      return {
        ...current,
        percent: percentOf(after.feeBp),
        promo: { code: promo.code, percent_before: percentOf(inForce.percentBp), ends_on: promo.endsOn },
      };
    },

    async list(minerId: string): Promise<FeeList> {
      return { items: feesOf(await terms.fees(minerId)), default_percent: percentOf(await terms.defaultFeeBp(poolId)) };
    },

    /** Sets the miner's fee from 00:00 UTC tomorrow. */
    async create(minerId: string, body: { percent: number; comment?: string }, by: string): Promise<Fee> {
      const startsOn = dayOf(startOf(dayOf(clock())) + dayMs);
      const row = await terms.addFee({
        minerId,
        percentBp: basisPointsOf(body.percent),
        startsOn,
        comment: body.comment ? body.comment : null,
        createdBy: by,
      });
      const fee = feesOf(await terms.fees(minerId)).find((entry) => entry.id === row.id);
      if (!fee) throw new Error('the fee just written was not found');
      return fee;
    },
  };
}
