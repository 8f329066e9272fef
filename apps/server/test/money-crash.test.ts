import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewardTerms } from '../src/modules/money/rewards/terms-repository.ts';
import { afterChunks, runChild, urlOfTestDatabase } from './support/killable-child.ts';
import { ledgerInvariants, moneyTestBed, type MoneyTestBed } from './support/money.ts';

/**
 * The reward run killed with SIGKILL at random points and started again, many times, then two
 * processes at once: every miner is credited exactly once. PostgreSQL only: the processes share
 * one server (PGlite is one process's own).
 */

const child = new URL('./support/reward-run-child.ts', import.meta.url).pathname;
const minerCount = 300;
const chunkSize = 5;
const tera = 1e12;

describe('the reward run under SIGKILL on postgres', { timeout: 180_000 }, () => {
  let t: MoneyTestBed;
  let databaseUrl: string;

  beforeAll(async () => {
    t = await moneyTestBed('postgres', '2026-04-20T12:00:00Z');
    databaseUrl = await urlOfTestDatabase(t.database);
    await rewardTerms(t.database).setRate({
      rateMsat: 47_250n,
      source: 'network',
      effectiveFrom: new Date('2026-01-01T00:00:00Z'),
      setBy: null,
    });
    const names: string[] = [];
    for (let n = 0; n < minerCount; n += 1) names.push((await t.factory.newMiner()).accountName);
    for (const day of ['2026-04-17', '2026-04-18']) {
      await t.mine(day, Object.fromEntries(names.map((name, index) => [name, (100 + index) * tera])));
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Starts a run; with `kill`, kills it at a random point inside (see `afterChunks`). */
  const runProcess = (day: string, instance: string, kill?: { afterChunks: number; delay: number }) =>
    runChild({
      script: child,
      env: {
        DATABASE_URL: databaseUrl,
        POOL_ID: t.pool.id,
        DAY: day,
        CHUNK_SIZE: String(chunkSize),
        INSTANCE: instance,
      },
      ...(kill && afterChunks(kill)),
    });

  const creditsOf = async (day: string) =>
    t.database.query<{ miner_id: string; credits: number }>(
      `select m.id as miner_id, count(b.transfer_id)::int as credits
       from app.miners m left join app.reward_breakdowns b on b.miner_id = m.id and b.day = $1
       group by m.id`,
      [day],
    );

  it('credits every miner exactly once however often the run is killed and restarted', async () => {
    const outcomes: string[] = [];
    // Kill each run within its first chunks (four commit at once), while at least a dozen remain.
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const credited = (await creditsOf('2026-04-17')).filter((row) => row.credits === 1).length;
      if (minerCount - credited < 12 * chunkSize) break;
      const kill = { afterChunks: Math.floor(Math.random() * 3), delay: Math.floor(Math.random() * 20) };
      outcomes.push(await runProcess('2026-04-17', `crash-${attempt}`, kill));
    }
    // Every run above died: the last one finishes the day.
    expect(JSON.parse(await runProcess('2026-04-17', 'last'))).toMatchObject({ credited: minerCount });
    expect(outcomes.length).toBeGreaterThanOrEqual(3);
    expect(outcomes.every((outcome) => outcome === 'killed')).toBe(true);
    const credits = await creditsOf('2026-04-17');
    expect(credits).toHaveLength(minerCount);
    expect(credits.filter((row) => row.credits !== 1)).toEqual([]);
    expect(await ledgerInvariants(t)).toEqual({ unbalanced: [], drifted: [], negative: [], total: 0n, doubled: [] });
  });

  it('credits every miner exactly once when two processes run the day at once', async () => {
    const [one, two] = await Promise.all([runProcess('2026-04-18', 'one'), runProcess('2026-04-18', 'two')]);
    const answers = [one, two].map((line) => JSON.parse(line) as { credited?: number; error?: string });
    expect(answers.some((answer) => answer.credited === minerCount)).toBe(true);
    for (const answer of answers) {
      if (answer.error) expect(answer.error).toBe('reward_already_processed');
      else expect(answer.credited).toBe(minerCount);
    }
    const credits = await creditsOf('2026-04-18');
    expect(credits.filter((row) => row.credits !== 1)).toEqual([]);
    // Each miner's balance is exactly its two days' net.
    const wrong = await t.database.query(
      `select a.owner_id from app.ledger_accounts a
       where a.kind = 'miner' and a.balance <> (select sum(b.net) from app.reward_breakdowns b where b.miner_id = a.owner_id)`,
    );
    expect(wrong).toEqual([]);
    expect(JSON.parse(await runProcess('2026-04-18', 'again'))).toEqual({ error: 'reward_already_processed' });
    expect(await ledgerInvariants(t)).toEqual({ unbalanced: [], drifted: [], negative: [], total: 0n, doubled: [] });
  });
});
