import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testDatabaseKinds } from '@pool/db/testing';
import { AccountMiningStats, HashRateChart, IngestResult, WorkerList } from '@pool/contract/mining';
import { buildApp } from '../src/app.ts';
import type { IdentityAdminClient } from '../src/identity-client/admin.ts';
import type { IdentityPublicClient, WhoamiResult } from '../src/identity-client/session.ts';
import { miningEngine, type MiningEngine } from '../src/modules/mining/engine/engine.ts';
import { miningWriteRepository } from '../src/modules/mining/engine/write-repository.ts';
import type { TestMiner, TestOperator, TestPerson } from './support/factory.ts';
import { fakeClock, miningTestDatabase, type MiningTestDatabase } from './support/mining.ts';
import { fakeWebRoot, testConfig } from './support/server.ts';

const api = '/api/backend/v0.1';
const ingestKey = 'test-ingest-key-0123456789';
/** The people the tests below make, by e-mail: their session cookie carries it. */
const people = new Map<string, string>();
const personId = (email: string) => people.get(email) ?? '';

/** whoami answered from the cookie, as the identity service would for these people. */
const identity: IdentityPublicClient = {
  whoami: async (cookie): Promise<WhoamiResult> => {
    const email = cookie?.replace('session=', '');
    const id = email ? personId(email) : '';
    if (!id) return { status: 'anonymous' };
    return {
      status: 'active',
      session: {
        id: `session-${id}`,
        authenticated_at: new Date().toISOString(),
        authenticator_assurance_level: 'aal1',
        authentication_methods: [],
        identity: { id, traits: { email: email ?? '' } },
      },
    };
  },
};

describe.each(testDatabaseKinds)('mining API on %s', (kind) => {
  let t: MiningTestDatabase;
  let engine: MiningEngine;
  let app: FastifyInstance;
  let aliceWorker = 0;
  let rig01SharedAt = '';
  const clock = fakeClock('2026-03-01T12:00:30Z');
  let alice: TestPerson;
  let bob: TestPerson;
  let staff: TestPerson;
  let operator: TestOperator;
  let alices: TestMiner;
  let bobs: TestMiner;
  /** Watcher links to alice's miner, with the Workers section or with Payments only. */
  let watcherWithWorkers = '';
  let watcherWithPayments = '';

  const get = async (path: string, who?: { person?: string; watcher?: string }) => {
    const headers: Record<string, string> = {};
    if (who?.person) headers.cookie = `session=${who.person}`;
    if (who?.watcher) headers['x-watcher-token'] = who.watcher;
    const response = await app.inject({ method: 'GET', url: `${api}${path}`, headers });
    return { status: response.statusCode, body: response.json<unknown>() };
  };

  beforeAll(async () => {
    t = await miningTestDatabase(kind);
    alices = await t.factory.newMiner({ accountName: 'alice_hash' });
    bobs = await t.factory.newMiner({ accountName: 'bob_mining' });
    alice = alices.owner;
    bob = bobs.owner;
    operator = await t.factory.newOperator();
    staff = await t.factory.newPerson();
    await t.factory.grant(staff, t.factory.pool, 'admin');
    for (const person of [alice, bob, staff, operator.owner]) people.set(person.email, person.id);
    engine = miningEngine({ database: t.database, pool: t.pool, clock: clock.now, flushInterval: 0, tickInterval: 0 });
    await engine.start();
    const at = (seconds: number) => new Date(clock.now() - seconds * 1000).toISOString();
    const share = (account: string, worker: string, seconds: number) => ({
      pool: 'Test pool',
      account_name: account,
      worker_name: worker,
      difficulty: 4096,
      accepted: true,
      at: at(seconds),
    });
    rig01SharedAt = at(20);
    await engine.submit({
      batchId: 'seed',
      events: [share('alice_hash', 'rig-01', 20), share('alice_hash', 'rig-02', 10), share('bob_mining', 'b-1', 5)],
    });
    clock.advance(2 * 60_000);
    await engine.tick();
    // A link lives while its creator manages the miner: alice makes both.
    watcherWithWorkers = (await t.factory.newWatcher(alices, { by: alice, access: ['Workers'] })).token;
    watcherWithPayments = (await t.factory.newWatcher(alices, { by: alice, access: ['Payments'] })).token;
    // Bob gives alice a quarter of his hashrate.
    await miningWriteRepository(t.database).addContract({
      donorMinerId: bobs.id,
      recipientMinerId: alices.id,
      hashRateShare: 0.25,
      fixedHashRate: null,
      startsAt: Date.parse('2026-01-01T00:00:00Z'),
      endsAt: null,
    });
    app = await buildApp({
      config: testConfig({ INGEST_KEY: ingestKey }),
      database: t.database,
      poolId: t.pool.id,
      identity: { public: identity, admin: {} as IdentityAdminClient },
      version: '0.0.0-test',
      webRoot: fakeWebRoot(),
      readiness: {},
      mining: { engine, clock: clock.now },
    });
    await app.ready();
    const workers = WorkerList.parse((await get(`/miners/${alices.id}/workers`, { person: alice.email })).body);
    aliceWorker = workers.items.find((worker) => worker.worker_name === 'rig-01')?.id ?? 0;
  });
  afterAll(async () => {
    await app?.close();
    await engine?.stop();
    await t?.database.close();
  });

  const minerRoutes = (id: string) => [
    `/miners/${id}/charts?period=PT15M`,
    `/miners/${id}/stats`,
    `/miners/${id}/workers?sort=hash_rate_1h&direction=desc`,
    `/miners/${id}/workers/statuses?name=rig`,
    `/miners/${id}/workers/boundary`,
    `/miners/${id}/workers/boundary/charts?period=PT1H`,
    `/miners/${id}/workers/boundary/stats`,
    `/miners/charts?id=${id}&period=P1D`,
    `/miners/stats?id=${id}`,
  ];

  it("lets a miner's owner read every mining call of their miner and their workers", async () => {
    for (const path of [...minerRoutes(alices.id), `/workers/${aliceWorker}/charts`, `/workers/${aliceWorker}/stats`]) {
      expect((await get(path, { person: alice.email })).status, path).toBe(200);
    }
  });

  it('refuses another miner with 403 and anyone signed out with 401', async () => {
    for (const path of [...minerRoutes(alices.id), `/workers/${aliceWorker}/stats`]) {
      expect((await get(path, { person: bob.email })).status, path).toBe(403);
      expect((await get(path)).status, path).toBe(401);
    }
    const both = `/miners/charts?id=${alices.id}&id=${bobs.id}`;
    expect((await get(both, { person: alice.email })).status).toBe(403);
    expect((await get(both, { person: staff.email })).status).toBe(200);
  });

  it("lets a watcher with the Workers section read its miner's mining data, and nothing else", async () => {
    for (const path of minerRoutes(alices.id)) {
      expect((await get(path, { watcher: watcherWithWorkers })).status, path).toBe(200);
      expect((await get(path, { watcher: watcherWithPayments })).status, path).toBe(403);
    }
    expect((await get(`/workers/${aliceWorker}/charts`, { watcher: watcherWithWorkers })).status).toBe(200);
    for (const path of [...minerRoutes(bobs.id), `/pools/${t.pool.id}/stats`]) {
      expect((await get(path, { watcher: watcherWithWorkers })).status, path).toBe(403);
    }
    expect((await get(`/miners/${alices.id}/stats`, { watcher: 'x'.repeat(43) })).status).toBe(401);
  });

  it('opens pool calls to pool staff and operator calls to the operator', async () => {
    for (const path of ['charts?period=P1W', 'stats', 'workers?status=stable&search=rig', 'workers/statuses']) {
      expect((await get(`/pools/${t.pool.id}/${path}`, { person: staff.email })).status, path).toBe(200);
      expect((await get(`/pools/${t.pool.id}/${path}`, { person: alice.email })).status, path).toBe(403);
      expect((await get(`/operators/${operator.id}/${path}`, { person: operator.owner.email })).status, path).toBe(200);
      expect((await get(`/operators/${operator.id}/${path}`, { person: bob.email })).status, path).toBe(403);
      expect((await get(`/operators/${operator.id}/${path}`)).status, path).toBe(401);
    }
  });

  it('answers charts, stats and lists in the contract, with the shares behind each figure', async () => {
    const chart = HashRateChart.parse(
      (await get(`/miners/${alices.id}/charts?period=PT15M`, { person: alice.email })).body,
    );
    expect(chart).toMatchObject({ resolution: 'PT1M', availability: 'collecting', period: 'PT15M' });
    expect(chart.points).toHaveLength(15);
    expect(chart.points.reduce((sum, point) => sum + (point.shares ?? 0), 0)).toBe(2);
    const stats = AccountMiningStats.parse((await get(`/pools/${t.pool.id}/stats`, { person: staff.email })).body);
    expect(stats.hash_rate_15m).toEqual({
      hash_rate: (3 * 4096 * 2 ** 32) / 900,
      shares: 3,
      relative_error: 1 / Math.sqrt(3),
    });
    expect(stats.workers).toEqual({ stable: 3, unavailable: 0, off: 0, removed: 0, total: 3 });
    const list = WorkerList.parse(
      (
        await get(`/pools/${t.pool.id}/workers?sort=worker_name&direction=desc&per_page=2`, {
          person: staff.email,
        })
      ).body,
    );
    expect(list.items.map((worker) => worker.full_name)).toEqual(['alice_hash.rig-02', 'alice_hash.rig-01']);
    expect(list).toMatchObject({ total: 3, page: 1, per_page: 2 });
    // Its one share's time, to the millisecond, as the worker's first and last.
    expect(list.items[1]).toMatchObject({ first_share_at: rig01SharedAt, last_share_at: rig01SharedAt });
    const total = async (query: string) =>
      WorkerList.parse((await get(`/pools/${t.pool.id}/workers?${query}`, { person: staff.email })).body).total;
    // Past the last page there is no worker, and still the total; narrowed by status, by name.
    expect(await total('per_page=2&page=3')).toBe(3);
    expect(await total('status=stable')).toBe(3);
    expect(await total('status=off&status=removed')).toBe(0);
    expect(await total('status=off&status=removed&page=2')).toBe(0);
    expect(await total('search=rig-0')).toBe(2);
    expect(await total('search=rig-0&page=5')).toBe(2);
    const boundary = (await get(`/miners/${alices.id}/workers/boundary`, { person: alice.email })).body as {
      items: { worker_name: string; hash_rate_15m: { hash_rate: number; shares: number } }[];
    };
    expect(boundary.items[0]?.worker_name).toBe('boundary-bob_mining');
    expect(boundary.items[0]?.hash_rate_15m.hash_rate).toBeCloseTo((0.25 * 4096 * 2 ** 32) / 900, 3);
  });

  it('gives any signed-in person a random worker name', async () => {
    const answer = await get('/workers/random-name', { person: bob.email });
    expect(answer.body).toMatchObject({ worker_name: expect.stringMatching(/^[a-z]+-[a-z]+-[0-9a-f]{4}$/) as unknown });
    expect((await get('/workers/random-name')).status).toBe(401);
  });

  it('takes share batches over HTTP only with the ingest key', async () => {
    const body = {
      batch_id: 'http-1',
      events: [
        {
          pool: 'Test pool',
          account_name: 'bob_mining',
          worker_name: 'b-2',
          difficulty: 1,
          accepted: true,
          at: new Date(clock.now()).toISOString(),
        },
        { pool: 'Test pool' },
      ],
    };
    const post = (authorization?: string) =>
      app.inject({
        method: 'POST',
        url: `${api}/ingest/shares`,
        payload: body,
        headers: authorization ? { authorization } : {},
      });
    expect((await post()).statusCode).toBe(401);
    expect((await post('Bearer wrong-key-wrong-key-0000')).statusCode).toBe(401);
    const accepted = await post(`Bearer ${ingestKey}`);
    expect(accepted.statusCode).toBe(200);
    expect(IngestResult.parse(accepted.json())).toMatchObject({ accepted: 1, rejected: 1, duplicate: false });
    expect(IngestResult.parse((await post(`Bearer ${ingestKey}`)).json()).duplicate).toBe(true);
    const malformed = await app.inject({
      method: 'POST',
      url: `${api}/ingest/shares`,
      payload: { events: 'none' },
      headers: { authorization: `Bearer ${ingestKey}` },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('streams events over SSE, taking a watcher token from the query on that route only', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const open = async (query: string) => {
      const controller = new AbortController();
      const response = await fetch(`${address}${api}/miners/${alices.id}/events${query}`, {
        signal: controller.signal,
      });
      return { response, close: () => controller.abort() };
    };
    const refused = await open('');
    expect(refused.response.status).toBe(401);
    refused.close();
    const stream = await open(`?watcher_token=${watcherWithWorkers}`);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    clock.advance(60_000);
    await engine.tick();
    let text = '';
    for await (const chunk of stream.response.body as unknown as AsyncIterable<Uint8Array>) {
      text += new TextDecoder().decode(chunk);
      if (text.includes('event: buckets_closed')) break;
    }
    expect(text).toContain('"resolution":"PT1M"');
    stream.close();
    expect((await get(`/miners/${alices.id}/stats?watcher_token=${watcherWithWorkers}`)).status).toBe(401);
  });
});
