import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@pool/db/testing';
import { schema } from '../src/db/schema.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { outboxRepository } from '../src/mail/outbox-repository.ts';
import { miningEngine, type MiningEngine } from '../src/modules/mining/engine/engine.ts';
import { notificationDispatcher } from '../src/modules/notifications/dispatcher.ts';
import { preferenceRepository } from '../src/modules/notifications/preferences.ts';
import { workerOfflineAlerts } from '../src/modules/notifications/worker-alerts.ts';
import type { TestMiner } from './support/factory.ts';
import { fakeClock, miningTestDatabase, type MiningTestDatabase } from './support/mining.ts';

const minute = 60_000;
const quiet = { info: () => {}, warn: () => {} };

/**
 * Issue 17: worker offline alerts on the mining engine's own data. rig-slow shares every 2 minutes,
 * rig-a and rig-b every 30 s; all three stop at once. The fast ones are alerted at spec 9's
 * 10 minutes, together in one message; rig-slow only once its silence is under a 1 in 10,000
 * chance at its own rate (2·ln 10,000 ≈ 18.4 minutes); each once; rig-a's return once.
 */
describe.each(testDatabaseKinds)('worker offline alerts on %s', (kind) => {
  let t: MiningTestDatabase;
  let engine: MiningEngine;
  let miner: TestMiner;
  const clock = fakeClock('2026-03-10T08:00:00Z');
  let stoppedAt = 0;

  beforeAll(async () => {
    t = await miningTestDatabase(kind);
    miner = await t.factory.newMiner({ accountName: `farm_${kind}` });
    await t.factory.repositories.users.setLanguage(miner.owner.id, 'en');
    await preferenceRepository(t.database).save(miner.owner.id, {
      items: [{ kind: 'worker-status-changed', channels: { email: true, telegram: false } }],
    });
    engine = miningEngine({ database: t.database, pool: t.pool, clock: clock.now, flushInterval: 0, tickInterval: 0 });
    await engine.start();
    let batch = 0;
    const share = (worker: string, at: number) => ({
      pool: t.pool.name,
      account_name: miner.accountName,
      worker_name: worker,
      difficulty: 4096,
      accepted: true,
      at: new Date(at).toISOString(),
    });
    // An hour of shares: rig-slow every 2 minutes (31 shares), rig-a and rig-b every 30 seconds.
    for (let step = 0; step <= 30; step += 1) {
      const now = clock.now();
      const events = [share('rig-slow', now)];
      if (step < 30)
        for (const offset of [0, 30_000, 60_000, 90_000])
          events.push(share('rig-a', now + offset), share('rig-b', now + offset));
      await engine.submit({
        batchId: `b${(batch += 1)}`,
        events: events.filter((event) => Date.parse(event.at) <= now),
      });
      for (const offset of [30_000, 60_000, 90_000]) {
        clock.advance(30_000);
        if (step < 30) {
          await engine.submit({
            batchId: `b${(batch += 1)}`,
            events: [share('rig-a', now + offset), share('rig-b', now + offset)],
          });
        }
      }
      clock.advance(30_000);
      await engine.tick();
    }
    stoppedAt = clock.now() - 2 * minute;
  }, 240_000);

  afterAll(async () => {
    await engine?.stop();
    await t?.database.close();
  });

  const alerts = () => workerOfflineAlerts({ database: t.database, clock: clock.now });
  const events = () =>
    t.database.query<{ payload: { offline: { name: string }[]; back: { name: string }[] } }>(
      `select payload from app.notification_events where kind = 'worker-status-changed' order by id`,
    );
  const at = async (silence: number) => {
    clock.set(stoppedAt + silence);
    await engine.tick();
    return alerts().scan();
  };

  it('alerts the fast workers at 10 minutes, together, and not a minute before', async () => {
    expect(await at(9 * minute)).toBe(0);
    expect(await at(10.5 * minute)).toBe(1);
    const [first] = await events();
    expect(first?.payload.offline.map((worker) => worker.name)).toEqual(['rig-a', 'rig-b']);
    expect(first?.payload.back).toEqual([]);
  });

  it('waits for the slow worker until its silence is unlikely at its own rate, then alerts it once', async () => {
    expect(await at(12 * minute)).toBe(0);
    expect(await at(18 * minute)).toBe(0);
    expect(await at(19 * minute)).toBe(1);
    expect((await events()).at(-1)?.payload.offline.map((worker) => worker.name)).toEqual(['rig-slow']);
    expect(await at(40 * minute)).toBe(0);
    expect(await events()).toHaveLength(2);
  });

  it('announces a worker back once when it shares again', async () => {
    clock.set(stoppedAt + 45 * minute);
    await engine.submit({
      batchId: 'back',
      events: [
        {
          pool: t.pool.name,
          account_name: miner.accountName,
          worker_name: 'rig-a',
          difficulty: 4096,
          accepted: true,
          at: new Date(clock.now()).toISOString(),
        },
      ],
    });
    await engine.tick();
    expect(await alerts().scan()).toBe(1);
    expect((await events()).at(-1)?.payload).toMatchObject({ offline: [], back: [{ name: 'rig-a' }] });
    expect(await alerts().scan()).toBe(0);
  });

  it('mails the grouped alert to the account’s people in one message', async () => {
    const outbox = outboxRepository(t.database.orm(schema));
    await notificationDispatcher({
      database: t.database,
      preferences: preferenceRepository(t.database),
      mailer: createMailer({ outbox, smtpUrl: undefined, from: 'no-reply@pool.test', log: quiet }),
      telegram: undefined,
      pool: async () => ({ name: 'Test pool', defaultLanguage: 'en' }),
      appUrl: 'http://localhost:8080',
      log: quiet,
    }).drain();
    const mails = await outbox.to(miner.owner.email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      `Test pool: 2 workers are offline — farm_${kind}`,
      `Test pool: A worker is back online — farm_${kind}`,
      `Test pool: A worker is offline — farm_${kind}`,
    ]);
    const grouped = mails.find((mail) => mail.subject.includes('2 workers'));
    expect(grouped?.body).toMatch(/rig-a \(last share .*\)\n {2}rig-b/);
  });
});
