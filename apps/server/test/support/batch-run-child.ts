/**
 * One payout-batch process for the crash test: on DATABASE_URL for POOL_ID at the instant CLOCK,
 * with the Bitcoin Core node at NODE_URL (wallet NODE_WALLET), it makes the due batch and prints
 * `batched`, waits PAUSE_MS (the window the test kills it in), sends the created batches and
 * prints `sent`, then polls the sent ones and prints `polled`. The test kills it with SIGKILL.
 */
import { openDatabase } from '@pool/db/database';
import { batchRun } from '../../src/modules/payouts/batches/batch-run.ts';
import { bitcoinCoreChain } from '../../src/modules/payouts/broadcast/bitcoin-core.ts';
import { bitcoinCoreRpc } from '../../src/modules/payouts/broadcast/bitcoin-core-rpc.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const database = await openDatabase({ url: env('DATABASE_URL') });
const errors: string[] = [];
const run = batchRun({
  database,
  poolId: env('POOL_ID'),
  clock: () => Number(env('CLOCK')),
  confirmations: Number(env('CONFIRMATIONS')),
  broadcast: bitcoinCoreChain(bitcoinCoreRpc({ url: env('NODE_URL'), wallet: env('NODE_WALLET') })),
  onError: (error, during) => errors.push(`${during}: ${String(error)}`),
});
try {
  await run.batchDue();
  process.stdout.write('batched\n');
  await new Promise((resolve) => setTimeout(resolve, Number(process.env.PAUSE_MS ?? 0)));
  await run.broadcastCreated();
  process.stdout.write('sent\n');
  await run.pollSent();
  process.stdout.write(`${JSON.stringify({ polled: true, errors })}\n`);
} finally {
  await database.close();
}
