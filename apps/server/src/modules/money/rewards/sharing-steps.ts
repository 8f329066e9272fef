import { poolFeeStep, type FeeShareStep, type FeeStep, type SplitStep } from './steps.ts';
import { promosInForceIn, referralsInForceIn, splitsInForceIn } from './sharing-terms.ts';

/**
 * Issue 15's steps of the reward run: the promo code in force lowers the fee, the referrer's share
 * comes out of the pool's fee, and profit splits divide the donor's net.
 */

/** The fee after a promo code: absolute is the final fee (never above the fee before), relative a discount. */
export function feeAfterPromo(
  gross: bigint,
  before: { feeBp: number; fee: bigint },
  promo: { feeType: 'absolute' | 'relative'; feeBp: number },
): { feeBp: number; fee: bigint } {
  if (promo.feeType === 'absolute') {
    if (promo.feeBp >= before.feeBp) return before;
    return { feeBp: promo.feeBp, fee: (gross * BigInt(promo.feeBp)) / 10_000n };
  }
  const fee = before.fee - (before.fee * BigInt(promo.feeBp)) / 10_000n;
  return { feeBp: Math.round((before.feeBp * (10_000 - promo.feeBp)) / 10_000), fee };
}

/** Wraps a fee step (the pool's by default) with the promo code in force for the miner on the day. */
export function promoFeeStep(base: FeeStep = poolFeeStep): FeeStep {
  return async (chunk) => {
    // One after the other: both read on the run's one transaction, whose client takes one query at a time.
    const feeOf = await base(chunk);
    const promos = await promosInForceIn(
      chunk.query,
      chunk.miners.map((miner) => miner.id),
      chunk.day,
    );
    return (miner, gross) => {
      const before = feeOf(miner, gross);
      const promo = promos.get(miner.id);
      if (!promo) return before;
      const after = feeAfterPromo(gross, before, promo);
      if (after.fee === before.fee && after.feeBp === before.feeBp) return before;
      const poolAccount = { kind: 'pool', ownerId: chunk.poolId } as const;
      return {
        feeBp: after.feeBp,
        fee: after.fee,
        legs: after.fee > 0n ? [{ account: poolAccount, amount: after.fee, type: 'reward' }] : [],
        promo: { codeId: promo.codeId, code: promo.code, feeBpBefore: before.feeBp, feeBefore: before.fee },
      };
    };
  };
}

/**
 * Spec 3 "Sharing type" referral: the referrer of a referred miner receives its percent of the
 * pool's fee collected from that miner, for the days of the referral.
 */
export const referralStep: FeeShareStep = async ({ query, day, poolId, miners }) => {
  const referrals = await referralsInForceIn(
    query,
    miners.map((miner) => miner.id),
    day,
  );
  return (miner, poolFee) => {
    const referral = referrals.get(miner.id);
    if (!referral || poolFee <= 0n) return [];
    const amount = (poolFee * BigInt(referral.percentBp)) / 10_000n;
    if (amount <= 0n) return [];
    return [
      {
        key: `referral:${day}:${miner.id}`,
        from: { kind: 'pool', ownerId: poolId },
        to: { kind: 'miner', ownerId: referral.referrerMinerId },
        amount,
        types: { from: 'profit_sharing', to: 'profit_sharing' },
        memo: {
          kind: 'referral',
          sharing_type: 'referral',
          day,
          referred_miner_id: miner.id,
          referrer_miner_id: referral.referrerMinerId,
          pool_fee: poolFee.toString(),
          percent_bp: referral.percentBp,
        },
      },
    ];
  };
};

/**
 * Spec 3 "Profit split": each recipient in force gets its percent of the donor's net (what the
 * contracts left of it); the percents of a donor total at most 100, and the moves never exceed it.
 */
export const profitSplitStep: SplitStep = async ({ query, day, miners }) => {
  const splits = await splitsInForceIn(
    query,
    miners.map((miner) => miner.id),
    day,
  );
  return (miner, available) => {
    let left = available;
    const moves = [];
    for (const split of splits.get(miner.id) ?? []) {
      let amount = (available * BigInt(split.percentBp)) / 10_000n;
      if (amount > left) amount = left;
      if (amount <= 0n) continue;
      left -= amount;
      moves.push({
        key: `split:${day}:${split.id}`,
        to: { kind: 'miner', ownerId: split.recipientMinerId } as const,
        amount,
        types: { from: 'profit_sharing', to: 'profit_sharing' } as const,
        memo: {
          kind: 'profit_split',
          sharing_type: 'profit_sharing',
          day,
          split_id: split.id,
          donor_miner_id: miner.id,
          recipient_miner_id: split.recipientMinerId,
          percent_bp: split.percentBp,
        },
      });
    }
    return moves;
  };
};
