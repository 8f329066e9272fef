import type { BitcoinNetwork } from '@pool/contract/payout-codes';

/** mempool.space's transaction pages by network; regtest has no public explorer. */
const mempoolSpace: Record<BitcoinNetwork, string | null> = {
  mainnet: 'https://mempool.space/tx/{txid}',
  testnet: 'https://mempool.space/testnet/tx/{txid}',
  signet: 'https://mempool.space/signet/tx/{txid}',
  regtest: null,
};

/** The explorer template in force: BLOCK_EXPLORER_TX_URL when set (null for `off`), else the network's. */
export function explorerTemplate(network: BitcoinNetwork, configured: string | null | undefined): string | null {
  return configured === undefined ? mempoolSpace[network] : configured;
}

/** The explorer page of a transaction; null without a txid or a template. */
export function explorerUrl(template: string | null, txid: string | null): string | null {
  return template && txid ? template.replace('{txid}', encodeURIComponent(txid)) : null;
}
