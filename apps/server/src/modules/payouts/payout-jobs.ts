import type { Database } from '@pool/db/database';
import type { PayoutRunResult } from '@pool/contract/payouts';
import { defaultPayoutConfirmations } from '@pool/contract/payout-codes';
import { withdrawalRun, type WithdrawalRun } from './withdrawal/withdrawal-run.ts';
import { batchRun, type BatchMade, type BatchRun } from './batches/batch-run.ts';
import { manualDesk, type PayoutBroadcast } from './broadcast/payout-chain.ts';
import { minuteTicker } from '../money/jobs/minute-ticker.ts';

/** One piece of scheduled payout work; each tick runs every step once, in order. */
export interface PayoutStep {
  name: string;
  run: () => Promise<void>;
}

export interface PayoutJobsOptions {
  database: Database;
  poolId: string;
  clock?: () => number;
  /** Between ticks; the first tick runs at start. 0: only the first. */
  interval?: number;
  /** The 14:00 run; by default one over the same database and clock. */
  withdrawals?: Pick<WithdrawalRun, 'catchUp'>;
  /** How batches reach the chain (`payoutBroadcastFor(config)`); by default the manual desk. */
  broadcast?: PayoutBroadcast;
  /** PAYOUT_CONFIRMATIONS. */
  confirmations?: number;
  /** The batches' work; by default one over the same database, clock and broadcast. */
  batches?: Pick<BatchRun, 'batchDue' | 'broadcastCreated' | 'pollSent'>;
  onError?: (step: string, error: unknown) => void;
  onPaid?: (result: PayoutRunResult) => void;
  onBatched?: (batch: BatchMade) => void;
}

/**
 * The payout work of spec 9, ticked at start and every minute: each step decides by its own clock
 * whether anything is due (the withdrawal, from 14:00 UTC) and is idempotent, so a tick after a
 * crash or on a second process only finishes what is left. A step's failure is reported and the
 * next step still runs; the step runs again at the next tick. A tick never overlaps the last one;
 * `stop` waits for it.
 */
export function payoutJobs(options: PayoutJobsOptions) {
  const withdrawals =
    options.withdrawals ?? withdrawalRun({ database: options.database, poolId: options.poolId, clock: options.clock });
  const batches =
    options.batches ??
    batchRun({
      database: options.database,
      poolId: options.poolId,
      clock: options.clock,
      broadcast: options.broadcast ?? manualDesk,
      confirmations: options.confirmations ?? defaultPayoutConfirmations,
      // A failing batch does not hold up the others; each is reported on its own.
      onError: (error, during) => options.onError?.(during, error),
    });

  /** In order: what one step leaves (requests `created`), the next one takes. */
  const steps: PayoutStep[] = [
    {
      name: 'withdrawal',
      run: async () => {
        for (const result of await withdrawals.catchUp()) options.onPaid?.(result);
      },
    },
    {
      name: 'batch',
      run: async () => {
        const made = await batches.batchDue();
        if (made) options.onBatched?.(made);
      },
    },
    // Also the batches a crash left unsent: the wallet is asked first whether it holds them.
    { name: 'broadcast', run: () => batches.broadcastCreated() },
    { name: 'confirmations', run: () => batches.pollSent() },
  ];

  async function runSteps(): Promise<void> {
    for (const step of steps) {
      try {
        await step.run();
      } catch (error) {
        options.onError?.(step.name, error);
      }
    }
  }

  return { steps, ...minuteTicker(runSteps, options.interval) };
}

export type PayoutJobs = ReturnType<typeof payoutJobs>;
