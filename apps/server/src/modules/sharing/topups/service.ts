import type { Database } from '@pool/db/database';
import type { TopUp, TopUpBody } from '@pool/contract/sharing';
import { HttpError } from '../../../http/errors.ts';
import { transaction } from '../../mining/sql.ts';
import { ledgerWrites } from '../../money/ledger/ledger-repository.ts';

export const topUpRefusals = {
  noMiner: 'No miner has this account',
  poolTooLow: 'The pool’s balance is lower than this amount',
} as const;

/** Postgres' check_violation: here, the pool's balance would go below zero. */
const isCheckViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23514';

/**
 * Spec 3 `virtual_mining_topup`: a platform admin credits a miner out of the pool's account, with
 * a comment, once per `request_id` (the transfer's key is `topup:<request_id>`, so a retried call
 * books nothing more). The pool's balance cannot go below zero: the database refuses it.
 */
export function topUpService(database: Database, poolId: string) {
  return {
    async topUp(body: TopUpBody, by: string): Promise<TopUp> {
      const [miner] = await database.query<{ id: string; account_name: string }>(
        'select id, account_name from app.miners where account_name = $1 and pool_id = $2 and deleted_at is null',
        [body.account_name.trim(), poolId],
      );
      if (!miner) {
        throw new HttpError('not_found', { fields: [{ field: 'account_name', text: topUpRefusals.noMiner }] });
      }
      const key = `topup:${body.request_id}`;
      const amount = BigInt(body.amount);
      try {
        return await transaction(database, async (query) => {
          await ledgerWrites(query, poolId).post([
            {
              key,
              memo: { kind: 'virtual_mining_topup', miner_id: miner.id, comment: body.comment, by },
              legs: [
                { account: { kind: 'pool', ownerId: poolId }, amount: -amount, type: 'virtual_mining_topup' },
                { account: { kind: 'miner', ownerId: miner.id }, amount, type: 'virtual_mining_topup' },
              ],
            },
          ]);
          const [row] = await query<{ id: string; memo: { miner_id?: string; comment?: string } | string }>(
            'select id, memo from app.ledger_transfers where idempotency_key = $1',
            [key],
          );
          if (!row) throw new Error(`top-up ${key} was neither written nor found`);
          const memo = typeof row.memo === 'string' ? (JSON.parse(row.memo) as { miner_id?: string }) : row.memo;
          if (memo.miner_id !== miner.id) throw new HttpError('conflict');
          return {
            transaction_id: row.id,
            account_name: miner.account_name,
            amount: body.amount,
            comment: body.comment,
          };
        });
      } catch (error) {
        if (isCheckViolation(error)) {
          throw new HttpError('validation_failed', { fields: [{ field: 'amount', text: topUpRefusals.poolTooLow }] });
        }
        throw error;
      }
    },
  };
}
