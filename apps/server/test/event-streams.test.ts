import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import { buildApp } from '../src/app.ts';
import type { IdentityAdminClient } from '../src/identity-client/admin.ts';
import { miningEngine, type MiningEngine } from '../src/modules/mining/engine/engine.ts';
import { testFactory, type TestMiner, type TestPerson } from './support/factory.ts';
import { fakeClock, miningTestDatabase, type MiningTestDatabase } from './support/mining.ts';
import { fakeWebRoot, startTestServer, testConfig, type TestServer } from './support/server.ts';
import { fakeSessions } from './support/signed-in.ts';

const api = '/api/backend/v0.1';

/** An open Server-Sent Events response, read in the background until the server ends it. */
interface OpenStream {
  status: number;
  body: string;
  /** Everything received so far. */
  text(): string;
  /** True when the server ended the stream within `ms`. */
  endsWithin(ms: number): Promise<boolean>;
  close(): void;
}

async function openStream(url: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  if (response.status !== 200 || !response.body) {
    return {
      status: response.status,
      body: await response.text(),
      text: () => '',
      endsWithin: async () => true,
      close: () => {},
    };
  }
  let received = '';
  const decoder = new TextDecoder();
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return true;
        received += decoder.decode(value);
      }
    } catch {
      return false;
    }
  })();
  return {
    status: 200,
    body: '',
    text: () => received,
    endsWithin: (ms) =>
      Promise.race([ended, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref())]),
    close: () => controller.abort(),
  };
}

describe.each(testDatabaseKinds)('event streams re-check their caller on %s', (kind) => {
  let t: MiningTestDatabase;
  let engine: MiningEngine;
  /** Alice owns the miner; bob becomes its admin and loses that again. */
  let alices: TestMiner;
  let alice: TestPerson;
  let bob: TestPerson;
  const aliceMiner = () => alices.id;
  const clock = fakeClock('2026-03-01T12:00:30Z');
  const sessions = fakeSessions();
  /** Re-checks every 100 ms, as if a heartbeat had just passed. */
  let checking: { app: FastifyInstance; address: string };
  /** Re-checks only every hour: what closes its streams does so at once, or before an event goes out. */
  let slow: { app: FastifyInstance; address: string };

  const startApp = async (recheckEvery: number) => {
    const app = await buildApp({
      config: testConfig(),
      database: t.database,
      poolId: t.pool.id,
      identity: { public: sessions.identity, admin: {} as IdentityAdminClient },
      version: '0.0.0-test',
      webRoot: fakeWebRoot(),
      readiness: {},
      mining: { engine, clock: clock.now, streams: { recheckEvery } },
    });
    return { app, address: await app.listen({ port: 0, host: '127.0.0.1' }) };
  };
  const call = async <T>(
    target: { app: FastifyInstance },
    method: 'POST' | 'DELETE',
    path: string,
    cookie: string,
    payload?: unknown,
  ) => {
    const response = await target.app.inject({
      method,
      url: `${api}${path}`,
      headers: { cookie },
      payload: payload as object,
    });
    return { status: response.statusCode, body: (response.body ? JSON.parse(response.body) : null) as T };
  };
  const events = (target: { address: string }, minerId: string, query = '') =>
    `${target.address}${api}/miners/${minerId}/events${query}`;
  const newLink = async (target: { app: FastifyInstance }, cookie: string) => {
    const created = await call<{ id: string; token: string }>(
      target,
      'POST',
      `/miners/${aliceMiner()}/watchers`,
      cookie,
      { name: 'Live', access: ['Workers'] },
    );
    expect(created.status).toBe(201);
    return created.body;
  };
  const makeBobAdmin = () => t.factory.grant(bob, alices, 'admin');

  beforeAll(async () => {
    t = await miningTestDatabase(kind);
    alices = await t.factory.newMiner();
    alice = alices.owner;
    bob = await t.factory.newPerson();
    engine = miningEngine({ database: t.database, pool: t.pool, clock: clock.now, flushInterval: 0, tickInterval: 0 });
    await engine.start();
    checking = await startApp(100);
    slow = await startApp(60 * 60_000);
  });
  afterAll(async () => {
    await checking?.app.close();
    await slow?.app.close();
    await engine?.stop();
    await t?.database.close();
  });

  it("finding 11: deleting a watcher ends that watcher's open streams at once", async () => {
    const aliceCookie = sessions.signIn(alice);
    const byId = await newLink(slow, aliceCookie);
    const byToken = await newLink(slow, aliceCookie);
    const streams = [
      await openStream(events(slow, aliceMiner(), `?watcher_token=${byId.token}`)),
      await openStream(events(slow, aliceMiner(), `?watcher_token=${byId.token}`)),
      await openStream(events(slow, aliceMiner(), `?watcher_token=${byToken.token}`)),
    ];
    expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200]);
    expect(await streams[2]?.endsWithin(300)).toBe(false);

    expect((await call(slow, 'DELETE', `/watchers/${byId.id}`, aliceCookie)).status).toBe(204);
    expect(await streams[0]?.endsWithin(2000)).toBe(true);
    expect(await streams[1]?.endsWithin(2000)).toBe(true);
    expect(await streams[2]?.endsWithin(300)).toBe(false);

    const revoked = await call(slow, 'DELETE', `/identity/${alice.id}/watchers/${byToken.token}`, aliceCookie);
    expect(revoked.status).toBe(204);
    expect(await streams[2]?.endsWithin(2000)).toBe(true);
  });

  it("finding 11: a removed member's stream ends at the next re-check, and keeps going until then", async () => {
    const bobAccess = await makeBobAdmin();
    const stream = await openStream(events(checking, aliceMiner()), { cookie: sessions.signIn(bob) });
    expect(stream.status).toBe(200);
    // Several re-checks pass while bob is still a member.
    expect(await stream.endsWithin(500)).toBe(false);
    const removed = await call(
      checking,
      'DELETE',
      `/miners/${aliceMiner()}/access/${bobAccess}`,
      sessions.signIn(alice),
    );
    expect(removed.status).toBe(204);
    expect(await stream.endsWithin(2000)).toBe(true);
  });

  it("finding 11: signing out ends the session's streams", async () => {
    const cookie = sessions.signIn(alice);
    const stream = await openStream(events(checking, aliceMiner()), { cookie });
    expect(stream.status).toBe(200);
    expect(await stream.endsWithin(300)).toBe(false);
    sessions.signOut(cookie);
    expect(await stream.endsWithin(2000)).toBe(true);
  });

  it('finding 11: an event is not sent to a caller whose grant is gone, even before the next heartbeat', async () => {
    const bobAccess = await makeBobAdmin();
    const bobStream = await openStream(events(slow, aliceMiner()), { cookie: sessions.signIn(bob) });
    const aliceStream = await openStream(events(slow, aliceMiner()), { cookie: sessions.signIn(alice) });
    expect([bobStream.status, aliceStream.status]).toEqual([200, 200]);
    // Through the repository, not a request: nothing tells the open streams, which must find out.
    expect(await t.factory.repositories.access.remove({ type: 'miner', id: aliceMiner() }, bobAccess)).toBe(true);

    clock.advance(60_000);
    await engine.tick();
    expect(await bobStream.endsWithin(2000)).toBe(true);
    expect(bobStream.text()).not.toContain('event: buckets_closed');
    await expect.poll(() => aliceStream.text(), { timeout: 2000 }).toContain('event: buckets_closed');
    aliceStream.close();
  });

  it('finding 11: a caller may hold 8 streams; the 9th is refused with 429 until one closes', async () => {
    const cookie = sessions.signIn(alice);
    const { token } = await newLink(slow, cookie);
    for (const [url, headers] of [
      [events(slow, aliceMiner(), `?watcher_token=${token}`), {}],
      [events(slow, aliceMiner()), { cookie: sessions.signIn(alice) }],
    ] as const) {
      const open: OpenStream[] = [];
      for (let index = 0; index < 8; index += 1) open.push(await openStream(url, headers));
      expect(open.map((stream) => stream.status)).toEqual(Array(8).fill(200));
      const ninth = await openStream(url, headers);
      expect(ninth.status).toBe(429);
      expect(JSON.parse(ninth.body)).toEqual({ error: { code: 'rate_limited', message: 'Too many requests' } });
      open[0]?.close();
      await expect
        .poll(async () => {
          const again = await openStream(url, headers);
          again.close();
          return again.status;
        })
        .toBe(200);
      for (const stream of open) stream.close();
    }
  });
});

describe.each(testDatabaseKinds)('event streams and the identity service on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  const clock = fakeClock(Date.now());

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database, {}, { clock: clock.now });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('finding 11: logging out at the identity service ends the stream before its next event', async () => {
    const factory = await testFactory(database, server);
    const miner = await factory.newMiner();
    const browser = await factory.signIn(miner.owner);
    const url = `${server.listeningOn}${api}/miners/${miner.id}/events`;
    const cookie = browser.cookieHeader;
    const stream = await openStream(url, { cookie });
    expect(stream.status).toBe(200);

    const logout = await browser.json<{ logout_token: string }>('/identity/self-service/logout/browser');
    expect(logout.status).toBe(200);
    const done = await browser.fetch(`/identity/self-service/logout?token=${logout.body.logout_token}`);
    expect(done.status).toBe(204);
    expect((await openStream(url, { cookie })).status).toBe(401);

    // The engine's next tick closes a minute's buckets: the stream re-checks before sending them.
    clock.advance(2 * 60_000);
    expect(await stream.endsWithin(15_000)).toBe(true);
    expect(stream.text()).not.toContain('event: buckets_closed');
  });
});
