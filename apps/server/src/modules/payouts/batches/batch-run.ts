import { randomUUID } from 'node:crypto';
import type { Database } from '@pool/db/database';
import { transaction } from '../../mining/sql.ts';
import type { PayoutBroadcast, PayoutChain } from '../broadcast/payout-chain.ts';
import { momentOf, nextOccurrence } from '../schedule/next-run.ts';
import { scheduleRepository } from '../schedule/schedule-repository.ts';
import { currentSchedule } from '../schedule/schedule-service.ts';
import { batchRepository, type BatchRow } from './batch-repository.ts';

export interface BatchRunOptions {
  database: Database;
  poolId: string;
  broadcast: PayoutBroadcast;
  /** PAYOUT_CONFIRMATIONS. */
  confirmations: number;
  clock?: () => number;
  onError?: (error: unknown, during: string) => void;
  /** Tests of crashes: called once the batch row is committed, before anything is sent. */
  onBatchCommitted?: (batchId: string) => void;
}

export interface BatchMade {
  batchId: string | null;
  scheduleId: string;
  count: number;
  total: bigint;
}

/**
 * The payout schedule at work (spec 3): at the current schedule's time every `created` request
 * goes into one batch, which a Bitcoin Core wallet sends at once and the manual desk by hand; the
 * sent ones are then watched until PAYOUT_CONFIRMATIONS.
 *
 * Nothing is ever sent twice: the schedule is claimed in the transaction that makes the batch; a
 * batch is sent under a lock on its row that a second process skips; and before sending, the
 * wallet is asked whether it holds the batch's transaction already (its comment is the batch id),
 * so a send that happened before a crash is found instead of repeated.
 */
export function batchRun({
  database,
  poolId,
  broadcast,
  confirmations,
  clock = Date.now,
  onError = () => {},
  onBatchCommitted,
}: BatchRunOptions) {
  /** Processes the current schedule when its time has come; answers the batch made, if any. */
  async function batchDue(): Promise<BatchMade | null> {
    const now = clock();
    const made = await transaction(database, async (query) => {
      const schedule = await currentSchedule(query, poolId, now, true);
      if (momentOf(schedule) > now) return null;
      const batchId = randomUUID();
      const at = new Date(now);
      const { count, total } = await batchRepository(query, poolId).create({
        id: batchId,
        scheduleId: schedule.id,
        mode: broadcast.mode,
        feeLevel: schedule.feeLevel,
        feePerVbyte: schedule.feePerVbyte,
        at,
      });
      const schedules = scheduleRepository(query, poolId);
      if (!(await schedules.markProcessed(schedule.id, at, count > 0 ? batchId : null))) return null;
      // The next day's, at the same time and fee level; a fee per vbyte was for this one.
      await schedules.open(nextOccurrence(schedule.time, now), schedule.feeLevel);
      return { batchId: count > 0 ? batchId : null, scheduleId: schedule.id, count, total };
    });
    if (made?.batchId) onBatchCommitted?.(made.batchId);
    return made;
  }

  /** Sends one created batch unless another process holds it or the wallet has it already. */
  async function send(chain: PayoutChain, batchId: string): Promise<void> {
    await transaction(database, async (query) => {
      const batches = batchRepository(query, poolId);
      const batch = await batches.find(batchId, 'for update skip locked');
      if (!batch || batch.status !== 'created') return;
      const now = new Date(clock());
      const outgoing = {
        id: batch.id,
        outputs: await batches.outputs(batch.id),
        feeLevel: batch.feeLevel,
        feePerVbyte: batch.feePerVbyte,
        createdAt: batch.createdAt,
      };
      const before = await chain.findSent(outgoing);
      if (before) {
        await batches.markSent(batch.id, before, now);
        return;
      }
      if (outgoing.outputs.length === 0) {
        await batches.markFailed(batch.id, ['created'], 'no request left to send', now);
        return;
      }
      // An unknown answer throws: the transaction rolls back, and the next tick asks the wallet again.
      const outcome = await chain.send(outgoing);
      if (outcome.kind === 'sent') {
        await batches.markSent(batch.id, outcome.txid, now);
        return;
      }
      // Refused: unless the wallet made the transaction all the same, nothing left it.
      const after = await chain.findSent(outgoing);
      if (after) await batches.markSent(batch.id, after, now);
      else await batches.markFailed(batch.id, ['created'], outcome.reason, now);
    });
  }

  /** Reads a sent batch's transaction: its confirmations, its completion, or its conflict. */
  async function poll(chain: PayoutChain, batch: BatchRow): Promise<void> {
    if (!batch.txid) return;
    const state = await chain.state(batch.txid, batch.id);
    const now = new Date(clock());
    await transaction(database, async (query) => {
      const batches = batchRepository(query, poolId);
      if (state.kind === 'conflicted') {
        await batches.markFailed(batch.id, ['sent'], state.reason, now);
        return;
      }
      if (state.kind === 'replaced') await batches.replaceTxid(batch.id, state.txid, now);
      if (state.confirmations >= confirmations) await batches.complete(batch.id, state.confirmations, now);
      else await batches.setConfirmations(batch.id, state.confirmations, now);
    });
  }

  async function each(batches: BatchRow[], during: string, work: (batch: BatchRow) => Promise<void>): Promise<void> {
    for (const batch of batches) {
      try {
        await work(batch);
      } catch (error) {
        onError(error, `${during} ${batch.id}`);
      }
    }
  }

  const listed = (status: 'created' | 'sent') =>
    transaction(database, (query) => batchRepository(query, poolId).inStatus('bitcoin-core', status));

  return {
    batchDue,

    /** Sends every created batch (those a crash left unsent among them); the manual desk sends none. */
    async broadcastCreated(): Promise<void> {
      if (broadcast.mode === 'manual') return;
      await each(await listed('created'), 'sending batch', (batch) => send(broadcast, batch.id));
    },

    /** Every tick: the sent batches' confirmations, completing those that reached the target. */
    async pollSent(): Promise<void> {
      if (broadcast.mode === 'manual') return;
      await each(await listed('sent'), 'polling batch', (batch) => poll(broadcast, batch));
    },

    /** One tick's work in order: the batch when due, its broadcast, then confirmations. */
    async tick(): Promise<BatchMade | null> {
      const made = await batchDue();
      await this.broadcastCreated();
      await this.pollSent();
      return made;
    },
  };
}

export type BatchRun = ReturnType<typeof batchRun>;
