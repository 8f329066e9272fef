import type { Database } from '@pool/db/database';
import type { PayoutBatch } from '@pool/contract/payouts';
import { HttpError } from '../../../http/errors.ts';
import { transaction, type Query } from '../../mining/sql.ts';
import { btcText } from '../broadcast/bitcoin-core.ts';
import { batchRepository, batchView, type BatchRow } from './batch-repository.ts';

/** How many batches the desk lists. */
const batchesShown = 50;

export interface BatchDeskOptions {
  database: Database;
  poolId: string;
  /** PAYOUT_CONFIRMATIONS: what a completion by hand records as the requests' confirmations. */
  confirmations: number;
  clock: () => number;
}

/**
 * The export for a wallet's batch send: Electrum's "Pay to many" lines, `address,amount`, the
 * amount in BTC with 8 decimals, one line per address (as the node's transaction would pay it),
 * no header line (Electrum reads every line as a payment), CRLF line ends.
 */
export function batchCsv(outputs: { address: string; amount: bigint }[]): string {
  return outputs.map((output) => `${output.address},${btcText(output.amount)}\r\n`).join('');
}

/**
 * The manual desk (spec 3, architecture note "Money"): without a node, a treasurer downloads each
 * batch, sends it from the pool's wallet, records the txid (-> sent) and then the completion, or
 * the failure. A Bitcoin Core batch is the node's to send and follow, never the desk's.
 */
export function batchDesk({ database, poolId, confirmations, clock }: BatchDeskOptions) {
  /** Runs `change` on the locked manual batch; a batch of the node or in another state is refused. */
  async function change(
    id: string,
    change: (batch: BatchRow, query: Query) => Promise<BatchRow | undefined>,
  ): Promise<PayoutBatch> {
    return transaction(database, async (query) => {
      const batch = await batchRepository(query, poolId).find(id, 'for update');
      if (!batch) throw new HttpError('not_found');
      if (batch.mode !== 'manual') throw new HttpError('payout_already_processed');
      const changed = await change(batch, query);
      if (!changed) throw new HttpError('payout_already_processed');
      return batchView(changed);
    });
  }

  return {
    async list(): Promise<PayoutBatch[]> {
      const rows = await transaction(database, (query) => batchRepository(query, poolId).list(batchesShown));
      return rows.map(batchView);
    },

    async exportOf(id: string): Promise<{ batch: PayoutBatch; csv: string }> {
      return transaction(database, async (query) => {
        const batches = batchRepository(query, poolId);
        const batch = await batches.find(id);
        if (!batch) throw new HttpError('not_found');
        return { batch: batchView(batch), csv: batchCsv(await batches.outputs(id)) };
      });
    },

    /**
     * created -> sent with the txid the wallet showed. The same txid again (a retry after a lost
     * answer) is no change; one recorded for another batch is refused, a transaction pays one batch.
     */
    recordTxid: (id: string, txid: string) =>
      change(id, async (batch, query) => {
        if (batch.status === 'sent' && batch.txid === txid) return batch;
        if (batch.status !== 'created') return undefined;
        const [taken] = await query('select 1 from app.payout_batches where txid = $1', [txid]);
        if (taken)
          throw new HttpError('validation_failed', { fields: [{ field: 'txid', text: 'txid already recorded' }] });
        return batchRepository(query, poolId).markSent(id, txid, new Date(clock()));
      }),

    /** sent -> completed: the payments complete and the amounts leave the ledger. */
    complete: (id: string) =>
      change(id, (_batch, query) => batchRepository(query, poolId).complete(id, confirmations, new Date(clock()))),

    /** created or sent -> failed: the money stays reserved until each request is resent or reversed. */
    fail: (id: string, reason: string) =>
      change(id, (_batch, query) =>
        batchRepository(query, poolId).markFailed(id, ['created', 'sent'], reason, new Date(clock())),
      ),
  };
}

export type BatchDesk = ReturnType<typeof batchDesk>;
