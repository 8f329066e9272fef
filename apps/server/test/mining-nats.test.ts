import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { connect, headers, type NatsConnection } from 'nats';
import { miningEngine, type MiningEngine } from '../src/modules/mining/engine/engine.ts';
import { natsIngest, type NatsIngest } from '../src/modules/mining/ingest/nats-transport.ts';
import { miningTestDatabase, type MiningTestDatabase } from './support/mining.ts';

const natsUrl = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

describe('share batches from NATS JetStream', () => {
  let t: MiningTestDatabase;
  let engine: MiningEngine;
  let ingest: NatsIngest;
  let publisher: NatsConnection;
  const stream = `SHARES_TEST_${randomBytes(4).toString('hex')}`;
  const subject = `${stream.toLowerCase()}.pool`;

  beforeAll(async () => {
    t = await miningTestDatabase('pglite');
    await t.factory.newMiner({ accountName: 'bob_mining' });
    engine = miningEngine({ database: t.database, pool: t.pool, flushInterval: 0, tickInterval: 0 });
    await engine.start();
    ingest = await natsIngest({ engine, url: natsUrl, stream, subjects: [`${subject}`], durable: 'engine' });
    publisher = await connect({ servers: natsUrl });
  });
  afterAll(async () => {
    await ingest?.stop();
    const manager = await publisher?.jetstreamManager();
    await manager?.streams.delete(stream).catch(() => false);
    await publisher?.drain();
    await engine?.stop();
    await t?.database.close();
  });

  it('counts each batch once, acknowledges it after commit, and terminates what is not a batch', async () => {
    const js = publisher.jetstream();
    const batch = (id: string) =>
      JSON.stringify({
        batch_id: id,
        events: [
          {
            pool: 'Test pool',
            account_name: 'bob_mining',
            worker_name: 'nats-1',
            difficulty: 10,
            accepted: true,
            at: new Date().toISOString(),
          },
        ],
      });
    await js.publish(subject, batch('n1'));
    // A sender retrying after a lost acknowledgement: a new message, the same batch id.
    const retry = headers();
    retry.set('Nats-Msg-Id', 'retry-of-n1');
    await js.publish(subject, batch('n1'), { headers: retry });
    await js.publish(subject, batch('n2'));
    await js.publish(subject, 'not json');
    const deadline = Date.now() + 10_000;
    while (ingest.counters.batches + ingest.counters.malformed < 4 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(ingest.counters).toMatchObject({ batches: 3, malformed: 1, failed: 0 });
    // What the engine stored: each batch counted once.
    const [row] = await t.database.query<{ shares: number }>(
      'select sum(accepted_shares)::int as shares from app.worker_hashrate_1m',
    );
    expect(row?.shares).toBe(2);
    const manager = await publisher.jetstreamManager();
    let pending = (await manager.consumers.info(stream, 'engine')).num_ack_pending;
    while (pending > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      pending = (await manager.consumers.info(stream, 'engine')).num_ack_pending;
    }
    expect(pending).toBe(0);
  });

  it('refuses a batch of more than 50,000 events, as the HTTP ingest does', async () => {
    const js = publisher.jetstream();
    const before = { ...ingest.counters };
    const event = { pool: 'Test pool', account_name: 'bob_mining', worker_name: 'big', difficulty: 1, accepted: true };
    // Short events keep the message under NATS's max_payload; the cap is on their number.
    const oversized = JSON.stringify({ batch_id: 'too-big', events: Array.from({ length: 50_001 }, () => ({})) });
    await js.publish(subject, oversized);
    await js.publish(
      subject,
      JSON.stringify({ batch_id: 'after-big', events: [{ ...event, at: new Date().toISOString() }] }),
    );
    const deadline = Date.now() + 10_000;
    while (
      ingest.counters.batches + ingest.counters.malformed < before.batches + before.malformed + 2 &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(ingest.counters).toMatchObject({
      batches: before.batches + 1,
      malformed: before.malformed + 1,
      failed: 0,
    });
  });
});
