import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { applyMigrations, migrationsApplied, openDatabase, type Database, type MigrationSet } from '@pool/db/database';
import type { ServerConfig } from './config/env.ts';
import { buildApp } from './app.ts';
import { requestOrigin } from './http/request-origin.ts';
import { schema } from './db/schema.ts';
import { poolConfigRepository } from './modules/pool-config/repository.ts';
import { ensurePoolConfig } from './modules/pool-config/service.ts';
import { demoSeedRecord, seedDemo, type DemoState } from './demo/seed.ts';
import { seedDemoMoney } from './demo/money.ts';
import { seedDemoWallets } from './demo/wallets.ts';
import { identityPublicClient } from './identity-client/session.ts';
import { identityAdminClient } from './identity-client/admin.ts';
import { createIdentityService } from '@pool/identity/service';
import { demoPeopleWith } from './demo/people.ts';
import { miningEngine } from './modules/mining/engine/engine.ts';
import { natsIngest } from './modules/mining/ingest/nats-transport.ts';
import { shareSimulator } from './modules/mining/ingest/simulator.ts';
import { rewardRun } from './modules/money/rewards/reward-run.ts';
import { moneyScheduler } from './modules/money/jobs/scheduler.ts';
import { payoutJobs } from './modules/payouts/payout-jobs.ts';
import { payoutBroadcastFor } from './modules/payouts/broadcast/bitcoin-core.ts';
import { exchangeRateProxy } from './modules/exchange-rates/exchange-rates.ts';
import { oneStartAtATime } from './cluster/setup-lock.ts';
import { writerElection, type WriterElection } from './cluster/writer-election.ts';
import { followEngineEvents, publishEngineEvents } from './cluster/engine-event-relay.ts';
import { ingestForwarder } from './cluster/ingest-forward.ts';

export const appMigrations: MigrationSet = {
  folder: fileURLToPath(new URL('../migrations', import.meta.url)),
  name: 'app',
};

const defaultWebRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));

function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version?: string;
  };
  return manifest.version ?? '0.0.0';
}

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  /** Address the server listens on, e.g. http://127.0.0.1:8080. */
  listeningOn: string;
  /** Whether this database holds the demo pool (seeded on the first start of an empty database). */
  demo: DemoState;
  close(): Promise<void>;
}

export interface StartOptions {
  /** An open database to use instead of the one the config names; the caller keeps it open. */
  database?: Database;
  webRoot?: string;
  /** Tests only: see the policy plugin's `probe`. */
  policyProbe?: boolean;
  /** The mining engine's clock (tests). */
  clock?: () => number;
  /** Where the log goes instead of stdout (tests read the request log). */
  logStream?: { write(line: string): void };
  /** The reward scheduler's tick interval; 0 runs no scheduler (tests that credit days by hand). */
  rewardTickInterval?: number;
  /** The payout jobs' tick interval (the 14:00 withdrawal, batches); 0 runs none. By default the reward scheduler's. */
  payoutTickInterval?: number;
  /**
   * One of a cluster's processes (PostgreSQL only): the writer's work (the mining engine's
   * aggregator and ticker, the schedulers, NATS ingest, the simulator, the notification sender)
   * runs only while this process holds the writer lock; until then it serves reads, follows the
   * writer's events and passes share batches on to it.
   */
  cluster?: {
    /** This process became the writer. */
    onElected?: () => void;
    /** The writer lock's connection broke: this process must stop at once (another may write). */
    onLost: (error: unknown) => void;
  };
}

/** Opens the database, applies migrations, seeds, and serves the whole product on one port. */
export async function startServer(config: ServerConfig, options: StartOptions = {}): Promise<RunningServer> {
  const database = options.database ?? (await openConfiguredDatabase(config));
  const closeDatabase = options.database ? async () => {} : () => database.close();
  // What is started is stopped again, in reverse, when the start fails half-way or the server closes.
  const stops: (() => Promise<void>)[] = [];
  const cluster = options.cluster;
  if (cluster && database.driver.kind !== 'postgres') throw new Error('a cluster needs PostgreSQL (DATABASE_URL)');
  let election: WriterElection | undefined;
  try {
    const { pool, demo: seeded, identity } = await oneStartAtATime(database, () => prepare(config, database, options));
    const demo = seeded;
    stops.push(() => identity.close());

    let engineLog: (error: unknown, during: string) => void = () => {};
    const engine = miningEngine({
      database,
      pool: { id: pool.id, name: pool.name },
      clock: options.clock,
      onError: (error, during) => engineLog(error, during),
    });
    // In a cluster, a process writes only once elected; until then it follows the writer.
    if (cluster) await engine.follow();
    else await engine.start();
    stops.push(() => engine.stop());
    let writing = !cluster;
    // Exchange rates (spec 7): refreshed at once and every EXCHANGE_RATES_REFRESH_MS while serving;
    // until the first answer, and whenever the upstream fails, the proxy answers null prices.
    // Every process keeps the prices it answers with; only the writer stores the samples.
    const exchangeRates = exchangeRateProxy({
      url: config.EXCHANGE_RATES_URL,
      refreshMs: config.EXCHANGE_RATES_REFRESH_MS,
      database,
      stores: () => writing,
      clock: options.clock,
      onError: (error) => exchangeRatesLog(error),
    });
    let exchangeRatesLog: (error: unknown) => void = () => {};
    const rewards = rewardRun({
      database,
      poolId: pool.id,
      clock: options.clock,
      closedThrough: () => engine.closedThrough('P1D'),
    });

    // The product reaches identity over HTTP only, as it would a real Kratos; the in-process
    // service's address is known once the server listens.
    let listeningOn = '';
    const identityBase = () => `${listeningOn}/identity`;
    const app = await buildApp({
      config,
      database,
      poolId: pool.id,
      identity: {
        public: identityPublicClient(identityBase),
        admin: identityAdminClient({ baseUrl: () => identity.admin.baseUrl, headers: identity.admin.headers }),
      },
      mount: async (root) => {
        await root.register(identity.publicApi, { prefix: '/identity' });
        await root.register(identity.wellKnown);
      },
      version: config.APP_VERSION ?? packageVersion(),
      webRoot: options.webRoot ?? defaultWebRoot,
      policyProbe: options.policyProbe,
      logStream: options.logStream,
      mining: { engine, clock: options.clock },
      money: { rewards, exchangeRates },
      readiness: {
        database: async () => {
          await database.ping();
          return true;
        },
        migrations: async () => (await migrationsApplied(database, appMigrations)) && (await identity.ready()),
      },
      cluster: cluster && { forward: ingestForwarder({ database, isWriter: () => election?.isWriter() ?? false }) },
    });
    stops.push(() => app.close());
    engineLog = (error, during) => app.log.error({ err: error }, `mining engine: ${during} failed`);
    exchangeRatesLog = (error) => app.log.warn({ err: error }, 'exchange-rate upstream failed');
    void exchangeRates.start();
    stops.push(() => exchangeRates.stop());

    /** The single writer's work: one process runs it, in a cluster the elected one. */
    const startWriterJobs = async () => {
      if (config.NATS_URL) {
        const nats = await natsIngest({
          engine,
          url: config.NATS_URL,
          stream: config.NATS_STREAM,
          subjects: [config.NATS_SUBJECT],
          durable: config.NATS_CONSUMER,
          onError: (error) => engineLog(error, 'NATS batch'),
        });
        stops.push(() => nats.stop());
      }
      // The demo's share simulator feeds the demo accounts: off where there is no demo.
      if (config.SIMULATOR ?? (config.DEMO && demo === 'seeded')) {
        const simulator = shareSimulator({
          engine,
          poolName: pool.name,
          clock: options.clock,
          onError: (error) => engineLog(error, 'simulator'),
        });
        await simulator.start();
        stops.push(() => simulator.stop());
      }
      // Rewards (spec 9, 09:00 UTC): due days are credited at start, oldest first (the demo's history
      // days among them, so a newcomer sees payments at once), then checked every minute.
      if (options.rewardTickInterval !== 0) {
        const scheduler = moneyScheduler({
          catchUp: () => rewards.catchUp(),
          interval: options.rewardTickInterval ?? 60_000,
          onError: (error) => app.log.error({ err: error }, 'reward run failed'),
          onCredited: (result) => app.log.info({ rewards: result }, 'rewards credited'),
        });
        // A long backlog is credited while the server already serves; the demo's week is awaited.
        const first = scheduler.start();
        if (demo === 'seeded') await first;
        stops.push(() => scheduler.stop());
      }
      // Payouts (spec 9): the 14:00 UTC withdrawal and the batches' work, checked at start and every minute.
      const payoutTickInterval = options.payoutTickInterval ?? options.rewardTickInterval;
      if (payoutTickInterval !== 0) {
        const payouts = payoutJobs({
          database,
          poolId: pool.id,
          clock: options.clock,
          interval: payoutTickInterval ?? 60_000,
          broadcast: payoutBroadcastFor(config),
          confirmations: config.PAYOUT_CONFIRMATIONS,
          onError: (step, error) => app.log.error({ err: error }, `payouts: ${step} failed`),
          onPaid: (result) => app.log.info({ payouts: result }, 'payouts created'),
          onBatched: (batch) =>
            app.log.info({ batch: { ...batch, total: batch.total.toString() } }, 'payout schedule processed'),
        });
        const first = payouts.start();
        if (demo === 'seeded') await first;
        stops.push(() => payouts.stop());
      }
    };

    if (!cluster) {
      await startWriterJobs();
      listeningOn = loopbackAddress(await app.listen({ port: config.PORT, host: config.HOST }));
    } else {
      // Until elected, the writer's events come through the database.
      const onRelayError = (error: unknown) => app.log.warn({ err: error }, 'engine events from the writer failed');
      let following: { close(): Promise<void> } | undefined = await followEngineEvents(
        database,
        engine.events,
        onRelayError,
      );
      stops.push(async () => following?.close());
      listeningOn = loopbackAddress(await app.listen({ port: config.PORT, host: config.HOST }));
      election = await writerElection({
        database,
        onElected: async (announce) => {
          await following?.close();
          following = undefined;
          const unpublish = publishEngineEvents(database, engine.events, onRelayError);
          stops.push(async () => unpublish());
          await engine.start();
          writing = true;
          await startWriterJobs();
          // Stopped by the app's close, as in a single process.
          await app.notifications.start();
          // Share batches other processes received come in here, on loopback, to the same routes.
          const inbound = await listenForForwards(app);
          stops.push(() => closeServer(inbound.server));
          await announce(inbound.address);
          cluster.onElected?.();
        },
        onLost: (error) => cluster.onLost(error),
        onError: (error) => app.log.warn({ err: error }, 'the writer election failed; trying again'),
      });
    }
    const stopAll = async () => {
      for (const stop of stops.reverse())
        await stop().catch((error: unknown) => app.log.error({ err: error }, 'stop failed'));
      // The lock goes last: no other process may write before this one has flushed.
      await election?.close();
      await closeDatabase();
    };
    return { app, database, listeningOn, demo, close: stopAll };
  } catch (error) {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await election?.close();
    await closeDatabase().catch(() => {});
    throw error;
  }
}

/**
 * What a start does before serving, once per database: migrations, the pool config, the demo's
 * seeding (into an empty database only), and the identity service with its own migrations.
 */
async function prepare(config: ServerConfig, database: Database, options: StartOptions) {
  await applyMigrations(database, appMigrations);
  const db = database.orm(schema);
  const pools = poolConfigRepository(db);
  const fresh = !(await pools.findCurrent());
  const pool = await ensurePoolConfig(pools, config);
  const demoRecord = demoSeedRecord(db);
  if (config.DEMO && fresh) await demoRecord.begin();
  let demo = await demoRecord.state();
  if (config.DEMO && demo === 'seeding') {
    await seedDemo(db, pool.id);
    await seedDemoMoney(database, pool.id, (options.clock ?? Date.now)());
    await seedDemoWallets(database, config.BITCOIN_NETWORK, (options.clock ?? Date.now)());
    // The seeded wallets fired the notification triggers, but nobody changed an address: nobody
    // is told (the notifier starts below, after this; the week's rewards are booked later, for real).
    await database.query('delete from app.notification_events');
  }

  const identity = await createIdentityService({
    database,
    publicBaseUrl: `${config.publicUrl}/identity`,
    appUrl: config.publicUrl,
    passwordMinLength: config.PASSWORD_MIN_LENGTH,
    secureCookies: config.secureCookies,
    smtpUrl: config.SMTP_URL,
    smtpFrom: config.SMTP_FROM,
    admin: { port: config.IDENTITY_ADMIN_PORT, token: config.IDENTITY_ADMIN_TOKEN },
    lifespans: { privilegedSessionMs: config.PRIVILEGED_SESSION_SECONDS * 1000 },
    addressesOf: config.followsHost ? identityAddressesOf : undefined,
  });
  try {
    if (config.DEMO && demo === 'seeding') {
      await identity.seedDemo(demoPeopleWith(config.DEMO_PASSWORD));
      await demoRecord.complete();
      demo = 'seeded';
    }
  } catch (error) {
    await identity.close().catch(() => {});
    throw error;
  }
  return { pool, demo, identity };
}

/** A writer's loopback listener for share batches other processes pass on: the app's own routes. */
async function listenForForwards(app: FastifyInstance): Promise<{ server: Server; address: string }> {
  const server = createServer((request, response) => app.routing(request, response));
  // Exclusive: in a cluster worker, a shared handle would be the primary's, reachable by any worker.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the forward listener has no port');
  return { server, address: `127.0.0.1:${address.port}` };
}

async function closeServer(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
}

/** Without PUBLIC_URL, identity flows live on the origin the browser used, as the pool config says. */
function identityAddressesOf(request: FastifyRequest): { publicBaseUrl: string; appUrl: string } | undefined {
  const origin = requestOrigin(request);
  return origin ? { publicBaseUrl: `${origin}/identity`, appUrl: origin } : undefined;
}

/** The server calls itself on loopback even when it listens on every interface. */
function loopbackAddress(address: string): string {
  const url = new URL(address);
  if (url.hostname === '0.0.0.0' || url.hostname === '[::]') url.hostname = '127.0.0.1';
  return url.origin;
}

async function openConfiguredDatabase(config: ServerConfig): Promise<Database> {
  if (config.DATABASE_URL) return openDatabase({ url: config.DATABASE_URL });
  if (config.DATA_DIR === 'memory://') return openDatabase({ inMemory: true });
  mkdirSync(config.DATA_DIR, { recursive: true });
  return openDatabase({ dataDir: config.DATA_DIR });
}
