import type { Database } from '@pool/db/database';
import { HttpError } from '../../../http/errors.ts';
import { transaction } from '../../mining/sql.ts';
import { ledgerWrites, toBigInt } from '../ledger/ledger-repository.ts';

export interface RefundRequest {
  /** The unallocated funds transaction (its ledger transfer's id). */
  transferId: string;
  /** The miner the funds go to. */
  minerId: string;
  /** Who refunds (a platform admin's user id). */
  by: string | null;
}

/**
 * Refunds an unallocated funds transaction to a miner: unallocated -amount, miner +amount, one
 * `transfer` under the key `refund:<transaction_id>`. The row is locked first; a second refund
 * answers 409 `transaction_already_refunded`, and the key and the unique refund_transfer_id keep
 * it so even when two arrive at once.
 */
export async function refundUnallocated(
  database: Database,
  poolId: string,
  request: RefundRequest,
): Promise<{ refundTransferId: string }> {
  return transaction(database, async (query) => {
    const [row] = await query<{
      amount: unknown;
      refund_transfer_id: string | null;
      day: string;
      account_name: string;
    }>(
      `select amount::text as amount, refund_transfer_id, day::text as day, account_name from app.unallocated_funds
       where transfer_id = $1 and pool_id = $2 for update`,
      [request.transferId, poolId],
    );
    if (!row) throw new HttpError('not_found');
    if (row.refund_transfer_id) throw new HttpError('transaction_already_refunded');
    const key = `refund:${request.transferId}`;
    const amount = toBigInt(row.amount);
    const written = await ledgerWrites(query, poolId).post([
      {
        key,
        memo: {
          kind: 'refund',
          unallocated_transfer_id: request.transferId,
          day: row.day,
          account_name: row.account_name,
          miner_id: request.minerId,
        },
        legs: [
          { account: { kind: 'unallocated' }, amount: -amount, type: 'transfer' },
          { account: { kind: 'miner', ownerId: request.minerId }, amount, type: 'transfer' },
        ],
      },
    ]);
    const refundTransferId = written.get(key);
    if (!refundTransferId) throw new HttpError('transaction_already_refunded');
    await query(
      `update app.unallocated_funds set refund_transfer_id = $2, refunded_by = $3, refunded_at = now(), refunded_to_miner_id = $4
       where transfer_id = $1`,
      [request.transferId, refundTransferId, request.by, request.minerId],
    );
    return { refundTransferId };
  });
}
