/**
 * One withdrawal process for the crash test: runs the 14:00 withdrawal of DAY for POOL_ID on
 * DATABASE_URL at the clock AT, prints `chunk` as each chunk commits and then the result as JSON,
 * or the error code. The test kills it with SIGKILL at random points.
 */
import { openDatabase } from '@pool/db/database';
import { withdrawalRun } from '../../src/modules/payouts/withdrawal/withdrawal-run.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const database = await openDatabase({ url: env('DATABASE_URL') });
const at = Date.parse(env('AT'));
const run = withdrawalRun({
  database,
  poolId: env('POOL_ID'),
  clock: () => at,
  chunkSize: Number(env('CHUNK_SIZE')),
  instance: env('INSTANCE'),
  onChunkCommitted: () => process.stdout.write('chunk\n'),
});
process.stdout.write('ready\n');
try {
  const result = await run.runPayoutDay(env('DAY'));
  process.stdout.write(`${JSON.stringify(result)}\n`);
} catch (error) {
  process.stdout.write(`${JSON.stringify({ error: (error as { code?: string }).code ?? String(error) })}\n`);
} finally {
  await database.close();
}
