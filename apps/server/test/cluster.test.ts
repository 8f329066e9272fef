import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseUrl } from '@pool/db/testing';
import { testFactory, type TestMiner } from './support/factory.ts';

/**
 * Issue 18: with DATABASE_URL, main.ts serves from WEB_CONCURRENCY processes sharing the port and
 * the database, and one of them, elected through the database, writes. This starts the real
 * main.ts with two processes (PostgreSQL only: PGlite is one process's database).
 */

const main = new URL('../src/main.ts', import.meta.url).pathname;
const port = 9610;
const origin = `http://127.0.0.1:${port}`;
const api = `${origin}/api/backend/v0.1`;
const ingestKey = 'cluster-test-ingest-key-0123456789';
const eventsPerBatch = 5;

/** What the cluster printed (its start, the writers elected, warnings): shown when a wait gives up. */
let printed = '';

/** Polls until `probe` answers something other than undefined; the bound only catches a hang. */
async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 150_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`gave up waiting for ${what}; the cluster printed:\n${printed.slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** One POST on a connection of its own, closed after the answer: the primary hands each new connection to the next process. */
function postOnce(body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(
      `${api}/ingest/shares`,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${ingestKey}`,
          connection: 'close',
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    // A connection the primary handed to a process as it died is never answered: give up on it,
    // as a stratum server would, and send again (a batch counts once however often it comes).
    sent.setTimeout(15_000, () => sent.destroy(new Error('no answer')));
    sent.end(body);
  });
}

/** Sends the batch as a stratum server does: again after a 503 or a dropped connection, until it is taken. */
async function send(body: string): Promise<{ accepted: number; duplicate: boolean }> {
  const answer = await until('a batch to be taken', async () => {
    const reply = await postOnce(body).catch(() => undefined);
    if (!reply || reply.status === 503) return undefined;
    return reply;
  });
  expect(answer.status, answer.body).toBe(200);
  return JSON.parse(answer.body) as { accepted: number; duplicate: boolean };
}

/** An open event stream, read in the background. */
function openStream(url: string) {
  const controller = new AbortController();
  let received = '';
  let status = 0;
  void (async () => {
    try {
      const response = await fetch(url, { signal: controller.signal });
      status = response.status;
      if (!response.body) return;
      const decoder = new TextDecoder();
      for await (const chunk of response.body) received += decoder.decode(chunk as Uint8Array);
    } catch {
      // closed by the test
    }
  })();
  return { text: () => received, status: () => status, close: () => controller.abort() };
}

describe('several processes on one PostgreSQL database', { timeout: 420_000 }, () => {
  let database: Database;
  let server: ChildProcess;
  let miner: TestMiner;
  let poolName: string;
  let watcherToken: string;
  let batches = 0;

  const writerPids = () => [...printed.matchAll(/Writer: process (\d+)/g)].map((match) => Number(match[1]));
  /** Shares in the minute buckets and in the flushes' log not folded into them yet. */
  const committedShares = async () =>
    (
      await database.query<{ total: number }>(
        `select ((select coalesce(sum(accepted_shares), 0) from app.worker_hashrate_1m)
           + (select coalesce(sum(n), 0) from app.worker_minute_log, unnest(accepted_shares) n))::int as total`,
      )
    )[0]?.total;
  const newBatch = () =>
    JSON.stringify({
      batch_id: `cluster-${(batches += 1)}`,
      events: Array.from({ length: eventsPerBatch }, (_, index) => ({
        pool: poolName,
        account_name: miner.accountName,
        worker_name: `rig-${index}`,
        difficulty: 1,
        accepted: true,
        at: new Date().toISOString(),
      })),
    });

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    const [row] = await database.query<{ name: string }>('select current_database() as name');
    const url = new URL(testDatabaseUrl());
    url.pathname = `/${row?.name}`;
    server = spawn(process.execPath, ['--import', 'tsx', main], {
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        WEB_CONCURRENCY: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        IDENTITY_ADMIN_PORT: String(port + 1),
        DEMO: 'off',
        SIMULATOR: 'off',
        EXCHANGE_RATES_URL: 'off',
        LOG_LEVEL: 'warn',
        INGEST_KEY: ingestKey,
      },
    });
    server.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    await until('the cluster to serve', () => (/Pool dashboard is running/.test(printed) ? true : undefined));
    // The factory writes the way the product does; the pool is the one the server made.
    const factory = await testFactory(database);
    poolName = factory.pool.name;
    miner = await factory.newMiner();
    watcherToken = (await factory.newWatcher(miner, { by: miner.owner, access: ['Workers'] })).token;
  });

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await database?.close();
  });

  it('elects exactly one writer through the database', async () => {
    // Both processes take part in the election, each on its own connection.
    const names = await until('both processes to stand for election', async () => {
      const rows = await database.query<{ name: string }>(
        `select application_name as name from pg_stat_activity
          where datname = current_database() and application_name like 'pool-%'`,
      );
      return rows.length === 2 && rows.some((row) => row.name.startsWith('pool-writer ')) ? rows : undefined;
    });
    expect(names.filter((row) => row.name.startsWith('pool-writer ')).length).toBe(1);
    expect(names.filter((row) => row.name === 'pool-candidate').length).toBe(1);
    expect(writerPids().length).toBe(1);
    // The start's lines are printed once, by the primary.
    expect(printed.match(/Pool dashboard is running/g)?.length).toBe(1);
  });

  it('counts every batch once, whichever process took it and however often it came', async () => {
    // Streams opened one connection after another land on both processes, the writer and not.
    const streams = Array.from({ length: 4 }, () =>
      openStream(`${api}/miners/${miner.id}/events?watcher_token=${watcherToken}`),
    );
    try {
      for (let round = 0; round < 20; round++) {
        const batch = newBatch();
        const first = await send(batch);
        expect(first).toMatchObject({ accepted: eventsPerBatch, duplicate: false });
        // Sent again on a new connection, so most likely to the other process: still once.
        expect((await send(batch)).duplicate).toBe(true);
      }
      // A batch's answer comes once its shares are committed.
      expect(await committedShares()).toBe(20 * eventsPerBatch);

      // Every stream, on the writer or not, hears the writer's engine (a worker's status, a closed minute).
      await until('every stream to hear an engine event', () =>
        streams.every((stream) => /event: (worker_status_changed|buckets_closed)/.test(stream.text()))
          ? true
          : undefined,
      );
      expect(streams.map((stream) => stream.status())).toEqual([200, 200, 200, 200]);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('hands the writing over when the writer dies, and ingest goes on counting once', async () => {
    const [writer] = writerPids();
    if (writer === undefined) throw new Error('no writer was printed');
    const before = (await committedShares()) ?? 0;
    process.kill(writer, 'SIGKILL');
    // Batches sent at once meet a dead writer or none (503, retried) until the other process takes over.
    for (let round = 0; round < 10; round++) {
      const batch = newBatch();
      expect((await send(batch)).accepted).toBe(eventsPerBatch);
      expect((await send(batch)).duplicate).toBe(true);
    }
    const next = await until('another writer', () => writerPids().find((pid) => pid !== writer));
    expect(next).not.toBe(writer);
    expect(await committedShares()).toBe(before + 10 * eventsPerBatch);
    // The dead process was replaced: two processes stand again, one of them the writer.
    await until('the replaced process to stand for election', async () => {
      const rows = await database.query<{ name: string }>(
        `select application_name as name from pg_stat_activity
          where datname = current_database() and application_name like 'pool-%'`,
      );
      return rows.length === 2 ? rows : undefined;
    });
    const writers = await database.query<{ name: string }>(
      `select application_name as name from pg_stat_activity
        where datname = current_database() and application_name like 'pool-writer %'`,
    );
    expect(writers.length).toBe(1);
  });
});
