import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { networks, payments } from 'bitcoinjs-lib';
import type { Database } from '@pool/db/database';
import { payoutStopMs, type BitcoinNetwork } from '@pool/contract/payout-codes';
import { miners } from '../db/schema.ts';
import { walletChanges, wallets } from '../modules/payouts/schema.ts';
import { demoAccounts } from './people.ts';

/** Signet shares testnet's address prefixes. */
const paramsOf = {
  mainnet: networks.bitcoin,
  testnet: networks.testnet,
  signet: networks.testnet,
  regtest: networks.regtest,
};

/**
 * A demo miner's payout address: a P2WPKH address of the pool's network whose key hash is derived
 * from the account name, so every demo has the same addresses and none is anybody's real wallet
 * (no private key is known for a hash that was never a key's).
 */
export function demoPayoutAddress(accountName: string, network: BitcoinNetwork): string {
  const hash = createHash('sha256').update(`demo payout address of ${accountName}`).digest().subarray(0, 20);
  const address = payments.p2wpkh({ hash, network: paramsOf[network] }).address;
  if (!address) throw new Error(`no demo address for ${accountName}`);
  return address;
}

/** Bob waits for 0.005 BTC, so the demo shows a wallet's own minimum and a balance that grows. */
export const demoMinPayments: Record<string, bigint> = { bob_mining: 500_000n };

/**
 * The demo miners' payout wallets: an address of the pool's network, set two days ago, so the
 * one-day payout stop has passed and the 14:00 UTC withdrawal pays whoever's balance reaches the
 * minimum. Seeded with the demo only; wallets that exist are left as they are.
 */
export async function seedDemoWallets(database: Database, network: BitcoinNetwork, now: number): Promise<void> {
  const db = database.orm({ miners, wallets, walletChanges });
  const names = demoAccounts.miners.map((miner) => miner.accountName);
  const found = await db
    .select({ id: miners.id, accountName: miners.accountName })
    .from(miners)
    .where(inArray(miners.accountName, names));
  const setAt = new Date(now - 2 * payoutStopMs);
  for (const miner of found) {
    const address = demoPayoutAddress(miner.accountName, network);
    const [created] = await db
      .insert(wallets)
      .values({
        minerId: miner.id,
        currency: 'BTC',
        address,
        minPayment: demoMinPayments[miner.accountName] ?? null,
        payoutsStoppedUntil: new Date(setAt.getTime() + payoutStopMs),
        createdAt: setAt,
        updatedAt: setAt,
      })
      .onConflictDoNothing()
      .returning({ id: wallets.id });
    if (created)
      await db
        .insert(walletChanges)
        .values({ walletId: created.id, field: 'address', value: address, createdAt: setAt });
  }
}
