import { randomUUID } from 'node:crypto';
import type { Database } from '@pool/db/database';
import { payoutRunHourUtc } from '@pool/contract/payout-codes';
import type { PayoutRunResult } from '@pool/contract/payouts';
import { HttpError } from '../../../http/errors.ts';
import { transaction, type Query } from '../../mining/sql.ts';
import { jobRuns } from '../../money/jobs/job-runs.ts';
import { ledgerWrites, type NewTransfer } from '../../money/ledger/ledger-repository.ts';
import { dayOf, startOf } from '../../money/rewards/reward-run.ts';
import { walletRepository } from '../wallets/wallet-repository.ts';
import { poolMinimumOf } from '../wallets/wallet-service.ts';
import { insertPayoutRequests, withdrawalReads, type PayableMiner, type RunScope } from './withdrawal-repository.ts';

export const payoutJob = 'payouts';
const hourMs = 60 * 60 * 1000;

/** What one payout takes: the whole balance, or the maximum when one is set (0: no limit, spec 5). */
export function payoutAmountOf(miner: Pick<PayableMiner, 'balance' | 'maximum'>): bigint {
  return miner.maximum > 0n && miner.balance > miner.maximum ? miner.maximum : miner.balance;
}

export const payoutKeyOf = (day: string, minerId: string): string => `payout:${day}:${minerId}`;

export interface WithdrawalRunOptions {
  database: Database;
  poolId: string;
  clock?: () => number;
  /** Miners per transaction: each chunk commits its transfers and requests at once. */
  chunkSize?: number;
  /** Names this process in job_runs.claimed_by. */
  instance?: string;
  /** Chunks committed at once on PostgreSQL (PGlite runs one transaction at a time anyway). */
  concurrency?: number;
  /** Told after each chunk commits (progress; the crash test kills the run between). */
  onChunkCommitted?: (day: string, miners: number) => void;
}

/**
 * The 14:00 UTC withdrawal (spec 9): every miner with an address, no payout stop in force and a
 * balance at or above its minimum gets a pending `payout` transfer (miner -> payouts in flight) of
 * its balance, capped at its maximum, and a payout request in status `created`, both in one
 * transaction per chunk. The pending transfer counts in the balance at once, so the amount is
 * reserved and can never be paid twice; the transfer's key `payout:<day>:<miner_id>` and the unique
 * (miner, day) of the requests make a crash, a restart or a second process skip what was paid.
 * The day's job row ('payouts', day) is marked done at the end.
 */
export function withdrawalRun(options: WithdrawalRunOptions) {
  const { database, poolId } = options;
  const clock = options.clock ?? Date.now;
  const chunkSize = options.chunkSize ?? 2000;
  const concurrency = database.driver.kind === 'postgres' ? Math.max(1, options.concurrency ?? 4) : 1;
  const instance = options.instance ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  const jobs = jobRuns(database);
  const query: Query = (text, params) => database.query(text, params);
  const reads = withdrawalReads(query);
  const wallets = walletRepository(database);

  async function payChunk(scope: RunScope, minerIds: string[]): Promise<void> {
    await transaction(database, async (tx) => {
      const payable = await withdrawalReads(tx).lockPayable(scope, minerIds);
      const transfers: NewTransfer[] = [];
      const amounts = new Map<string, { miner: PayableMiner; amount: bigint }>();
      for (const miner of payable) {
        const amount = payoutAmountOf(miner);
        if (amount <= 0n) continue;
        const key = payoutKeyOf(scope.day, miner.minerId);
        transfers.push({
          key,
          status: 'pending',
          memo: { kind: 'payout', day: scope.day, miner_id: miner.minerId, address: miner.address },
          legs: [
            { account: { kind: 'miner', ownerId: miner.minerId }, amount: -amount, type: 'payout' },
            { account: { kind: 'payouts_in_flight' }, amount, type: 'payout' },
          ],
        });
        amounts.set(key, { miner, amount });
      }
      // Accounts first, legs last: the legs' statement locks payouts in flight until commit.
      const ledger = ledgerWrites(tx, poolId);
      await ledger.ensureAccounts(transfers.flatMap((transfer) => transfer.legs.map((leg) => leg.account)));
      const written = await ledger.insertTransfers(transfers);
      await insertPayoutRequests(
        tx,
        [...amounts].flatMap(([key, { miner, amount }]) => {
          const transferId = written.get(key);
          return transferId
            ? [
                {
                  transferId,
                  minerId: miner.minerId,
                  walletId: miner.walletId,
                  day: scope.day,
                  address: miner.address,
                  amount,
                },
              ]
            : [];
        }),
      );
      await ledger.insertLegs(transfers, written);
    });
  }

  /** Pays the day; assumes its job row is claimed. */
  async function payDay(day: string): Promise<PayoutRunResult> {
    const scope: RunScope = {
      poolId,
      day,
      runAt: new Date(clock()),
      poolMinimum: poolMinimumOf(await wallets.storedPoolMinimum(poolId)),
    };
    const minerIds = await reads.payableMinerIds(scope);
    const chunks: string[][] = [];
    for (let from = 0; from < minerIds.length; from += chunkSize) chunks.push(minerIds.slice(from, from + chunkSize));
    let next = 0;
    const lane = async () => {
      for (let chunk = chunks[next++]; chunk; chunk = chunks[next++]) {
        await payChunk(scope, chunk);
        options.onChunkCommitted?.(day, chunk.length);
        await jobs.heartbeat(payoutJob, day);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, lane));
    const totals = await reads.dayTotals(poolId, day);
    const result: PayoutRunResult = { day, paid: totals.paid, total: Number(totals.total) };
    await jobs.finish(payoutJob, day, result);
    return result;
  }

  const today = () => dayOf(clock());

  return {
    /**
     * Runs the withdrawal of a day now (`POST platform/payouts/runs`): a field error for a day that
     * is not a date or has not begun, 409 `payout_already_processed` once the day is done.
     */
    async runPayoutDay(day: string): Promise<PayoutRunResult> {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || dayOf(startOf(day)) !== day) {
        throw new HttpError('validation_failed', { fields: [{ field: 'day', text: 'Invalid input' }] });
      }
      if (day > today()) {
        throw new HttpError('validation_failed', { fields: [{ field: 'day', text: 'maximum threshold' }] });
      }
      if ((await jobs.claim(payoutJob, day, instance)) === 'done') throw new HttpError('payout_already_processed');
      return payDay(day);
    },

    /** Whether today's 14:00 UTC has come (spec 9). */
    isDue(): boolean {
      return clock() >= startOf(today()) + payoutRunHourUtc * hourMs;
    },

    /**
     * Today's withdrawal once the clock is past 14:00 UTC, unless the day is done: a server that
     * was down at 14:00 pays when it comes back the same day; a day it missed whole stays unpaid
     * (balances simply wait for the next 14:00, nothing is lost).
     */
    async catchUp(): Promise<PayoutRunResult[]> {
      if (!this.isDue()) return [];
      const day = today();
      if ((await jobs.claim(payoutJob, day, instance)) === 'done') return [];
      return [await payDay(day)];
    },
  };
}

export type WithdrawalRun = ReturnType<typeof withdrawalRun>;
