import { confirmationTargets, type PayoutMode } from '@pool/contract/payout-codes';
import type { ServerConfig } from '../../../config/env.ts';
import { bitcoinCoreRpc, RpcError, type RpcCall } from './bitcoin-core-rpc.ts';
import { manualDesk, type ChainState, type PayoutBroadcast, type PayoutChain } from './payout-chain.ts';

type PayoutNodeConfig = Pick<ServerConfig, 'BITCOIN_RPC_URL' | 'BITCOIN_RPC_WALLET'>;

/** Satoshis as the exact decimal string of BTC Bitcoin Core accepts for an amount ("0.00100000"). */
export function btcText(satoshis: bigint): string {
  const whole = satoshis / 100_000_000n;
  const fraction = (satoshis % 100_000_000n).toString().padStart(8, '0');
  return `${whole}.${fraction}`;
}

/** `listtransactions` pages read back while looking for a batch's transaction. */
const pageSize = 500;
/** Wallet clocks and ours may differ; a transaction this much older than the batch is still looked at. */
const clockSlackSeconds = 3600;

interface WalletEntry {
  txid?: string;
  category?: string;
  comment?: string;
  time?: number;
}

interface WalletTransaction {
  confirmations?: number;
  walletconflicts?: string[];
  comment?: string;
  replaces_txid?: string;
  replaced_by_txid?: string;
}

/**
 * Payouts through a Bitcoin Core wallet: one `sendmany` per batch, its comment the batch id, so
 * that after a crash `listtransactions` finds whether the batch went out; `gettransaction` for
 * its confirmations and conflicts.
 */
export function bitcoinCoreChain(call: RpcCall): PayoutChain {
  async function walletTransaction(txid: string): Promise<WalletTransaction> {
    return (await call('gettransaction', { txid })) as WalletTransaction;
  }

  return {
    mode: 'bitcoin-core',

    async findSent(batch) {
      const oldest = Math.floor(batch.createdAt.getTime() / 1000) - clockSlackSeconds;
      for (let skip = 0; ; skip += pageSize) {
        // Newest last within a page, pages going back in time.
        const page = (await call('listtransactions', { label: '*', count: pageSize, skip })) as WalletEntry[];
        const mine = page.find((entry) => entry.category === 'send' && entry.comment === batch.id && entry.txid);
        if (mine?.txid) return mine.txid;
        if (page.length < pageSize || page.every((entry) => (entry.time ?? 0) < oldest)) return null;
      }
    },

    async send(batch) {
      const amounts = Object.fromEntries(batch.outputs.map((output) => [output.address, btcText(output.amount)]));
      const fee = batch.feePerVbyte
        ? { fee_rate: Number(batch.feePerVbyte) }
        : { conf_target: confirmationTargets[batch.feeLevel], estimate_mode: 'economical' };
      try {
        const txid = await call('sendmany', { dummy: '', amounts, minconf: 1, comment: batch.id, ...fee });
        if (typeof txid !== 'string') throw new Error('sendmany answered no txid');
        return { kind: 'sent', txid };
      } catch (error) {
        if (error instanceof RpcError) return { kind: 'refused', reason: error.message };
        throw error;
      }
    },

    async state(txid, batchId): Promise<ChainState> {
      const transaction = await walletTransaction(txid);
      const confirmations = transaction.confirmations ?? 0;
      if (confirmations >= 0) return { kind: 'confirming', confirmations };
      // A conflicting transaction confirmed. When it is this batch's own replacement (a fee bump
      // keeps the comment and names what it replaces), the batch was paid by it.
      for (const other of [transaction.replaced_by_txid, ...(transaction.walletconflicts ?? [])]) {
        if (!other) continue;
        const replacement = await walletTransaction(other).catch(() => undefined);
        if (!replacement) continue;
        if (replacement.comment === batchId || replacement.replaces_txid === txid) {
          return { kind: 'replaced', txid: other, confirmations: Math.max(replacement.confirmations ?? 0, 0) };
        }
      }
      return { kind: 'conflicted', reason: `transaction ${txid} conflicted: a conflicting transaction confirmed` };
    },
  };
}

/**
 * Bitcoin Core when the pool names a node and the wallet to pay from (BITCOIN_RPC_URL and
 * BITCOIN_RPC_WALLET); a node named for the network reward rate alone pays nothing. Otherwise the
 * manual desk.
 */
export function payoutBroadcastFor(config: PayoutNodeConfig): PayoutBroadcast {
  if (!config.BITCOIN_RPC_URL || !config.BITCOIN_RPC_WALLET) return manualDesk;
  return bitcoinCoreChain(bitcoinCoreRpc({ url: config.BITCOIN_RPC_URL, wallet: config.BITCOIN_RPC_WALLET }));
}

export const payoutModeOf = (config: PayoutNodeConfig): PayoutMode =>
  config.BITCOIN_RPC_URL && config.BITCOIN_RPC_WALLET ? 'bitcoin-core' : 'manual';
