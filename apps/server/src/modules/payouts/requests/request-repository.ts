import type { Database } from '@pool/db/database';
import type { BlockchainRequestStatus } from '@pool/contract/payout-codes';
import { transaction, type Query } from '../../mining/sql.ts';
import { toBigInt } from '../../money/ledger/ledger-repository.ts';

/** A payout request as the platform's desk reads it, with its miner's account name. */
export interface PayoutRequest {
  id: string;
  transferId: string;
  minerId: string;
  accountName: string;
  address: string;
  amount: bigint;
  status: BlockchainRequestStatus;
  day: string;
  batchId: string | null;
  txid: string | null;
  confirmations: number;
  failure: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface RequestFilter {
  statuses?: BlockchainRequestStatus[];
  /** Part of an account name, or the start of a txid. */
  search?: string;
  batchId?: string;
}

interface RequestRecord extends Record<string, unknown> {
  id: string;
  transfer_id: string;
  miner_id: string;
  account_name: string;
  address: string;
  amount: unknown;
  status: BlockchainRequestStatus;
  day: string;
  batch_id: string | null;
  txid: string | null;
  confirmations: number;
  failure: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const columns = `r.id, r.transfer_id, r.miner_id, m.account_name, r.address, r.amount::text as amount, r.status,
  r.day::text as day, r.batch_id, r.txid, r.confirmations, r.failure, r.created_at, r.updated_at`;

const requestOf = (row: RequestRecord): PayoutRequest => ({
  id: row.id,
  transferId: row.transfer_id,
  minerId: row.miner_id,
  accountName: row.account_name,
  address: row.address,
  amount: toBigInt(row.amount),
  status: row.status,
  day: row.day,
  batchId: row.batch_id,
  txid: row.txid,
  confirmations: Number(row.confirmations),
  failure: row.failure,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/** `%` and `_` typed by a person are literal in a search, not patterns. */
const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/** What an action decided on the locked request: the columns to change, or nothing. */
export type RequestChange = { kind: 'resend' } | { kind: 'reverse' } | { kind: 'none' };

/**
 * The payout requests of the 14:00 run (`app.payout_requests`): the desk's list, and the resend and
 * reverse of one request on its locked row, so a batch taking it and a reverse never both win.
 */
export function payoutRequestRepository(database: Database, poolId: string) {
  const query: Query = (text, params) => database.query(text, params);

  return {
    async page(filter: RequestFilter, page: { limit: number; offset: number }) {
      const params: unknown[] = [poolId];
      const where: string[] = ['m.pool_id = $1'];
      if (filter.statuses?.length) {
        params.push(filter.statuses);
        where.push(`r.status = any($${params.length}::text[])`);
      }
      if (filter.batchId) {
        params.push(filter.batchId);
        where.push(`r.batch_id = $${params.length}::uuid`);
      }
      if (filter.search) {
        params.push(likeEscaped(filter.search));
        const term = `$${params.length}`;
        where.push(`(m.account_name ilike '%' || ${term} || '%' or r.txid like lower(${term}) || '%')`);
      }
      const from = `from app.payout_requests r join app.miners m on m.id = r.miner_id where ${where.join(' and ')}`;
      const [counted] = await query<{ total: number }>(`select count(*)::int as total ${from}`, params);
      const total = Number(counted?.total ?? 0);
      if (total <= page.offset) return { total, rows: [] as PayoutRequest[] };
      const rows = await query<RequestRecord>(
        `select ${columns} ${from} order by r.created_at desc, r.id desc
         limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, page.limit, page.offset],
      );
      return { total, rows: rows.map(requestOf) };
    },

    async find(id: string): Promise<PayoutRequest | undefined> {
      const [row] = await query<RequestRecord>(
        `select ${columns} from app.payout_requests r join app.miners m on m.id = r.miner_id
         where r.id = $1 and m.pool_id = $2`,
        [id, poolId],
      );
      return row ? requestOf(row) : undefined;
    },

    /**
     * Applies what `decide` makes of the request as it is now, its row locked first: a resend puts
     * a failed request back into the next batch; a reverse cancels it and its pending transfer,
     * whose legs the database takes back out of the balances (the settle trigger), in the same
     * transaction. `decide` throws to refuse; nothing is written then.
     */
    async act(
      id: string,
      decide: (request: PayoutRequest) => RequestChange,
      at: Date,
    ): Promise<PayoutRequest | undefined> {
      return transaction(database, async (tx) => {
        const [locked] = await tx<RequestRecord>(
          `select ${columns} from app.payout_requests r join app.miners m on m.id = r.miner_id
           where r.id = $1 and m.pool_id = $2 for update of r`,
          [id, poolId],
        );
        if (!locked) return undefined;
        const request = requestOf(locked);
        const change = decide(request);
        if (change.kind === 'none') return request;
        if (change.kind === 'resend') {
          await tx(
            `update app.payout_requests set status = 'created', batch_id = null, txid = null, failure = null,
               confirmations = 0, updated_at = $2 where id = $1`,
            [id, at.toISOString()],
          );
        } else {
          const canceled = await tx(
            `update app.ledger_transfers set status = 'canceled' where id = $1 and status = 'pending' returning id`,
            [request.transferId],
          );
          if (canceled.length !== 1) throw new Error(`payout request ${id}: its transfer is not pending`);
          await tx(`update app.payout_requests set status = 'canceled', updated_at = $2 where id = $1`, [
            id,
            at.toISOString(),
          ]);
        }
        const [row] = await tx<RequestRecord>(
          `select ${columns} from app.payout_requests r join app.miners m on m.id = r.miner_id where r.id = $1`,
          [id],
        );
        if (!row) throw new Error(`payout request ${id} vanished`);
        return requestOf(row);
      });
    },
  };
}

export type PayoutRequestRepository = ReturnType<typeof payoutRequestRepository>;
