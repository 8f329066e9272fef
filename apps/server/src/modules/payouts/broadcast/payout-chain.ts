import type { PayoutMode } from '@pool/contract/payout-codes';
import type { FeeLevel } from '@pool/contract/payout-codes';

/** One output of a batch's transaction: every request to the same address is paid in one output. */
export interface PayoutOutput {
  address: string;
  /** Satoshis. */
  amount: bigint;
}

/** A batch as it goes to the chain. */
export interface OutgoingBatch {
  id: string;
  outputs: PayoutOutput[];
  feeLevel: FeeLevel;
  /** sat/vB; null: the fee level's confirmation target. */
  feePerVbyte: string | null;
  /** When the batch was made: the wallet's transactions older than this cannot be its. */
  createdAt: Date;
}

/** What a send answered: sent with its txid, or refused by the wallet (nothing left it). */
export type SendOutcome = { kind: 'sent'; txid: string } | { kind: 'refused'; reason: string };

/** A sent transaction as the wallet sees it now. */
export type ChainState =
  | { kind: 'confirming'; confirmations: number }
  /** Replaced by a transaction of the same batch (a fee bump): the batch goes on under that txid. */
  | { kind: 'replaced'; txid: string; confirmations: number }
  /** A conflicting transaction confirmed instead: this one will never confirm. */
  | { kind: 'conflicted'; reason: string };

/**
 * How batches reach the chain (architecture note, "Money"): a Bitcoin Core wallet over JSON-RPC,
 * or the manual desk, where a treasurer sends the batch by hand and records what happened.
 */
export interface PayoutChain {
  readonly mode: PayoutMode;
  /**
   * The txid of the batch's transaction if the wallet already holds one (a send before a crash);
   * null when it does not. Always asked right before `send`.
   */
  findSent(batch: OutgoingBatch): Promise<string | null>;
  /**
   * Sends the batch as one transaction. Throws when the answer is unknown (the node could not be
   * reached, timed out): the send may or may not have happened, and `findSent` will tell.
   */
  send(batch: OutgoingBatch): Promise<SendOutcome>;
  state(txid: string, batchId: string): Promise<ChainState>;
}

/** Manual mode: nothing is sent from here; the desk's treasurer does it and says so. */
export const manualDesk = { mode: 'manual' } as const;

export type PayoutBroadcast = PayoutChain | typeof manualDesk;
