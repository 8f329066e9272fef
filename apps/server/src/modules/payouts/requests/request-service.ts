import type { BlockchainRequest, BlockchainRequestsPage, BlockchainRequestsQuery } from '@pool/contract/payouts';
import { HttpError } from '../../../http/errors.ts';
import type { PayoutRequest, PayoutRequestRepository, RequestChange } from './request-repository.ts';

export function blockchainRequestOf(request: PayoutRequest): BlockchainRequest {
  return {
    id: request.id,
    payment_id: request.transferId,
    miner_id: request.minerId,
    account_name: request.accountName,
    address: request.address,
    amount: Number(request.amount),
    status: request.status,
    day: request.day,
    batch_id: request.batchId,
    txid: request.txid,
    confirmations: request.confirmations,
    failure: request.failure,
    created_at: request.createdAt.toISOString(),
    updated_at: request.updatedAt.toISOString(),
  };
}

/**
 * Spec 3 "Blockchain request status": once on its way to the chain, a payout is no longer the desk's
 * to change. The catalogue's status for it (409), as for `reward_already_processed`.
 */
const alreadyProcessed = () => new HttpError('payout_already_processed');

/**
 * Resend: a failed request goes back to `created`, out of its failed batch, so the next batch takes
 * it. A request still `created` and in no batch is waiting for the next one already: a retried call
 * changes nothing.
 */
function resendOf(request: PayoutRequest): RequestChange {
  if (request.status === 'failed') return { kind: 'resend' };
  if (request.status === 'created' && request.batchId === null) return { kind: 'none' };
  throw alreadyProcessed();
}

/**
 * Reverse: a request not on its way to the chain is canceled, and its money returns to the balance.
 * A `created` request that a batch has taken (its transaction may be out of the wallet already) is
 * the batch's until it is sent or fails. A request canceled already changes nothing (a retried call).
 */
function reverseOf(request: PayoutRequest): RequestChange {
  if (request.status === 'failed' || (request.status === 'created' && request.batchId === null)) {
    return { kind: 'reverse' };
  }
  if (request.status === 'canceled') return { kind: 'none' };
  throw alreadyProcessed();
}

/** The platform's blockchain payout requests (spec 3, 7): the list, resend and reverse. */
export function payoutRequestService(repository: PayoutRequestRepository, clock: () => number) {
  async function act(id: string, decide: (request: PayoutRequest) => RequestChange): Promise<BlockchainRequest> {
    const request = await repository.act(id, decide, new Date(clock()));
    if (!request) throw new HttpError('not_found');
    return blockchainRequestOf(request);
  }

  return {
    async list(query: BlockchainRequestsQuery): Promise<BlockchainRequestsPage> {
      const { rows, total } = await repository.page(
        { statuses: query.status, search: query.search || undefined, batchId: query.batch_id },
        { limit: query.per_page, offset: (query.page - 1) * query.per_page },
      );
      return { items: rows.map(blockchainRequestOf), total, page: query.page, per_page: query.per_page };
    },
    resend: (id: string) => act(id, resendOf),
    reverse: (id: string) => act(id, reverseOf),
  };
}

export type PayoutRequestService = ReturnType<typeof payoutRequestService>;
