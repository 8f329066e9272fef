import { randomUUID } from 'node:crypto';
import type { Database } from '@pool/db/database';
import { rewardRunHourUtc, type RewardRunResult } from '@pool/contract/money';
import { HttpError } from '../../../http/errors.ts';
import { hashRateOf } from '../../mining/hashrate.ts';
import { transaction, type Query } from '../../mining/sql.ts';
import { ledgerWrites, type Leg, type NewTransfer } from '../ledger/ledger-repository.ts';
import { jobRuns } from '../jobs/job-runs.ts';
import {
  insertBreakdowns,
  insertUnallocatedFunds,
  rewardReads,
  type BreakdownRow,
  type DayBucket,
  type UnallocatedRow,
} from './reward-repository.ts';
import { virtualMiningStep, type FeeShareStep, type FeeStep, type RewardMiner, type SplitStep } from './steps.ts';
import { profitSplitStep, referralStep } from './sharing-steps.ts';
import { operatorFeeStep } from './operator-steps.ts';
import { rateInForceIn } from './terms-repository.ts';

export const rewardJob = 'rewards';
export const dayMs = 24 * 60 * 60 * 1000;
const hourMs = 60 * 60 * 1000;
/** Millisatoshis per satoshi times hashes per terahash: gross = H/s × msat per TH/s per day / 1e15. */
const grossDivisor = 10n ** 15n;

export const dayOf = (time: number): string => new Date(time).toISOString().slice(0, 10);
export const startOf = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** A day's gross for an average hashrate (whole H/s) at a rate in millisatoshis per TH/s per day. */
export function grossOf(hashRate: number, rateMsat: bigint): bigint {
  if (!(hashRate > 0)) return 0n;
  return (BigInt(Math.floor(hashRate)) * rateMsat) / grossDivisor;
}

export interface RewardRunOptions {
  database: Database;
  poolId: string;
  clock?: () => number;
  /** Miners per transaction: each chunk commits its transfers, breakdowns and balances at once. */
  chunkSize?: number;
  feeStep?: FeeStep;
  splitSteps?: SplitStep[];
  /** Moves out of the pool's fee (referrers' shares). */
  feeShareSteps?: FeeShareStep[];
  /** Through when the mining engine has closed 1-day buckets; a day is credited only once closed. */
  closedThrough?: () => number;
  /** Names this process in job_runs.claimed_by. */
  instance?: string;
  /** Chunks committed at once on PostgreSQL (PGlite runs one transaction at a time anyway). */
  concurrency?: number;
  /** Told after each chunk of miners commits (progress; the crash test kills the run between). */
  onChunkCommitted?: (day: string, miners: number) => void;
}

/**
 * The daily reward run (spec 9; architecture note, "Money"). Day D is credited once: each chunk of
 * miners commits its transfers with their idempotency keys (`reward:<day>:<miner_id>`) and the
 * breakdowns (unique per miner and day) in one transaction, so a crash, a restart or a second
 * process skips what is credited and writes the rest. The day's job row is marked done at the end.
 */
export function rewardRun(options: RewardRunOptions) {
  const { database, poolId } = options;
  const clock = options.clock ?? Date.now;
  const chunkSize = options.chunkSize ?? 2000;
  const concurrency = database.driver.kind === 'postgres' ? Math.max(1, options.concurrency ?? 4) : 1;
  const feeStep = options.feeStep ?? operatorFeeStep();
  const splitSteps = options.splitSteps ?? [virtualMiningStep, profitSplitStep];
  const feeShareSteps = options.feeShareSteps ?? [referralStep];
  const instance = options.instance ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  const jobs = jobRuns(database);
  const query: Query = (text, params) => database.query(text, params);
  const reads = rewardReads(query);

  async function creditMiners(day: string, rateMsat: bigint, buckets: DayBucket[]): Promise<void> {
    await transaction(database, async (tx) => {
      const dayStart = startOf(day);
      const miners: RewardMiner[] = buckets.map((bucket) => ({
        id: bucket.minerId,
        accountName: bucket.accountName,
        operatorId: bucket.operatorId,
        hashRate: hashRateOf(bucket.acceptedDifficulty, dayMs),
      }));
      const context = { query: tx, day, dayStart, poolId, rateMsat, miners };
      const fee = await feeStep(context);
      // The steps read on this one transaction, whose client takes one query at a time: in turn.
      const splits = [];
      for (const step of splitSteps) splits.push(await step(context));
      const feeShares = [];
      for (const step of feeShareSteps) feeShares.push(await step(context));
      const transfers: NewTransfer[] = [];
      const breakdowns = new Map<string, Omit<BreakdownRow, 'transferId'>>();
      for (const miner of miners) {
        const gross = grossOf(miner.hashRate, rateMsat);
        if (gross <= 0n) continue;
        const charged = fee(miner, gross);
        const net = gross - charged.fee;
        const key = `reward:${day}:${miner.id}`;
        const legs: Leg[] = [
          { account: { kind: 'reward_clearing' }, amount: -gross, type: 'reward' },
          { account: { kind: 'miner', ownerId: miner.id }, amount: net, type: 'reward' },
          ...charged.legs,
        ];
        transfers.push({
          key,
          legs,
          memo: {
            kind: 'reward',
            day,
            miner_id: miner.id,
            ...(charged.promo ? { promo_code: charged.promo.code, promo_code_id: charged.promo.codeId } : {}),
            ...(charged.operator
              ? {
                  operator_id: charged.operator.operatorId,
                  operator_share: charged.operator.share.toString(),
                  pool_fee_bp: charged.operator.poolFeeBp,
                }
              : {}),
          },
        });
        let poolLeft = charged.legs.reduce((sum, leg) => (leg.account.kind === 'pool' ? sum + leg.amount : sum), 0n);
        for (const share of feeShares) {
          for (const move of share(miner, poolLeft)) {
            if (move.amount <= 0n || move.amount > poolLeft) continue;
            poolLeft -= move.amount;
            transfers.push({
              key: move.key,
              memo: move.memo,
              legs: [
                {
                  account: move.from ?? { kind: 'pool', ownerId: poolId },
                  amount: -move.amount,
                  type: move.types.from,
                },
                { account: move.to, amount: move.amount, type: move.types.to },
              ],
            });
          }
        }
        let left = net;
        for (const split of splits) {
          for (const move of split(miner, left)) {
            if (move.amount <= 0n || move.amount > left) continue;
            left -= move.amount;
            transfers.push({
              key: move.key,
              memo: move.memo,
              legs: [
                { account: { kind: 'miner', ownerId: miner.id }, amount: -move.amount, type: move.types.from },
                { account: move.to, amount: move.amount, type: move.types.to },
              ],
            });
          }
        }
        breakdowns.set(key, {
          minerId: miner.id,
          day,
          hashRate: miner.hashRate,
          rateMsat,
          gross,
          feeBp: charged.feeBp,
          fee: charged.fee,
          shared: net - left,
          net,
          promoCodeId: charged.promo?.codeId ?? null,
          feeBpBefore: charged.promo?.feeBpBefore ?? null,
          feeBefore: charged.promo?.feeBefore ?? null,
          operatorId: charged.operator?.operatorId ?? null,
          operatorShare: charged.operator?.share ?? 0n,
        });
      }
      // Accounts first (in key order), legs last: the legs' statement locks the hot accounts until commit.
      const ledger = ledgerWrites(tx, poolId);
      await ledger.ensureAccounts(transfers.flatMap((transfer) => transfer.legs.map((leg) => leg.account)));
      const written = await ledger.insertTransfers(transfers);
      await insertBreakdowns(
        tx,
        [...breakdowns].flatMap(([key, row]) => {
          const transferId = written.get(key);
          return transferId ? [{ ...row, transferId }] : [];
        }),
      );
      await ledger.insertLegs(transfers, written);
    });
  }

  async function creditUnallocated(day: string, rateMsat: bigint, work: Map<string, number>): Promise<void> {
    const domain = await reads.poolDomain(poolId);
    await transaction(database, async (tx) => {
      const transfers: NewTransfer[] = [];
      const rows = new Map<string, Omit<UnallocatedRow, 'transferId'>>();
      for (const [accountName, difficulty] of work) {
        const hashRate = hashRateOf(difficulty, dayMs);
        const amount = grossOf(hashRate, rateMsat);
        if (amount <= 0n) continue;
        const key = `unallocated:${day}:${poolId}:${accountName}`;
        transfers.push({
          key,
          memo: { kind: 'unallocated', day, account_name: accountName },
          legs: [
            { account: { kind: 'reward_clearing' }, amount: -amount, type: 'reward' },
            { account: { kind: 'unallocated' }, amount, type: 'reward' },
          ],
        });
        rows.set(key, { day, accountName, hashRate, amount });
      }
      const ledger = ledgerWrites(tx, poolId);
      const written = await ledger.insertTransfers(transfers);
      await insertUnallocatedFunds(
        tx,
        poolId,
        domain,
        [...rows].flatMap(([key, row]) => {
          const transferId = written.get(key);
          return transferId ? [{ ...row, transferId }] : [];
        }),
      );
      await ledger.insertLegs(transfers, written);
    });
  }

  /** Credits the day; assumes its job row is claimed. */
  async function creditDay(day: string, rateMsat: bigint): Promise<RewardRunResult> {
    const dayStart = new Date(startOf(day)).toISOString();
    const [buckets, unallocatedDone] = await Promise.all([
      reads.uncreditedBuckets(poolId, day, dayStart),
      reads.unallocatedNames(poolId, day),
    ]);
    const live = buckets.filter((bucket) => !bucket.deleted);
    const chunks: DayBucket[][] = [];
    for (let from = 0; from < live.length; from += chunkSize) chunks.push(live.slice(from, from + chunkSize));
    let next = 0;
    const lane = async () => {
      for (let chunk = chunks[next++]; chunk; chunk = chunks[next++]) {
        await creditMiners(day, rateMsat, chunk);
        options.onChunkCommitted?.(day, chunk.length);
        await jobs.heartbeat(rewardJob, day);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, lane));
    // Deleted miners' work and shares of names no miner had go to unallocated funds, by name.
    const work = await reads.unallocatedWork(poolId, day);
    for (const bucket of buckets) {
      if (!bucket.deleted) continue;
      work.set(bucket.accountName, (work.get(bucket.accountName) ?? 0) + bucket.acceptedDifficulty);
    }
    for (const name of unallocatedDone) work.delete(name);
    if (work.size > 0) await creditUnallocated(day, rateMsat, work);
    const totals = await reads.dayTotals(poolId, day);
    const result: RewardRunResult = {
      day,
      credited: totals.credited,
      unallocated: totals.unallocated,
      total: Number(totals.total),
    };
    await jobs.finish(rewardJob, day, result);
    return result;
  }

  /** When the day may run: it has ended, and the engine has closed its 1-day buckets. */
  function hasEnded(day: string): boolean {
    const end = startOf(day) + dayMs;
    return clock() >= end && (options.closedThrough ? options.closedThrough() >= end : true);
  }

  async function rateFor(day: string): Promise<bigint | null> {
    return (await rateInForceIn(query, new Date(startOf(day))))?.rateMsat ?? null;
  }

  return {
    /**
     * Credits one settlement day now (`POST platform/rewards/runs`): 409 `reward_already_processed`
     * once the day is done, a field error for a day that has not ended or has no rate in force.
     */
    async runRewardDay(day: string): Promise<RewardRunResult> {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || dayOf(startOf(day)) !== day) {
        throw new HttpError('validation_failed', { fields: [{ field: 'day', text: 'Invalid input' }] });
      }
      if (await jobs.isDone(rewardJob, day)) throw new HttpError('reward_already_processed');
      if (!hasEnded(day)) {
        throw new HttpError('validation_failed', { fields: [{ field: 'day', text: 'The day has not ended yet' }] });
      }
      const rateMsat = await rateFor(day);
      if (rateMsat === null) {
        throw new HttpError('validation_failed', { fields: [{ field: 'day', text: 'No reward rate was in force' }] });
      }
      if ((await jobs.claim(rewardJob, day, instance)) === 'done') throw new HttpError('reward_already_processed');
      return creditDay(day, rateMsat);
    },

    /**
     * Days due and not done, oldest first: day D is due from D+1 09:00 UTC (spec 9), from the
     * first day with any share and a reward rate in force at its start.
     */
    async dueDays(): Promise<string[]> {
      const now = clock();
      const [firstShare, firstRate] = await Promise.all([
        reads.firstShareAt(poolId),
        query<{ at: Date | string | null }>('select min(effective_from) as at from app.reward_rates'),
      ]);
      const rateAt = firstRate[0]?.at ? new Date(firstRate[0].at).getTime() : null;
      if (!firstShare || rateAt === null) return [];
      const firstShareDay = startOf(dayOf(firstShare.getTime()));
      const firstRateDay = Math.ceil(rateAt / dayMs) * dayMs;
      const first = Math.max(firstShareDay, firstRateDay);
      const last = startOf(dayOf(now - rewardRunHourUtc * hourMs)) - dayMs;
      if (last < first) return [];
      const done = await jobs.doneDays(rewardJob, dayOf(first));
      const due: string[] = [];
      for (let start = first; start <= last; start += dayMs) {
        const day = dayOf(start);
        if (!done.has(day) && hasEnded(day)) due.push(day);
      }
      return due;
    },

    /** Credits every due day, oldest first (catch-up after downtime); answers what each credited. */
    async catchUp(): Promise<RewardRunResult[]> {
      const results: RewardRunResult[] = [];
      for (const day of await this.dueDays()) {
        const rateMsat = await rateFor(day);
        if (rateMsat === null) continue;
        if ((await jobs.claim(rewardJob, day, instance)) === 'done') continue;
        results.push(await creditDay(day, rateMsat));
      }
      return results;
    },
  };
}

export type RewardRun = ReturnType<typeof rewardRun>;
