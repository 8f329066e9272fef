/** The payout vocabulary of spec 3, 4 and 9, without zod (the web app's payout screens import it). */

/** Spec 3 "Blockchain request status", in state order. */
export const blockchainRequestStatuses = ['created', 'sent', 'completed', 'canceled', 'failed'] as const;
export type BlockchainRequestStatus = (typeof blockchainRequestStatuses)[number];

/** Spec 3 "Fee level": how fast a batch should confirm when no fee per vbyte is set. */
export const feeLevels = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type FeeLevel = (typeof feeLevels)[number];

/** Bitcoin Core's confirmation target (blocks) for each fee level, when no fee per vbyte is set. */
export const confirmationTargets: Record<FeeLevel, number> = { LOW: 144, MEDIUM: 6, HIGH: 1 };

/** Spec 9: automatic withdrawals at 14:00 UTC. */
export const payoutRunHourUtc = 14;

/** Spec 4 and 9: payouts stop for one day after a wallet or threshold change. */
export const payoutStopMs = 24 * 60 * 60 * 1000;

/** The networks a pool can pay out on (`BITCOIN_NETWORK`). */
export const bitcoinNetworks = ['mainnet', 'testnet', 'signet', 'regtest'] as const;
export type BitcoinNetwork = (typeof bitcoinNetworks)[number];

/** How batches reach the chain: a Bitcoin Core wallet over JSON-RPC, or a treasurer by hand. */
export const payoutModes = ['bitcoin-core', 'manual'] as const;
export type PayoutMode = (typeof payoutModes)[number];

/** 21 million BTC in satoshis: no amount on the wire may exceed it. */
export const maxSupplySatoshis = 2_100_000_000_000_000;

/** Confirmations after which a sent payout is completed (`PAYOUT_CONFIRMATIONS`). */
export const defaultPayoutConfirmations = 3;

/** A transaction id: 64 hex digits. */
export const txidPattern = /^[0-9a-f]{64}$/;
