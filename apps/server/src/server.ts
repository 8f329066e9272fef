import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { applyMigrations, migrationsApplied, openDatabase, type Database, type MigrationSet } from '@pool/db/database';
import type { ServerConfig } from './config/env.ts';
import { buildApp } from './app.ts';
import { schema } from './db/schema.ts';
import { poolConfigRepository } from './modules/pool-config/repository.ts';
import { ensurePoolConfig } from './modules/pool-config/service.ts';
import { seedDemo } from './demo/seed.ts';
import { identityPublicClient } from './identity-client/session.ts';
import { identityAdminClient } from './identity-client/admin.ts';
import { miningEngine } from './modules/mining/engine.ts';
import { natsIngest, type NatsIngest } from './modules/mining/nats-transport.ts';
import { shareSimulator, type ShareSimulator } from './modules/mining/simulator.ts';

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
  close(): Promise<void>;
}

export interface StartOptions {
  /** An open database to use instead of the one the config names; the caller keeps it open. */
  database?: Database;
  webRoot?: string;
  /** The mining engine's clock (tests). */
  clock?: () => number;
}

/** Opens the database, applies migrations, seeds, and serves the whole product on one port. */
export async function startServer(config: ServerConfig, options: StartOptions = {}): Promise<RunningServer> {
  const database = options.database ?? (await openConfiguredDatabase(config));
  const closeDatabase = options.database ? async () => {} : () => database.close();
  const stops: (() => Promise<void>)[] = [];
  try {
    await applyMigrations(database, appMigrations);
    const db = database.orm(schema);
    const pool = await ensurePoolConfig(poolConfigRepository(db), config);
    if (config.DEMO) await seedDemo(db, pool.id);
    const [poolRow] = await database.query<{ name: string }>('select name from app.pools where id = $1', [pool.id]);
    const poolName = poolRow?.name ?? config.POOL_NAME;

    // The product reaches identity over HTTP only, as it would a real Kratos; the in-process
    // service's address is known once the server listens.
    let engineLog: (error: unknown, during: string) => void = () => {};
    const engine = miningEngine({
      database,
      pool: { id: pool.id, name: poolName },
      clock: options.clock,
      onError: (error, during) => engineLog(error, during),
    });
    await engine.start();
    stops.push(() => engine.stop());

    let listeningOn = '';
    const identityBase = () => `${listeningOn}/identity`;
    const app = await buildApp({
      config,
      database,
      poolId: pool.id,
      identity: {
        public: identityPublicClient(identityBase),
        admin: identityAdminClient({ baseUrl: identityBase }),
      },
      version: config.APP_VERSION ?? packageVersion(),
      webRoot: options.webRoot ?? defaultWebRoot,
      mining: { engine, clock: options.clock },
      readiness: {
        database: async () => {
          await database.ping();
          return true;
        },
        migrations: () => migrationsApplied(database, appMigrations),
      },
    });
    engineLog = (error, during) => app.log.error({ err: error }, `mining engine: ${during} failed`);
    let nats: NatsIngest | undefined;
    if (config.NATS_URL) {
      nats = await natsIngest({
        engine,
        url: config.NATS_URL,
        stream: config.NATS_STREAM,
        subjects: [config.NATS_SUBJECT],
        durable: config.NATS_CONSUMER,
        onError: (error) => engineLog(error, 'NATS batch'),
      });
    }
    let simulator: ShareSimulator | undefined;
    if (config.simulator) {
      simulator = shareSimulator({
        engine,
        poolName,
        clock: options.clock,
        onError: (error) => engineLog(error, 'simulator'),
      });
      await simulator.start();
    }
    listeningOn = loopbackAddress(await app.listen({ port: config.PORT, host: config.HOST }));
    return {
      app,
      database,
      listeningOn,
      close: async () => {
        await app.close();
        await simulator?.stop();
        await nats?.stop();
        await engine.stop();
        await closeDatabase();
      },
    };
  } catch (error) {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await closeDatabase().catch(() => {});
    throw error;
  }
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
