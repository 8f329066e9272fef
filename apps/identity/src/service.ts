import { AsyncLocalStorage } from 'node:async_hooks';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { applyMigrations, migrationsApplied, type Database, type MigrationSet } from '@pool/db/database';
import { identityConfig, type IdentityConfig, type Lifespans, type UiUrls } from './config.ts';
import { schema } from './db/schema.ts';
import { identityRepository } from './identity/repository.ts';
import { sessionRepository } from './session/repository.ts';
import { flowErrorRepository, flowRepository } from './flow/repository.ts';
import { oneTimeCodeRepository } from './strategy/code/repository.ts';
import { createCourier } from './courier/courier.ts';
import { courierRepository } from './courier/repository.ts';
import { RateLimiter, defaultRateLimits, type RateLimits } from './rate-limit/limiter.ts';
import { csrfCookieName } from './http/csrf.ts';
import { publicApi } from './http/public-api.ts';
import { wellKnownRoutes } from './http/well-known.ts';
import { startAdminServer, type AdminEndpoint } from './admin/server.ts';
import { seedDemoIdentities, type DemoIdentity } from './demo/seed.ts';
import { forwardingLogger, silentLogger } from './logger.ts';
import type { IdentityRuntime } from './runtime.ts';

export const identityMigrations: MigrationSet = {
  folder: fileURLToPath(new URL('../migrations', import.meta.url)),
  name: 'identity',
};

export interface IdentityServiceOptions {
  database: Database;
  /** Where the public API is reached, e.g. http://localhost:8080/identity. */
  publicBaseUrl: string;
  /** The web app, e.g. http://localhost:8080: UI routes and allowed `return_to` live there. */
  appUrl: string;
  passwordMinLength: number;
  secureCookies: boolean;
  smtpUrl?: string;
  /** Sender of e-mails; defaults to no-reply at the app's host. */
  smtpFrom?: string;
  /**
   * Development only, off by default: without SMTP, the courier's log line carries each e-mail's
   * body, recovery and verification codes included.
   */
  logEmailBodies?: boolean;
  logger?: FastifyBaseLogger;
  now?: () => Date;
  /** The admin listener: loopback port (0 picks a free one) and bearer token (random by default). */
  admin?: { port?: number; token?: string };
  rateLimits?: Partial<RateLimits>;
  lifespans?: Partial<Lifespans>;
  ui?: Partial<UiUrls>;
  /**
   * Where the browser reached this request, when the deployment has no fixed public address: the
   * request's flows, `return_to` allow-list and WebAuthn origin then use it instead of
   * `publicBaseUrl` and `appUrl`. Undefined keeps the fixed ones.
   */
  addressesOf?: (request: FastifyRequest) => { publicBaseUrl: string; appUrl: string } | undefined;
}

export interface IdentityService {
  /** Kratos's public API: register it with `{ prefix: '/identity' }` (the path of `publicBaseUrl`). */
  publicApi: (app: FastifyInstance) => Promise<void>;
  /** `/.well-known/ory/webauthn.js` and `/.well-known/change-password` at the origin's root. */
  wellKnown: (app: FastifyInstance) => Promise<void>;
  /** Where and how the admin API is reached. */
  admin: AdminEndpoint;
  seedDemo(people: readonly DemoIdentity[]): Promise<void>;
  /** Readiness: the database answers and the identity migrations are applied. */
  ready(): Promise<boolean>;
  /** Sends what the courier has queued (tests, shutdown). */
  flushBackground(): Promise<void>;
  close(): Promise<void>;
}

/** Applies the identity migrations and builds the service's public plugin and admin listener. */
export async function createIdentityService(options: IdentityServiceOptions): Promise<IdentityService> {
  const { database } = options;
  await applyMigrations(database, identityMigrations);
  const config = identityConfig(options);
  const db = database.orm(schema);
  const logger = forwardingLogger(options.logger ?? silentLogger());
  const now = options.now ?? (() => new Date());
  const pending = new Set<Promise<void>>();
  const courierMessages = courierRepository(db);
  const courier = createCourier({
    messages: courierMessages,
    smtpUrl: options.smtpUrl,
    from: options.smtpFrom ?? `no-reply@${new URL(config.appUrl).hostname}`,
    logger,
    now,
    logBodies: options.logEmailBodies ?? false,
  });
  // The configuration of the request being served, when its addresses follow the browser's.
  const requestConfig = new AsyncLocalStorage<IdentityConfig>();
  const rt: IdentityRuntime = {
    get config() {
      return requestConfig.getStore() ?? config;
    },
    now,
    identities: identityRepository(db),
    sessions: sessionRepository(db),
    flows: flowRepository(db),
    flowErrors: flowErrorRepository(db),
    codes: oneTimeCodeRepository(db),
    courier,
    courierMessages,
    limiter: new RateLimiter(now),
    rateLimits: { ...defaultRateLimits, ...options.rateLimits },
    logger,
    cookieNames: { csrf: csrfCookieName(config.publicBaseUrl), session: 'ory_kratos_session' },
    background(task) {
      const running = task().catch((error: unknown) => logger.error({ err: error }, 'identity background task failed'));
      pending.add(running);
      void running.finally(() => pending.delete(running));
    },
  };
  const flushBackground = async () => {
    while (pending.size) await Promise.all([...pending]);
    await courier.flush();
  };
  const followRequest = (app: FastifyInstance) => {
    const { addressesOf } = options;
    if (!addressesOf) return;
    app.addHook('onRequest', (request, _reply, done) => {
      const addresses = addressesOf(request);
      if (!addresses) return done();
      requestConfig.run(identityConfig({ ...options, ...addresses }), done);
    });
  };
  const admin = await startAdminServer(rt, options.admin ?? {});
  // Flows are of no use a day after they expired; sweeping them keeps the table small.
  const sweep = setInterval(
    () => {
      rt.background(() => rt.flows.deleteExpiredBefore(new Date(now().getTime() - 24 * 60 * 60 * 1000)));
    },
    60 * 60 * 1000,
  );
  sweep.unref();
  return {
    async publicApi(app) {
      if (!options.logger) logger.use(app.log.child({ module: 'identity' }));
      followRequest(app);
      await publicApi(app, rt);
    },
    async wellKnown(app) {
      followRequest(app);
      await wellKnownRoutes(app, rt);
    },
    admin: admin.endpoint,
    seedDemo: (people) => seedDemoIdentities(rt, people),
    async ready() {
      try {
        await database.ping();
        return await migrationsApplied(database, identityMigrations);
      } catch {
        return false;
      }
    },
    flushBackground,
    async close() {
      clearInterval(sweep);
      await admin.app.close();
      await flushBackground();
      await courier.close();
    },
  };
}
