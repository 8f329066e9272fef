import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterChunks, runChild, urlOfTestDatabase } from './support/killable-child.ts';
import { ledgerInvariants, moneyTestBed, type MoneyTestBed } from './support/money.ts';
import { fund, mainnetAddress, payoutInvariants, setWallet } from './support/payouts.ts';

/**
 * The 14:00 withdrawal killed with SIGKILL at random points and started again, many times, then two
 * processes at once: every miner is paid exactly once a day, and no reserved amount is lost.
 * PostgreSQL only: the processes share one server (PGlite is one process's own).
 */

const child = new URL('./support/withdrawal-run-child.ts', import.meta.url).pathname;
const minerCount = 300;
const chunkSize = 5;

describe('the withdrawal under SIGKILL on postgres', { timeout: 180_000 }, () => {
  let t: MoneyTestBed;
  let databaseUrl: string;
  const minerIds: string[] = [];

  beforeAll(async () => {
    t = await moneyTestBed('postgres', '2026-04-20T12:00:00Z');
    databaseUrl = await urlOfTestDatabase(t.database);
    for (let n = 0; n < minerCount; n += 1) {
      const miner = await t.factory.newMiner();
      minerIds.push(miner.id);
      await fund(t.database, t.pool.id, miner.id, 100_000n + BigInt(n));
      await setWallet(t.database, miner.id, {
        address: mainnetAddress,
        stoppedUntil: new Date('2026-04-01T00:00:00Z'),
      });
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Starts a 14:00 run; with `kill`, kills it at a random point inside (see `afterChunks`). */
  const runProcess = (day: string, instance: string, kill?: { afterChunks: number; delay: number }) =>
    runChild({
      script: child,
      env: {
        DATABASE_URL: databaseUrl,
        POOL_ID: t.pool.id,
        DAY: day,
        AT: `${day}T14:00:00Z`,
        CHUNK_SIZE: String(chunkSize),
        INSTANCE: instance,
      },
      ...(kill && afterChunks(kill)),
    });

  const requestsOf = async (day: string) =>
    t.database.query<{ miner_id: string; requests: number }>(
      `select m.id as miner_id, count(r.id)::int as requests
       from app.miners m left join app.payout_requests r on r.miner_id = m.id and r.day = $1
       group by m.id`,
      [day],
    );
  const balancesNotZero = () =>
    t.database.query(`select owner_id, balance from app.ledger_accounts where kind = 'miner' and balance <> 0`);

  it('pays every miner exactly once however often the run is killed and restarted', async () => {
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const paid = (await requestsOf('2026-04-20')).filter((row) => row.requests === 1).length;
      if (minerCount - paid < 12 * chunkSize) break;
      const kill = { afterChunks: Math.floor(Math.random() * 3), delay: Math.floor(Math.random() * 20) };
      outcomes.push(await runProcess('2026-04-20', `crash-${attempt}`, kill));
    }
    expect(JSON.parse(await runProcess('2026-04-20', 'last'))).toMatchObject({ paid: minerCount });
    expect(outcomes.length).toBeGreaterThanOrEqual(3);
    expect(outcomes.every((outcome) => outcome === 'killed')).toBe(true);
    const requests = await requestsOf('2026-04-20');
    expect(requests).toHaveLength(minerCount);
    expect(requests.filter((row) => row.requests !== 1)).toEqual([]);
    // Each miner's whole balance is reserved, once: nothing left, nothing taken twice.
    expect(await balancesNotZero()).toEqual([]);
    expect(await ledgerInvariants(t)).toMatchObject({ unbalanced: [], drifted: [], negative: [], total: 0n });
    expect(await payoutInvariants(t.database)).toEqual({ mismatched: [], doubled: [], inFlight: 0n });
  });

  it('pays every miner exactly once when two processes run the day at once', async () => {
    for (const [n, minerId] of minerIds.entries()) await fund(t.database, t.pool.id, minerId, 200_000n + BigInt(n));
    const [one, two] = await Promise.all([runProcess('2026-04-21', 'one'), runProcess('2026-04-21', 'two')]);
    const answers = [one, two].map((line) => JSON.parse(line) as { paid?: number; error?: string });
    expect(answers.some((answer) => answer.paid === minerCount)).toBe(true);
    for (const answer of answers) {
      if (answer.error) expect(answer.error).toBe('payout_already_processed');
      else expect(answer.paid).toBe(minerCount);
    }
    expect((await requestsOf('2026-04-21')).filter((row) => row.requests !== 1)).toEqual([]);
    expect(await balancesNotZero()).toEqual([]);
    expect(JSON.parse(await runProcess('2026-04-21', 'again'))).toEqual({ error: 'payout_already_processed' });
    expect(await ledgerInvariants(t)).toMatchObject({ unbalanced: [], drifted: [], negative: [], total: 0n });
    expect(await payoutInvariants(t.database)).toEqual({ mismatched: [], doubled: [], inFlight: 0n });
  });
});
