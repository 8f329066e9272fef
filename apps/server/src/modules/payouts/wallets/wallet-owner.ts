import type { Database } from '@pool/db/database';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The miner a payout wallet belongs to, for the access policy of routes that name a wallet. */
export function walletOwners(database: Database) {
  return {
    async minerOf(walletId: string): Promise<string | undefined> {
      if (!uuidPattern.test(walletId)) return undefined;
      const [row] = await database.query<{ miner_id: string }>('select miner_id from app.wallets where id = $1', [
        walletId,
      ]);
      return row?.miner_id;
    },
  };
}
