import type { PaymentType } from '@pool/contract/money-codes';
import type { Query } from '../../mining/sql.ts';
import type { AccountRef, Leg } from '../ledger/ledger-repository.ts';
import { rewardReads, type ContractRow } from './reward-repository.ts';
import { defaultFeeBpIn, feesInForceIn } from './terms-repository.ts';

/**
 * The reward run's pluggable steps (architecture note, "Money"): a fee step takes the fee out of
 * the gross, split steps move parts of the net elsewhere. Later issues add steps (promo codes and
 * operator fees as fee steps, referrals out of the pool's fee, profit splits as split steps)
 * instead of rewriting the run. A step prepares once per chunk of miners, in the chunk's
 * transaction, and then answers per miner without touching the database.
 */

/** A miner credited for the day, with the day's average hashrate (H/s) from its 1-day bucket. */
export interface RewardMiner {
  id: string;
  accountName: string;
  operatorId: string | null;
  hashRate: number;
}

export interface ChunkContext {
  query: Query;
  /** `YYYY-MM-DD`, the settlement day. */
  day: string;
  /** The day's 00:00 UTC, epoch milliseconds. */
  dayStart: number;
  poolId: string;
  /** The rate in force at the day's start, millisatoshis per TH/s per day. */
  rateMsat: bigint;
  miners: readonly RewardMiner[];
}

export interface FeeOutcome {
  /** Basis points of the gross (0.9 % = 90), stored with the breakdown. */
  feeBp: number;
  fee: bigint;
  /** Where the fee goes: credits that sum to `fee`, legs of the reward transfer itself. */
  legs: Leg[];
  /** The promo code that lowered the fee, and the fee before it (stored with the breakdown). */
  promo?: { codeId: string; code: string; feeBpBefore: number; feeBefore: bigint };
  /** A customer's operator and its share of the fee (issue 16); the pool's fee for the customer. */
  operator?: { operatorId: string; share: bigint; poolFeeBp: number };
}

export type FeeStep = (chunk: ChunkContext) => Promise<(miner: RewardMiner, gross: bigint) => FeeOutcome>;

/** A part of a miner's net moved to another account, booked as its own transfer. */
export interface SplitMove {
  /** The transfer's idempotency key, unique per day and reason (`vm:<day>:<contract_id>`). */
  key: string;
  /** Whose money moves: the miner credited (split steps), or the pool out of its fee (fee shares). */
  from?: AccountRef;
  to: AccountRef;
  amount: bigint;
  /** The payment type as the miner sees it, and as the recipient does. */
  types: { from: PaymentType; to: PaymentType };
  memo: Record<string, unknown>;
}

/** Answers the moves out of what is left of the net (`available`); their sum never exceeds it. */
export type SplitStep = (chunk: ChunkContext) => Promise<(miner: RewardMiner, available: bigint) => SplitMove[]>;

/**
 * Moves out of the pool's part of the miner's fee (`poolFee`), never the miner's money: a
 * referrer's share (architecture note, "Money"). Their sum never exceeds `poolFee`.
 */
export type FeeShareStep = (chunk: ChunkContext) => Promise<(miner: RewardMiner, poolFee: bigint) => SplitMove[]>;

/** Spec 3 "Fee": the miner's fee in force on the day, else the pool's default, all of it to the pool. */
export const poolFeeStep: FeeStep = async ({ query, day, poolId, miners }) => {
  const own = await feesInForceIn(
    query,
    miners.map((miner) => miner.id),
    day,
  );
  const fallback = await defaultFeeBpIn(query, poolId);
  return (miner, gross) => {
    const feeBp = own.get(miner.id)?.percentBp ?? fallback;
    const fee = (gross * BigInt(feeBp)) / 10_000n;
    return {
      feeBp,
      fee,
      legs: fee > 0n ? [{ account: { kind: 'pool', ownerId: poolId }, amount: fee, type: 'reward' }] : [],
    };
  };
};

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Virtual mining: a contract running on the day moves its part of the donor's net to the
 * recipient, in proportion to the part of the day it ran. A share contract moves that share of
 * the net; a fixed hashrate moves fixed / day's hashrate of it, never more than what is left.
 */
export const virtualMiningStep: SplitStep = async ({ query, day, dayStart, miners }) => {
  const rows = await rewardReads(query).contractsRunning(
    miners.map((miner) => miner.id),
    new Date(dayStart).toISOString(),
    new Date(dayStart + dayMs).toISOString(),
  );
  const byDonor = new Map<string, ContractRow[]>();
  for (const row of rows) byDonor.set(row.donor_miner_id, [...(byDonor.get(row.donor_miner_id) ?? []), row]);
  return (miner, available) => {
    const moves: SplitMove[] = [];
    let left = available;
    for (const contract of byDonor.get(miner.id) ?? []) {
      const from = Math.max(dayStart, new Date(contract.starts_at).getTime());
      const to = Math.min(dayStart + dayMs, contract.ends_at ? new Date(contract.ends_at).getTime() : Infinity);
      const ran = Math.max(0, to - from) / dayMs;
      const part =
        contract.hash_rate_share !== null
          ? contract.hash_rate_share
          : miner.hashRate > 0
            ? Math.min(1, (contract.fixed_hash_rate ?? 0) / miner.hashRate)
            : 0;
      let amount = BigInt(Math.floor(Number(available) * part * ran));
      if (amount > left) amount = left;
      if (amount <= 0n) continue;
      left -= amount;
      moves.push({
        key: `vm:${day}:${contract.id}`,
        to: { kind: 'miner', ownerId: contract.recipient_miner_id },
        amount,
        types: { from: 'virtual_mining_transfer', to: 'virtual_mining_reward' },
        memo: {
          kind: 'virtual_mining',
          day,
          contract_id: contract.id,
          donor_miner_id: miner.id,
          recipient_miner_id: contract.recipient_miner_id,
        },
      });
    }
    return moves;
  };
};
