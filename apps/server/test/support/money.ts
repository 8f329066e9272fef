import type { TestDatabaseKind } from '@pool/db/testing';
import { miningEngine, type MiningEngine } from '../../src/modules/mining/engine/engine.ts';
import { hashesPerDifficulty } from '../../src/modules/mining/hashrate.ts';
import { toBigInt } from '../../src/modules/money/ledger/ledger-repository.ts';
import { dayMs, startOf } from '../../src/modules/money/rewards/reward-run.ts';
import { fakeClock, miningTestDatabase, type MiningTestDatabase } from './mining.ts';

/** A migrated pool with a mining engine on a fake clock, for tests of the money engine. */
export interface MoneyTestBed extends MiningTestDatabase {
  engine: MiningEngine;
  clock: ReturnType<typeof fakeClock>;
  /**
   * Mines on a past day through the engine's history import: one minute per account holding the
   * whole day's work, so the day's 1-day bucket averages exactly `hashRate` H/s.
   */
  mine(day: string, work: Record<string, number>): Promise<void>;
  close(): Promise<void>;
}

let batch = 0;

export async function moneyTestBed(kind: TestDatabaseKind, now: string): Promise<MoneyTestBed> {
  const t = await miningTestDatabase(kind);
  const clock = fakeClock(now);
  const engine = miningEngine({
    database: t.database,
    pool: t.pool,
    clock: clock.now,
    flushInterval: 0,
    tickInterval: 0,
  });
  await engine.start();
  return {
    ...t,
    engine,
    clock,
    async mine(day, work) {
      const start = startOf(day) + 12 * 60 * 60 * 1000;
      if (startOf(day) + dayMs > engine.closedThrough('P1D')) throw new Error(`${day} has not been closed yet`);
      await engine.importHistory(
        `money-test-${(batch += 1)}`,
        Object.entries(work).map(([accountName, hashRate]) => ({
          accountName,
          workerName: 'rig',
          start,
          totals: {
            acceptedDifficulty: (hashRate * (dayMs / 1000)) / hashesPerDifficulty,
            rejectedDifficulty: 0,
            acceptedShares: 100,
            rejectedShares: 0,
          },
          lastShareAt: start + 59_000,
        })),
      );
    },
    async close() {
      await engine.stop();
      await t.database.close();
    },
  };
}

/**
 * The ledger's invariants, read from its tables (what these tests check): every transfer sums to
 * zero, every balance is the sum of its entries (of transfers not canceled), and nothing that
 * must not is negative.
 */
export async function ledgerInvariants(t: Pick<MiningTestDatabase, 'database'>) {
  const q = t.database.query.bind(t.database);
  const unbalanced = await q(`select transfer_id from app.ledger_entries group by transfer_id having sum(amount) <> 0`);
  const drifted = await q(
    `select a.id from app.ledger_accounts a
     where a.balance <> coalesce((select sum(e.amount) from app.ledger_entries e join app.ledger_transfers t on t.id = e.transfer_id
       where e.account_id = a.id and t.status <> 'canceled'), 0)`,
  );
  const negative = await q(`select id from app.ledger_accounts where balance < 0 and not may_go_negative`);
  const [total] = await q<{ total: string | null }>(`select sum(balance)::text as total from app.ledger_accounts`);
  const doubled = await q(`select miner_id, day from app.reward_breakdowns group by miner_id, day having count(*) > 1`);
  return { unbalanced, drifted, negative, total: toBigInt(total?.total ?? 0), doubled };
}
