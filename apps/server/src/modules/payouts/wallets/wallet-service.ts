import type { Database } from '@pool/db/database';
import type { FieldError } from '@pool/contract/errors';
import { payoutStopMs, type BitcoinNetwork } from '@pool/contract/payout-codes';
import type { PaymentThreshold, Wallet, WalletAddresses } from '@pool/contract/payouts';
import type { ServerConfig } from '../../../config/env.ts';
import { HttpError } from '../../../http/errors.ts';
import { payableAddress } from './address-validation.ts';
import {
  walletRepository,
  type ChangeAuthor,
  type WalletChange,
  type WalletRepository,
  type WalletRow,
} from './wallet-repository.ts';

/**
 * The pool's minimum payout when its settings name none (`min_payout_satoshis`): 0.001 BTC. A
 * payout output costs its share of the batch's fee (a P2WPKH output is 31 vbytes, ~1,500 sat at
 * 50 sat/vbyte), so a smaller minimum would let fees eat a visible part of small payouts.
 */
export const defaultPoolMinPayoutSatoshis = 100_000n;

/** Spec 5: the pool's minimum is never shown, so the refusal names no amount. */
const belowMinimum: FieldError = { field: 'amount', text: 'minimum threshold' };
const aboveMaximum: FieldError = { field: 'amount', text: 'maximum threshold' };
const invalidAddress: FieldError = { field: 'address', text: 'crypto address invalid for a currency and network' };

export interface WalletServiceOptions {
  repository: WalletRepository;
  poolId: string;
  network: BitcoinNetwork;
  clock: () => number;
}

/**
 * A miner's payout wallet (spec 3, 4, 5): its address, checked for the pool's network, and its
 * minimum and maximum payment. Every change stops payouts for a day (spec 9), so that whoever
 * takes over an account has a day's notice before money can go to a new address.
 */
/** The pool's minimum payout from its stored setting (text of the JSON value); the default when unset or not a whole number. */
export function poolMinimumOf(stored: string | null): bigint {
  return stored !== null && /^\d+$/.test(stored) ? BigInt(stored) : defaultPoolMinPayoutSatoshis;
}

export function walletService({ repository, poolId, network, clock }: WalletServiceOptions) {
  async function poolMinimum(): Promise<bigint> {
    return poolMinimumOf(await repository.storedPoolMinimum(poolId));
  }

  /**
   * The minimum a payout waits for: the wallet's own, or the pool's when it has none. The pool's
   * is a floor even under a wallet's own set before the pool raised it.
   */
  function effectiveMinimum(wallet: WalletRow, pool: bigint): bigint {
    const own = wallet.minPayment ?? pool;
    return own > pool ? own : pool;
  }

  /** When payouts run again; null once the stop has passed. */
  function stoppedUntil(wallet: WalletRow): string | null {
    const until = wallet.payoutsStoppedUntil;
    return until && until.getTime() > clock() ? until.toISOString() : null;
  }

  async function walletOf(walletId: string): Promise<WalletRow> {
    const wallet = await repository.find(walletId);
    if (!wallet) throw new HttpError('not_found');
    return wallet;
  }

  async function change(
    walletId: string,
    decide: (wallet: WalletRow) => WalletChange | undefined,
    author: ChangeAuthor,
  ): Promise<WalletRow> {
    const now = clock();
    const changed = await repository.change(walletId, decide, {
      author,
      at: new Date(now),
      stoppedUntil: new Date(now + payoutStopMs),
    });
    if (!changed) throw new HttpError('not_found');
    return changed;
  }

  const refuse = (field: FieldError) => new HttpError('validation_failed', { fields: [field] });

  async function addresses(walletId: string, options: { showAuthors: boolean }): Promise<WalletAddresses> {
    const wallet = await walletOf(walletId);
    const history = await repository.addressHistory(walletId);
    return {
      items: history.map((entry) => ({
        address: entry.address,
        created_at: entry.at.toISOString(),
        set_by: options.showAuthors ? entry.by : null,
      })),
      current: wallet.address,
      payouts_stopped_until: stoppedUntil(wallet),
    };
  }

  return {
    /** `GET miners/{id}`: the miner's wallets (one, in BTC, made on first need); the first is used. */
    async walletsOf(minerId: string): Promise<Wallet[]> {
      const pool = await poolMinimum();
      return (await repository.walletsOf(minerId)).map((wallet) => ({
        id: wallet.id,
        currency: 'BTC',
        address: wallet.address,
        min_payment: Number(effectiveMinimum(wallet, pool)),
        max_payment: Number(wallet.maxPayment),
        payouts_stopped_until: stoppedUntil(wallet),
      }));
    },

    /** The address in force and the ones before it; who set them only for people, not watcher links. */
    addresses,

    /**
     * Sets the payout address (a critical change). The same address again changes nothing and
     * starts no new stop: a request retried after the second-factor dialog, or after a lost
     * answer, must not push the payouts a further day back, and nothing about the wallet moved.
     */
    async setAddress(walletId: string, text: string, author: ChangeAuthor): Promise<WalletAddresses> {
      const address = payableAddress(text, network);
      if (!address) throw refuse(invalidAddress);
      await change(
        walletId,
        (wallet) => (wallet.address === address ? undefined : { field: 'address', value: address }),
        author,
      );
      return addresses(walletId, { showAuthors: true });
    },

    async minPayment(walletId: string): Promise<PaymentThreshold> {
      const wallet = await walletOf(walletId);
      return {
        amount: Number(effectiveMinimum(wallet, await poolMinimum())),
        payouts_stopped_until: stoppedUntil(wallet),
      };
    },

    /**
     * Sets the minimum payment (a critical change): never below the pool's minimum, nor above a
     * maximum in force. Setting the amount stored already changes nothing (see `setAddress`);
     * naming the pool's minimum when none was stored is a change, since the wallet's minimum then
     * no longer follows the pool's.
     */
    async setMinPayment(walletId: string, amount: number, author: ChangeAuthor): Promise<PaymentThreshold> {
      const value = BigInt(amount);
      const pool = await poolMinimum();
      if (value < pool) throw refuse(belowMinimum);
      const wallet = await change(
        walletId,
        (locked) => {
          if (locked.maxPayment !== 0n && value > locked.maxPayment) throw refuse(aboveMaximum);
          return locked.minPayment === value ? undefined : { field: 'min_payment', value };
        },
        author,
      );
      return { amount: Number(effectiveMinimum(wallet, pool)), payouts_stopped_until: stoppedUntil(wallet) };
    },

    async maxPayment(walletId: string): Promise<PaymentThreshold> {
      const wallet = await walletOf(walletId);
      return { amount: Number(wallet.maxPayment), payouts_stopped_until: stoppedUntil(wallet) };
    },

    /**
     * Sets the maximum payment (a critical change); 0 lifts the limit (spec 5). A maximum below
     * the minimum in force would make every payout wait for a balance it may never pay out, so it
     * is refused with the minimum's message, which names no amount.
     */
    async setMaxPayment(walletId: string, amount: number, author: ChangeAuthor): Promise<PaymentThreshold> {
      const value = BigInt(amount);
      const pool = await poolMinimum();
      const wallet = await change(
        walletId,
        (locked) => {
          if (value !== 0n && value < effectiveMinimum(locked, pool)) throw refuse(belowMinimum);
          return locked.maxPayment === value ? undefined : { field: 'max_payment', value };
        },
        author,
      );
      return { amount: Number(wallet.maxPayment), payouts_stopped_until: stoppedUntil(wallet) };
    },
  };
}

export type WalletService = ReturnType<typeof walletService>;

/** The wallet service over the server's database, for the pool and network it is configured for. */
export function walletServiceFor(options: {
  database: Database;
  poolId: string;
  config: Pick<ServerConfig, 'BITCOIN_NETWORK'>;
  clock: () => number;
}): WalletService {
  return walletService({
    repository: walletRepository(options.database),
    poolId: options.poolId,
    network: options.config.BITCOIN_NETWORK,
    clock: options.clock,
  });
}
