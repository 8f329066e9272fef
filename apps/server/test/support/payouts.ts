import { randomUUID } from 'node:crypto';
import type { Database } from '@pool/db/database';
import { ledgerRepository, toBigInt } from '../../src/modules/money/ledger/ledger-repository.ts';
import { walletRepository } from '../../src/modules/payouts/wallets/wallet-repository.ts';

/** BIP 173's mainnet P2WPKH test vector: a payable address for the default network. */
export const mainnetAddress = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

/** Credits the miner as a reward would (reward clearing -> miner), under its own key. */
export async function fund(database: Database, poolId: string, minerId: string, amount: bigint): Promise<void> {
  await ledgerRepository(database, poolId).post({
    key: `test-fund:${randomUUID()}`,
    memo: { kind: 'test funding' },
    legs: [
      { account: { kind: 'reward_clearing' }, amount: -amount, type: 'reward' },
      { account: { kind: 'miner', ownerId: minerId }, amount, type: 'reward' },
    ],
  });
}

export interface WalletSetup {
  address?: string;
  minPayment?: bigint;
  maxPayment?: bigint;
  /** When the payout stop ends: the wallet's changes set it, as a miner's change would. */
  stoppedUntil: Date;
}

/** Sets the miner's wallet through the wallet repository, as the wallet routes do; answers its id. */
export async function setWallet(database: Database, minerId: string, setup: WalletSetup): Promise<string> {
  const wallets = walletRepository(database);
  const [wallet] = await wallets.walletsOf(minerId);
  if (!wallet) throw new Error('no wallet');
  const author = { identityId: randomUUID(), email: 'setup@factory.test', ip: '127.0.0.1' };
  const at = new Date(setup.stoppedUntil.getTime() - 86_400_000);
  const changes = [
    setup.address === undefined ? undefined : ({ field: 'address', value: setup.address } as const),
    setup.minPayment === undefined ? undefined : ({ field: 'min_payment', value: setup.minPayment } as const),
    setup.maxPayment === undefined ? undefined : ({ field: 'max_payment', value: setup.maxPayment } as const),
  ];
  for (const change of changes) {
    if (change) await wallets.change(wallet.id, () => change, { author, at, stoppedUntil: setup.stoppedUntil });
  }
  return wallet.id;
}

export async function balanceOf(database: Database, poolId: string, minerId: string): Promise<bigint> {
  return (await ledgerRepository(database, poolId).balanceOf('miner', minerId)).balance;
}

/**
 * The payouts' invariants, read from their tables: every request's amount is what its transfer
 * took from its miner, a request is canceled exactly when its transfer is, no miner has two
 * requests of a day, and the payouts in flight hold exactly the requests not canceled.
 */
export async function payoutInvariants(database: Database) {
  const q = database.query.bind(database);
  const mismatched = await q(
    `select r.id from app.payout_requests r
     join app.ledger_transfers t on t.id = r.transfer_id
     left join app.ledger_entries e on e.transfer_id = t.id and e.amount < 0
     left join app.ledger_accounts a on a.id = e.account_id
     where e.id is null or a.kind <> 'miner' or a.owner_id <> r.miner_id or -e.amount <> r.amount
       or (r.status = 'canceled') <> (t.status = 'canceled') or t.idempotency_key <> 'payout:' || r.day || ':' || r.miner_id`,
  );
  const doubled = await q(`select miner_id, day from app.payout_requests group by miner_id, day having count(*) > 1`);
  const [flight] = await q<{ held: string | null; requested: string | null }>(
    `select (select coalesce(sum(balance), 0) from app.ledger_accounts where kind = 'payouts_in_flight')::text as held,
       (select coalesce(sum(amount), 0) from app.payout_requests where status <> 'canceled')::text as requested`,
  );
  return { mismatched, doubled, inFlight: toBigInt(flight?.held) - toBigInt(flight?.requested) };
}
