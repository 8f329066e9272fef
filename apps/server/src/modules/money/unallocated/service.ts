import type { Database } from '@pool/db/database';
import type { UnallocatedPage, UnallocatedTransaction } from '@pool/contract/money';
import { HttpError } from '../../../http/errors.ts';
import type { MoneyReads } from '../reads/repository.ts';
import { satoshis } from '../reads/service.ts';
import { refundUnallocated } from '../rewards/unallocated.ts';

type Row = Awaited<ReturnType<MoneyReads['unallocated']>>['rows'][number];

function transactionOf(row: Row): UnallocatedTransaction {
  return {
    id: row.id,
    day: row.day,
    amount: satoshis(row.amount),
    created_at: row.createdAt.toISOString(),
    metadata: { pool_domain: row.poolDomain, hash_rate: row.hashRate, account: row.accountName },
    refund: row.refund && {
      by: row.refund.by,
      at: row.refund.at.toISOString(),
      to_account: row.refund.toAccount,
      miner_id: row.refund.minerId,
    },
  };
}

/** Unallocated funds (spec 3): the platform's list, and refunding one transaction to a miner. */
export function unallocatedService(database: Database, reads: MoneyReads, poolId: string) {
  return {
    async list(query: { refunded?: 'true' | 'false'; page: number; per_page: number }): Promise<UnallocatedPage> {
      const { rows, total, held } = await reads.unallocated(
        poolId,
        { refunded: query.refunded === undefined ? undefined : query.refunded === 'true' },
        { limit: query.per_page, offset: (query.page - 1) * query.per_page },
      );
      return {
        items: rows.map(transactionOf),
        total,
        held: satoshis(held),
        page: query.page,
        per_page: query.per_page,
      };
    },

    /** To the live miner with this account name: 400 on `account_name` when none has it. */
    async refund(transactionId: string, accountName: string, by: string): Promise<UnallocatedTransaction> {
      const miner = await reads.minerByAccountName(poolId, accountName);
      if (!miner) {
        throw new HttpError('validation_failed', { fields: [{ field: 'account_name', text: 'Miner not found' }] });
      }
      await refundUnallocated(database, poolId, { transferId: transactionId, minerId: miner.id, by });
      const [row] = (await reads.unallocated(poolId, { id: transactionId }, { limit: 1, offset: 0 })).rows;
      if (!row) throw new HttpError('not_found');
      return transactionOf(row);
    },
  };
}
