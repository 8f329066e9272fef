import { randomBytes } from 'node:crypto';
import { payments } from 'bitcoinjs-lib';
import type { Database } from '@pool/db/database';
import { toBigInt } from '../../src/modules/money/ledger/ledger-repository.ts';

/** A fresh mainnet P2WPKH address (a random key hash): every miner of a test pays somewhere else. */
export function newAddress(): string {
  const address = payments.p2wpkh({ hash: randomBytes(20) }).address;
  if (!address) throw new Error('no address');
  return address;
}

/**
 * Where every request's money is, read from the tables: on the chain (completed: its transfer
 * completed and settled once into paid out), reserved (created, sent or failed: its transfer
 * pending, its amount in payouts in flight) or back in the balance (canceled). Answers the
 * requests that are in none of those, the settles written twice, and how far the in-flight and
 * paid-out accounts are from what the requests say.
 */
export async function batchInvariants(database: Database) {
  const q = database.query.bind(database);
  const misplaced = await q(
    `select r.id, r.status, t.status as transfer_status from app.payout_requests r
     join app.ledger_transfers t on t.id = r.transfer_id
     left join app.ledger_transfers s on s.idempotency_key = 'payout-settle:' || r.id
     where not (
       (r.status = 'completed' and t.status = 'completed' and s.id is not null)
       or (r.status in ('created', 'sent', 'failed') and t.status = 'pending' and s.id is null)
       or (r.status = 'canceled' and t.status = 'canceled' and s.id is null))`,
  );
  const settledTwice = await q(
    `select idempotency_key from app.ledger_transfers where idempotency_key like 'payout-settle:%'
     group by idempotency_key having count(*) > 1`,
  );
  const [sums] = await q<{ in_flight: string; paid_out: string; reserved: string; completed: string }>(
    `select
       (select coalesce(sum(balance), 0) from app.ledger_accounts where kind = 'payouts_in_flight')::text as in_flight,
       (select coalesce(sum(balance), 0) from app.ledger_accounts where kind = 'paid_out')::text as paid_out,
       (select coalesce(sum(amount), 0) from app.payout_requests where status in ('created', 'sent', 'failed'))::text as reserved,
       (select coalesce(sum(amount), 0) from app.payout_requests where status = 'completed')::text as completed`,
  );
  return {
    misplaced,
    settledTwice,
    inFlight: toBigInt(sums?.in_flight) - toBigInt(sums?.reserved),
    paidOut: toBigInt(sums?.paid_out) - toBigInt(sums?.completed),
  };
}

export const balancedBatches = { misplaced: [], settledTwice: [], inFlight: 0n, paidOut: 0n };
