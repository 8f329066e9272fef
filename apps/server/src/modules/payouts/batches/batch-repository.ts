import type { FeeLevel, PayoutMode } from '@pool/contract/payout-codes';
import type { PayoutBatch } from '@pool/contract/payouts';
import { millisOf, type Query } from '../../mining/sql.ts';
import { ledgerWrites, toBigInt, type NewTransfer } from '../../money/ledger/ledger-repository.ts';
import type { PayoutOutput } from '../broadcast/payout-chain.ts';

export type BatchStatus = PayoutBatch['status'];

export interface BatchRow {
  id: string;
  scheduleId: string | null;
  status: BatchStatus;
  mode: PayoutMode;
  feeLevel: FeeLevel;
  feePerVbyte: string | null;
  txid: string | null;
  count: number;
  total: bigint;
  failure: string | null;
  createdAt: Date;
  sentAt: Date | null;
  completedAt: Date | null;
}

interface RawBatch extends Record<string, unknown> {
  id: string;
  schedule_id: string | null;
  status: BatchStatus;
  mode: PayoutMode;
  fee_level: FeeLevel;
  fee_per_vbyte: string | null;
  txid: string | null;
  count: number;
  total: unknown;
  failure: string | null;
  created_at: unknown;
  sent_at: unknown;
  completed_at: unknown;
}

const columns = `id, schedule_id, status, mode, fee_level, fee_per_vbyte::text as fee_per_vbyte, txid, count,
  total::text as total, failure, created_at, sent_at, completed_at`;

const dateOf = (value: unknown): Date | null => {
  const ms = millisOf(value);
  return ms === null ? null : new Date(ms);
};

const rowOf = (raw: RawBatch): BatchRow => ({
  id: raw.id,
  scheduleId: raw.schedule_id,
  status: raw.status,
  mode: raw.mode,
  feeLevel: raw.fee_level,
  feePerVbyte: raw.fee_per_vbyte,
  txid: raw.txid,
  count: Number(raw.count),
  total: toBigInt(raw.total),
  failure: raw.failure,
  createdAt: dateOf(raw.created_at) ?? new Date(0),
  sentAt: dateOf(raw.sent_at),
  completedAt: dateOf(raw.completed_at),
});

export interface NewBatch {
  id: string;
  scheduleId: string;
  mode: PayoutMode;
  feeLevel: FeeLevel;
  feePerVbyte: string | null;
  at: Date;
}

/** Payout batches and the requests in them, inside one transaction. */
export function batchRepository(query: Query, poolId: string) {
  /** Moves the batch from one of `from` to `to`; answers the row, or undefined when it was not in one of them. */
  async function move(id: string, from: BatchStatus[], set: string, params: unknown[]): Promise<BatchRow | undefined> {
    const [row] = await query<RawBatch>(
      `update app.payout_batches set ${set} where id = $1 and pool_id = $2 and status = any($3::text[]) returning ${columns}`,
      [id, poolId, from, ...params],
    );
    return row && rowOf(row);
  }

  return {
    /**
     * Makes the batch and puts every `created` request without one into it; answers its count and
     * total. A batch with no request is not kept.
     */
    async create(batch: NewBatch): Promise<{ count: number; total: bigint }> {
      await query(
        `insert into app.payout_batches (id, pool_id, schedule_id, mode, fee_level, fee_per_vbyte, count, total, created_at)
         values ($1, $2, $3, $4, $5, $6::numeric, 0, 0, $7)`,
        [batch.id, poolId, batch.scheduleId, batch.mode, batch.feeLevel, batch.feePerVbyte, batch.at],
      );
      const [picked] = await query<{ count: number; total: string | null }>(
        `with picked as (
           update app.payout_requests r set batch_id = $1, updated_at = $3
           from app.miners m
           where m.id = r.miner_id and m.pool_id = $2 and r.status = 'created' and r.batch_id is null
           returning r.amount
         )
         select count(*)::int as count, sum(amount)::text as total from picked`,
        [batch.id, poolId, batch.at],
      );
      const count = Number(picked?.count ?? 0);
      const total = toBigInt(picked?.total ?? 0);
      if (count === 0) await query('delete from app.payout_batches where id = $1', [batch.id]);
      else await query('update app.payout_batches set count = $2, total = $3 where id = $1', [batch.id, count, total]);
      return { count, total };
    },

    async find(id: string, lock: 'for update' | 'for update skip locked' | '' = ''): Promise<BatchRow | undefined> {
      const [row] = await query<RawBatch>(
        `select ${columns} from app.payout_batches where id = $1 and pool_id = $2 ${lock}`,
        [id, poolId],
      );
      return row && rowOf(row);
    },

    /** Batches of a mode in a status, oldest first. */
    async inStatus(mode: PayoutMode, status: BatchStatus): Promise<BatchRow[]> {
      const rows = await query<RawBatch>(
        `select ${columns} from app.payout_batches where pool_id = $1 and mode = $2 and status = $3 order by created_at, id`,
        [poolId, mode, status],
      );
      return rows.map(rowOf);
    },

    /** Newest first. */
    async list(limit: number): Promise<BatchRow[]> {
      const rows = await query<RawBatch>(
        `select ${columns} from app.payout_batches where pool_id = $1 order by created_at desc, id desc limit $2`,
        [poolId, limit],
      );
      return rows.map(rowOf);
    },

    /** The transaction's outputs: one per address, the sum of its requests, in address order. */
    async outputs(id: string): Promise<PayoutOutput[]> {
      const rows = await query<{ address: string; amount: string }>(
        `select address, sum(amount)::text as amount from app.payout_requests
         where batch_id = $1 and status in ('created', 'sent') group by address order by address`,
        [id],
      );
      return rows.map((row) => ({ address: row.address, amount: BigInt(row.amount) }));
    },

    /** created -> sent with the txid, its requests too. */
    async markSent(id: string, txid: string, at: Date): Promise<BatchRow | undefined> {
      const moved = await move(id, ['created'], 'status = $4, txid = $5, sent_at = $6', ['sent', txid, at]);
      if (moved) {
        await query(
          `update app.payout_requests set status = 'sent', txid = $2, updated_at = $3 where batch_id = $1 and status = 'created'`,
          [id, txid, at],
        );
      }
      return moved;
    },

    /** A sent batch's transaction was replaced by one of its own (a fee bump): the new txid. */
    async replaceTxid(id: string, txid: string, at: Date): Promise<void> {
      const moved = await move(id, ['sent'], 'txid = $4', [txid]);
      if (moved) {
        await query(
          `update app.payout_requests set txid = $2, updated_at = $3 where batch_id = $1 and status = 'sent'`,
          [id, txid, at],
        );
      }
    },

    /**
     * The batch and its requests are `failed` with the reason; the requests' payments stay pending,
     * their money reserved, until a resend or a reverse.
     */
    async markFailed(id: string, from: BatchStatus[], reason: string, at: Date): Promise<BatchRow | undefined> {
      const moved = await move(id, from, 'status = $4, failure = $5', ['failed', reason]);
      if (moved) {
        await query(
          `update app.payout_requests set status = 'failed', failure = $2, updated_at = $3
           where batch_id = $1 and status in ('created', 'sent')`,
          [id, reason, at],
        );
      }
      return moved;
    },

    async setConfirmations(id: string, confirmations: number, at: Date): Promise<void> {
      await query(
        `update app.payout_requests set confirmations = $2, updated_at = $3
         where batch_id = $1 and status = 'sent' and confirmations <> $2`,
        [id, confirmations, at],
      );
    },

    /**
     * sent -> completed: each request's payment is completed and its amount leaves the ledger
     * (payouts in flight -> paid out, `payout-settle:<request_id>`). Answers undefined when the
     * batch was not sent; the caller's transaction then changes nothing.
     */
    async complete(id: string, confirmations: number, at: Date): Promise<BatchRow | undefined> {
      const moved = await move(id, ['sent'], 'status = $4, completed_at = $5', ['completed', at]);
      if (!moved) return undefined;
      const requests = await query<{ id: string; transfer_id: string; amount: string }>(
        `update app.payout_requests set status = 'completed', confirmations = greatest(confirmations, $2), updated_at = $3
         where batch_id = $1 and status = 'sent' returning id, transfer_id, amount::text as amount`,
        [id, confirmations, at],
      );
      if (requests.length === 0) return moved;
      await query(
        `update app.ledger_transfers set status = 'completed' where id = any($1::uuid[]) and status = 'pending'`,
        [requests.map((request) => request.transfer_id)],
      );
      const settles: NewTransfer[] = requests.map((request) => ({
        key: `payout-settle:${request.id}`,
        memo: { kind: 'payout-settle', request: request.id, batch: id, txid: moved.txid },
        legs: [
          { account: { kind: 'payouts_in_flight' }, amount: -BigInt(request.amount), type: 'payout' },
          { account: { kind: 'paid_out' }, amount: BigInt(request.amount), type: 'payout' },
        ],
      }));
      // Last: the legs' insert holds the platform accounts' locks until commit.
      await ledgerWrites(query, poolId).post(settles);
      return moved;
    },
  };
}

export type BatchRepository = ReturnType<typeof batchRepository>;

export function batchView(row: BatchRow): PayoutBatch {
  return {
    id: row.id,
    schedule_id: row.scheduleId,
    status: row.status,
    mode: row.mode,
    fee_level: row.feeLevel,
    fee_per_vbyte: row.feePerVbyte === null ? null : Number(row.feePerVbyte),
    txid: row.txid,
    count: row.count,
    total: Number(row.total),
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
    failure: row.failure,
  };
}
