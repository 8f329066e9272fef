import type { Database } from '@pool/db/database';
import { resolutionSpecs } from '../resolutions.ts';
import { refreshCustomerHashRates } from '../../customers/figures.ts';
import { epochMs, transaction } from '../sql.ts';

/** Drops what each resolution no longer needs; answers the ids of workers removed for good. */
export async function applyRetention(
  database: Database,
  now: number,
  workerRetention: number,
  batchRetention: number,
): Promise<number[]> {
  for (const spec of resolutionSpecs) {
    await database.query(
      `delete from app.worker_hashrate_${spec.table} where bucket_start < ${epochMs('$1::bigint')}`,
      [now - spec.workerRetention],
    );
    await database.query(
      `delete from app.account_hashrate_${spec.table} where bucket_start < ${epochMs('$1::bigint')}`,
      [now - spec.accountRetention],
    );
  }
  await database.query(`delete from app.ingest_batches where received_at < ${epochMs('$1::bigint')}`, [
    now - batchRetention,
  ]);
  const gone = await transaction(database, async (tx) => {
    const rows = await tx<{ id: number; miner_id: string }>(
      `delete from app.workers where behaviour = 'hardware' and last_share_at < ${epochMs('$1::bigint')} returning id, miner_id`,
      [now - workerRetention],
    );
    await refreshCustomerHashRates(
      tx,
      rows.map((row) => row.miner_id),
    );
    return rows;
  });
  return gone.map((row) => row.id);
}
