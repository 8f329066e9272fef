import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler } from './http/compiled-serializer.ts';
import type { Database } from '@pool/db/database';
import type { ServerConfig } from './config/env.ts';
import { schema } from './db/schema.ts';
import { HttpError, registerErrorHandling } from './http/errors.ts';
import { serverErrorReporter } from './http/error-reporting.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerWebApp } from './http/web-app.ts';
import { trustProxyOption } from './http/trust-proxy.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { LeveledRequestLog, logDestination, serializeRequest } from './http/request-log.ts';
import { poolConfigRepository } from './modules/pool-config/repository.ts';
import { poolConfigRoutes } from './modules/pool-config/routes.ts';
import { servedPoolConfig } from './modules/pool-config/served-config.ts';
import { integrationSettings } from './modules/pool-config/integrations.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { metricsRoutes } from './modules/metrics/routes.ts';
import fp from 'fastify-plugin';
import { userRoutes } from './modules/users/routes.ts';
import { userRepository } from './modules/users/repository.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { accountRepository } from './modules/accounts/repository.ts';
import { policyPlugin, type DeclaredRoute } from './policy/policy-plugin.ts';
import { accountAccess, grantCache } from './policy/account-access.ts';
import { watcherRoutes } from './modules/watchers/routes.ts';
import { watcherRepository } from './modules/watchers/repository.ts';
import { accessRoutes } from './modules/access/routes.ts';
import { poolUserRoutes } from './modules/pool-users/routes.ts';
import { poolUserRepository } from './modules/pool-users/repository.ts';
import { poolUserService } from './modules/pool-users/service.ts';
import { accessRepository } from './modules/access/repository.ts';
import { accessService } from './modules/access/service.ts';
import { accessChanges } from './modules/access/access-changes.ts';
import { cachedMoneyReads } from './modules/money/reads/cached-reads.ts';
import { moneyChanges } from './modules/money/reads/money-changes.ts';
import { createMailer } from './mail/mailer.ts';
import { outboxRepository } from './mail/outbox-repository.ts';
import type { IdentityPublicClient } from './identity-client/session.ts';
import type { IdentityAdminClient } from './identity-client/admin.ts';
import { paths } from '@pool/contract/paths';
import type { MiningEngine } from './modules/mining/engine/engine.ts';
import { miningRoutes } from './modules/mining/read/routes.ts';
import { eventStreams, type EventStreamOptions } from './modules/mining/read/event-streams.ts';
import { ingestRoutes } from './modules/mining/ingest/ingest-routes.ts';
import type { IngestForward } from './cluster/ingest-forward.ts';
import { miningService } from './modules/mining/read/service.ts';
import { miningReadRepository } from './modules/mining/read/read-repository.ts';
import { readCache } from './modules/mining/read/read-cache.ts';
import { rewardRun, type RewardRun } from './modules/money/rewards/reward-run.ts';
import { moneyRoutes } from './modules/money/routes.ts';
import { sharingRoutes } from './modules/sharing/routes.ts';
import { customerRoutes } from './modules/customers/routes.ts';
import { customerService } from './modules/customers/service.ts';
import { promosInForceIn } from './modules/money/rewards/sharing-terms.ts';
import { promoCodeService } from './modules/sharing/promo-codes/service.ts';
import { referralService } from './modules/sharing/referrals/service.ts';
import { profitSplitService } from './modules/sharing/profit-splits/service.ts';
import { topUpService } from './modules/sharing/topups/service.ts';
import { virtualMiningRoutes } from './modules/sharing/virtual-mining/routes.ts';
import { virtualMiningService } from './modules/sharing/virtual-mining/service.ts';
import { moneyReads } from './modules/money/reads/repository.ts';
import { moneyReadService } from './modules/money/reads/service.ts';
import { miningReportService } from './modules/money/report/service.ts';
import { feeService } from './modules/money/fees/service.ts';
import { rateService } from './modules/money/rates/service.ts';
import { networkRateSource, type NetworkRateSource } from './modules/money/rates/network-source.ts';
import { unallocatedService } from './modules/money/unallocated/service.ts';
import { ledgerRepository } from './modules/money/ledger/ledger-repository.ts';
import { rewardTerms } from './modules/money/rewards/terms-repository.ts';
import { exchangeRateProxy, type ExchangeRateProxy } from './modules/exchange-rates/exchange-rates.ts';
import { exchangeRateRoutes } from './modules/exchange-rates/routes.ts';
import { payoutRoutes } from './modules/payouts/desk/routes.ts';
import { payoutRequestRoutes } from './modules/payouts/requests/routes.ts';
import { explorerTemplate } from './modules/payouts/explorer.ts';
import { walletRoutes } from './modules/payouts/wallets/routes.ts';
import { walletOwners } from './modules/payouts/wallets/wallet-owner.ts';
import { walletServiceFor } from './modules/payouts/wallets/wallet-service.ts';
import {
  notificationService,
  type NotificationService,
  type NotificationTimings,
} from './modules/notifications/service.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';

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
  /**
   * The money engine's reward run (its clock and the mining engine's closed days), which
   * `POST platform/rewards/runs` calls; the server starts its scheduler.
   */
  money?: {
    rewards: RewardRun;
    /** The exchange-rate proxy the server refreshes (started by the server); none: every price null. */
    exchangeRates?: ExchangeRateProxy;
    /** The network reward-rate source; by default the one BITCOIN_RPC_URL or MEMPOOL_API_URL configures. */
    network?: NetworkRateSource;
    /** False: payments and earnings are read from the database on every request (bench:money compares). */
    readCache?: boolean;
  };
  /** Mounts services that share the origin, such as the identity service under /identity. */
  mount?: (app: FastifyInstance) => Promise<void>;
  /** Tests only: see the policy plugin's `probe`. */
  policyProbe?: boolean;
  /** Where the log goes instead of stdout. */
  logStream?: { write(line: string): void };
  /** How often notifications are sent and workers checked (tests call them directly instead). */
  notifications?: NotificationTimings;
  /**
   * One of a cluster's processes: share ingest passes through `forward` to the writer, and the
   * notification sender starts (`app.notifications.start()`) only once this process is the writer.
   */
  cluster?: { forward: IngestForward };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every product route with the access policy it declares. */
    productRoutes: readonly DeclaredRoute[];
    /** Notifications (issue 17): preferences, Telegram, the dispatcher and the worker-offline scan. */
    notifications: NotificationService;
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      serializers: { req: serializeRequest },
      ...logDestination(options.logStream),
    },
    logController: new LeveledRequestLog(),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The server's own unhandled errors go to SERVER_ERROR_REPORTING_DSN; the SDK loads only then.
  const errorReporter = config.SERVER_ERROR_REPORTING_DSN
    ? await serverErrorReporter({ dsn: config.SERVER_ERROR_REPORTING_DSN, release: options.version })
    : undefined;
  registerErrorHandling(app, errorReporter && ((error, request) => errorReporter.report(error, request)));
  if (errorReporter) app.addHook('onClose', async () => void (await errorReporter.flush(2000)));

  registerSecurityHeaders(app, config);
  await registerOpenApi(app, options.version);

  const db = database.orm(schema);
  const declared: DeclaredRoute[] = [];
  app.decorate('productRoutes', declared);
  await app.register(fp(metricsRoutes), { token: config.METRICS_TOKEN, loopbackOpen: config.TRUST_PROXY === false });
  await app.register(healthRoutes, { version: options.version, readiness: options.readiness });
  const configFor = servedPoolConfig({
    repository: poolConfigRepository(db),
    passwordMinLength: config.PASSWORD_MIN_LENGTH,
    followsHost: config.followsHost,
    exchangeRates: { price_service_url: config.PRICE_SERVICE_URL, refresh_ms: config.EXCHANGE_RATES_REFRESH_MS },
    payouts: {
      network: config.BITCOIN_NETWORK,
      explorer_tx_url: explorerTemplate(config.BITCOIN_NETWORK, config.BLOCK_EXPLORER_TX_URL),
    },
    integrations: integrationSettings(config),
  });
  await app.register(poolConfigRoutes, { configFor, followsHost: config.followsHost });
  await app.register(
    async (api) => {
      // Product answers are the caller's own (identity, widget HMACs, account data) or refusals:
      // no cache may keep them. A route that knows better sets its own header.
      // Hooks on every answer take callbacks: an async hook costs a promise and a turn of the queue.
      api.addHook('onSend', (_request, reply, payload, done) => {
        if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
        done(null, payload);
      });
      const users = userRepository(db);
      const access = accessRepository(db);
      // Grants are remembered per (person, account) until access changes in any process.
      const changes = await accessChanges(database, (error) =>
        app.log.warn({ err: error }, 'listening for access changes failed; grants are read from the database'),
      );
      api.addHook('onClose', async () => changes.close());
      // Payments and earnings are remembered until money changes in any process.
      const moneyChanged = await moneyChanges(database, (error) =>
        app.log.warn({ err: error }, 'listening for money changes failed; payments are read from the database'),
      );
      api.addHook('onClose', async () => moneyChanged.close());
      const watchers = watcherRepository(db);
      const streams = eventStreams(options.mining.streams);
      const miningReads = miningReadRepository(database);
      const miningCache = readCache(options.mining.cacheTtl ?? 1000);
      options.mining.engine.events.subscribe((event) => {
        if (event.type === 'buckets_closed') miningCache.clear();
      });
      const notifications = notificationService({
        database,
        config,
        clock: options.mining.clock ?? Date.now,
        events: options.mining.engine.events,
        log: app.log,
        timings: options.notifications,
      });
      app.decorate('notifications', notifications);
      if (options.cluster) app.addHook('onReady', async () => notifications.follow());
      else app.addHook('onReady', () => notifications.start());
      app.addHook('onClose', () => notifications.stop());
      // What a change of this server wrote (a wallet change's trigger) goes out at once.
      api.addHook('onResponse', (request, _reply, done) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') notifications.kick();
        done();
      });
      await api.register(policyPlugin, {
        sessions: notifications.sessions,
        identity: options.identity.public,
        access: accountAccess(access, grantCache(changes)),
        users,
        watchers,
        stepUpWindowMs: config.PRIVILEGED_SESSION_SECONDS * 1000,
        declared,
        probe: options.policyProbe ?? false,
        platform: { roleOf: (userId) => access.platformRoleOf(userId, options.poolId), poolId: options.poolId },
        workers: {
          minerOf: async (id) => (/^\d{1,9}$/.test(id) ? miningReads.minerOfWorker(Number(id)) : undefined),
        },
        wallets: walletOwners(database),
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
      const sharingClock = options.mining.clock ?? Date.now;
      const sharingQuery = <Row extends Record<string, unknown>>(text: string, params?: unknown[]) =>
        database.query<Row>(text, params);
      const promoCodes = promoCodeService({
        query: sharingQuery,
        poolId: options.poolId,
        admin: options.identity.admin,
        clock: sharingClock,
      });
      const referrals = referralService({
        query: sharingQuery,
        poolId: options.poolId,
        publicUrl: config.publicUrl,
        clock: sharingClock,
      });
      await api.register(accountRoutes, {
        signUp: async (minerId, data, person) => {
          if (data.referral_code) await referrals.link(minerId, data.referral_code);
          if (data.promo_code) {
            try {
              await promoCodes.apply(data.promo_code, minerId, person, true);
            } catch (error) {
              // Registration's promo question told the person already; the account is made without it.
              if (!(error instanceof HttpError)) throw error;
            }
          }
        },
        accounts: accountRepository(db),
        accessChanged: () => changes.committed(),
        poolId: options.poolId,
        wallets: walletServiceFor({
          database,
          poolId: options.poolId,
          config,
          clock: options.mining.clock ?? Date.now,
        }),
      });
      await api.register(watcherRoutes, { watchers, streams });
      const mailer = createMailer({
        outbox: outboxRepository(db),
        smtpUrl: config.SMTP_URL,
        from: `no-reply@${new URL(config.publicUrl).hostname}`,
        log: app.log,
      });
      const poolName = async () => (await poolConfigRepository(db).findCurrent())?.name ?? config.POOL_NAME;
      await api.register(accessRoutes, {
        service: accessService({
          access,
          admin: options.identity.admin,
          mailer,
          publicUrl: config.publicUrl,
          poolName,
          accessChanged: () => changes.committed(),
        }),
        secureCookies: config.secureCookies,
      });
      await api.register(poolUserRoutes, {
        service: poolUserService({
          repository: poolUserRepository(database),
          admin: options.identity.admin,
          mailer,
          publicUrl: config.publicUrl,
          poolName,
        }),
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
      await api.register(ingestRoutes, {
        engine: options.mining.engine,
        ingestKey: config.INGEST_KEY,
        forward: options.cluster?.forward,
      });
      const clock = options.mining.clock ?? Date.now;
      const money = moneyReads(database);
      const terms = rewardTerms(database);
      const moneyReadsFromDatabase = moneyReadService({
        reads: money,
        ledger: ledgerRepository(database, options.poolId),
        terms,
        poolId: options.poolId,
        clock,
        explorerTxUrl: explorerTemplate(config.BITCOIN_NETWORK, config.BLOCK_EXPLORER_TX_URL),
      });
      const moneyReadsOfAccounts =
        options.money?.readCache === false
          ? moneyReadsFromDatabase
          : cachedMoneyReads(moneyReadsFromDatabase, moneyChanged);
      const customers = customerService({
        database,
        poolId: options.poolId,
        access,
        mailer,
        publicUrl: config.publicUrl,
        poolName,
        terms,
        clock,
        minerPayments: (minerId, query) => moneyReadsOfAccounts.payments('miner', minerId, query),
        accessChanged: () => changes.committed(),
      });
      await api.register(async (moneyScope) => {
        // A change that wrote money answers once every process has heard it (the caller's next
        // read, wherever it lands, reads it); reads and the share ingest outside this scope never wait.
        moneyScope.addHook('onSend', (request, _reply, payload, done) => {
          if (request.method === 'GET' || request.method === 'HEAD') return done(null, payload);
          // A failure to hear the echo leaves the other processes to hear the change itself.
          void moneyChanged.committed().then(
            () => done(null, payload),
            () => done(null, payload),
          );
        });
        await moneyScope.register(moneyRoutes, {
          customerFees: (minerId) => customers.customerFeeRows(minerId),
          reads: moneyReadsOfAccounts,
          repository: money,
          report: miningReportService(money, clock),
          fees: feeService(
            terms,
            options.poolId,
            clock,
            async (minerId, day) => (await promosInForceIn(sharingQuery, [minerId], day)).get(minerId) ?? null,
          ),
          rates: rateService({
            terms,
            reads: money,
            network: options.money?.network ?? networkRateSource(config),
            clock,
          }),
          unallocated: unallocatedService(database, money, options.poolId),
          rewards:
            options.money?.rewards ??
            rewardRun({
              database,
              poolId: options.poolId,
              clock,
              closedThrough: () => options.mining.engine.closedThrough('P1D'),
            }),
          clock,
        });
        await moneyScope.register(customerRoutes, { customers });
        await moneyScope.register(sharingRoutes, {
          promoCodes,
          referrals,
          splits: profitSplitService(database, clock),
          topUps: topUpService(database, options.poolId),
        });
        await moneyScope.register(virtualMiningRoutes, { contracts: virtualMiningService({ database, clock }) });
        await moneyScope.register(walletRoutes, { database, poolId: options.poolId, config, clock });
        await moneyScope.register(payoutRoutes, { database, poolId: options.poolId, config, clock });
        await moneyScope.register(payoutRequestRoutes, { database, poolId: options.poolId, clock });
      });
      await api.register(notificationRoutes, {
        preferences: notifications.preferences,
        telegram: notifications.telegram,
      });
      await api.register(exchangeRateRoutes, {
        proxy:
          options.money?.exchangeRates ?? exchangeRateProxy({ url: null, refreshMs: config.EXCHANGE_RATES_REFRESH_MS }),
      });
    },
    { prefix: paths.apiVersion },
  );
  if (options.mount) await options.mount(app);
  await registerWebApp(app, options.webRoot, configFor);
  return app;
}
