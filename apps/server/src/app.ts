import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '@pool/db/database';
import type { ServerConfig } from './config/env.ts';
import { schema } from './db/schema.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerWebApp } from './http/web-app.ts';
import { trustProxyOption } from './http/trust-proxy.ts';
import { serializeRequest } from './http/request-log.ts';
import { poolConfigRepository } from './modules/pool-config/repository.ts';
import { poolConfigRoutes } from './modules/pool-config/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { metricsRoutes } from './modules/metrics/routes.ts';
import fp from 'fastify-plugin';
import { userRoutes } from './modules/users/routes.ts';
import { userRepository } from './modules/users/repository.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { accountRepository } from './modules/accounts/repository.ts';
import { policyPlugin, type DeclaredRoute } from './policy/policy-plugin.ts';
import { accountAccess } from './policy/account-access.ts';
import { watcherRoutes } from './modules/watchers/routes.ts';
import { watcherRepository } from './modules/watchers/repository.ts';
import { accessRoutes } from './modules/access/routes.ts';
import { accessRepository } from './modules/access/repository.ts';
import { accessService } from './modules/access/service.ts';
import { createMailer } from './mail/mailer.ts';
import { outboxRepository } from './mail/outbox-repository.ts';
import type { IdentityPublicClient } from './identity-client/session.ts';
import type { IdentityAdminClient } from './identity-client/admin.ts';
import { paths } from '@pool/contract/paths';
import type { MiningEngine } from './modules/mining/engine/engine.ts';
import { miningRoutes } from './modules/mining/read/routes.ts';
import { eventStreams, type EventStreamOptions } from './modules/mining/read/event-streams.ts';
import { ingestRoutes } from './modules/mining/ingest/ingest-routes.ts';
import { miningService } from './modules/mining/read/service.ts';
import { miningReadRepository } from './modules/mining/read/read-repository.ts';
import { readCache } from './modules/mining/read/read-cache.ts';

export interface AppOptions {
  config: ServerConfig;
  database: Database;
  /** The pool this server serves. */
  poolId: string;
  identity: { public: IdentityPublicClient; admin: IdentityAdminClient };
  version: string;
  /** Folder of the built web app (apps/web/dist). */
  webRoot: string;
  readiness: Record<string, () => Promise<boolean>>;
  /** The mining-data engine the ingest feeds and whose clock the mining reads use. */
  mining: {
    engine: MiningEngine;
    clock?: () => number;
    /** How long a mining read may be answered from memory; 0 turns the cache off. */
    cacheTtl?: number;
    /** Event streams' re-check interval and per-caller cap (tests shorten the interval). */
    streams?: EventStreamOptions;
  };
  /** Mounts services that share the origin, such as the identity service under /identity. */
  mount?: (app: FastifyInstance) => Promise<void>;
  /** Tests only: see the policy plugin's `probe`. */
  policyProbe?: boolean;
  /** Where the log goes instead of stdout. */
  logStream?: { write(line: string): void };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every product route with the access policy it declares. */
    productRoutes: readonly DeclaredRoute[];
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      serializers: { req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: trustProxyOption(config.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'"],
        'connect-src': ["'self'"],
        'upgrade-insecure-requests': config.secureCookies ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.secureCookies,
  });
  await registerOpenApi(app, options.version);

  const db = database.orm(schema);
  const declared: DeclaredRoute[] = [];
  app.decorate('productRoutes', declared);
  await app.register(fp(metricsRoutes), { token: config.METRICS_TOKEN, loopbackOpen: config.TRUST_PROXY === false });
  await app.register(healthRoutes, { version: options.version, readiness: options.readiness });
  await app.register(poolConfigRoutes, {
    repository: poolConfigRepository(db),
    passwordMinLength: config.PASSWORD_MIN_LENGTH,
    followsHost: config.followsHost,
  });
  await app.register(
    async (api) => {
      // Product answers are the caller's own (identity, widget HMACs, account data) or refusals:
      // no cache may keep them. A route that knows better sets its own header.
      api.addHook('onSend', async (_request, reply, payload) => {
        if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
        return payload;
      });
      const users = userRepository(db);
      const access = accessRepository(db);
      const watchers = watcherRepository(db);
      const streams = eventStreams(options.mining.streams);
      const miningReads = miningReadRepository(database);
      const miningCache = readCache(options.mining.cacheTtl ?? 1000);
      options.mining.engine.events.subscribe((event) => {
        if (event.type === 'buckets_closed') miningCache.clear();
      });
      await api.register(policyPlugin, {
        identity: options.identity.public,
        access: accountAccess(access),
        users,
        watchers,
        stepUpWindowMs: config.PRIVILEGED_SESSION_SECONDS * 1000,
        declared,
        probe: options.policyProbe ?? false,
        workers: {
          minerOf: async (id) => (/^\d{1,9}$/.test(id) ? miningReads.minerOfWorker(Number(id)) : undefined),
        },
      });
      await api.register(userRoutes, {
        users,
        admin: options.identity.admin,
        widgetSecrets: {
          support_chat: config.WIDGET_SECRET_SUPPORT_CHAT,
          messenger: config.WIDGET_SECRET_MESSENGER,
          email_marketing: config.WIDGET_SECRET_EMAIL_MARKETING,
        },
      });
      await api.register(accountRoutes, { accounts: accountRepository(db), poolId: options.poolId });
      await api.register(watcherRoutes, { watchers, streams });
      await api.register(accessRoutes, {
        service: accessService({
          access,
          admin: options.identity.admin,
          mailer: createMailer({
            outbox: outboxRepository(db),
            smtpUrl: config.SMTP_URL,
            from: `no-reply@${new URL(config.publicUrl).hostname}`,
            log: app.log,
          }),
          publicUrl: config.publicUrl,
          poolName: async () => (await poolConfigRepository(db).findCurrent())?.name ?? config.POOL_NAME,
        }),
        secureCookies: config.secureCookies,
      });
      await api.register(miningRoutes, {
        service: miningService({
          repository: miningReads,
          clock: options.mining.clock ?? Date.now,
          closedThrough: options.mining.engine.closedThrough,
          cache: miningCache,
        }),
        events: options.mining.engine.events,
        streams,
      });
      await api.register(ingestRoutes, { engine: options.mining.engine, ingestKey: config.INGEST_KEY });
    },
    { prefix: paths.apiVersion },
  );
  if (options.mount) await options.mount(app);
  await registerWebApp(app, options.webRoot);
  return app;
}
