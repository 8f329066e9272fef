import type { Database } from '@pool/db/database';
import { flushWrites } from './flush-writes.ts';
import { applyRetention } from './retention.ts';
import { rollupWrites } from './rollup-writes.ts';
import { workerRows } from './worker-rows.ts';

export type { ActivityDelta, BucketDelta } from './flush-writes.ts';
export type { StatWindow } from './rollup-writes.ts';
export type { MinerRow } from './worker-rows.ts';

/** Every statement that writes mining data: the flush, roll-ups, current figures and retention. */
export function miningWriteRepository(database: Database) {
  return {
    ...workerRows(database),
    ...flushWrites(database),
    ...rollupWrites(database),
    applyRetention: (now: number, workerRetention: number, batchRetention: number): Promise<number[]> =>
      applyRetention(database, now, workerRetention, batchRetention),
  };
}

export type MiningWriteRepository = ReturnType<typeof miningWriteRepository>;
