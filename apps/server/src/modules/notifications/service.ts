import type { FastifyRequest } from 'fastify';
import type { Database } from '@pool/db/database';
import type { ServerConfig } from '../../config/env.ts';
import { schema } from '../../db/schema.ts';
import type { IdentitySession } from '../../identity-client/session.ts';
import { createMailer } from '../../mail/mailer.ts';
import { outboxRepository } from '../../mail/outbox-repository.ts';
import type { MiningEventBus } from '../mining/events.ts';
import { poolConfigRepository } from '../pool-config/repository.ts';
import { notificationDispatcher } from './dispatcher.ts';
import { preferenceRepository } from './preferences.ts';
import { signInWatch } from './sign-ins.ts';
import { telegramBot } from './telegram.ts';
import { workerOfflineAlerts } from './worker-alerts.ts';

export interface NotificationTimings {
  /** How often waiting events are sent (those written by other processes); 5 s by default. */
  dispatchMs?: number;
  /** How often workers are checked for an outage; 30 s by default. */
  workerScanMs?: number;
  /** Telegram long polling's wait per request, in seconds. */
  telegramPollSeconds?: number;
}

export interface NotificationServiceOptions {
  database: Database;
  config: Pick<
    ServerConfig,
    'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_API_ROOT' | 'SMTP_URL' | 'publicUrl' | 'POOL_NAME' | 'POOL_DEFAULT_LANGUAGE'
  >;
  clock: () => number;
  events: MiningEventBus;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
  timings?: NotificationTimings;
}

/**
 * Notifications (issue 17): preferences, the Telegram bot, the dispatcher that sends every event by
 * e-mail and Telegram, the worker-offline scan and the sign-in watch. Payout, reward, wallet and
 * miner-deletion events come from the database's triggers (migration 0013).
 */
export function notificationService({
  database,
  config,
  clock,
  events,
  log,
  timings = {},
}: NotificationServiceOptions) {
  const db = database.orm(schema);
  const preferences = preferenceRepository(database);
  const telegram = config.TELEGRAM_BOT_TOKEN
    ? telegramBot({
        token: config.TELEGRAM_BOT_TOKEN,
        apiRoot: config.TELEGRAM_API_ROOT,
        database,
        clock,
        log,
        pollSeconds: timings.telegramPollSeconds,
      })
    : undefined;
  const dispatcher = notificationDispatcher({
    database,
    preferences,
    mailer: createMailer({
      outbox: outboxRepository(db),
      smtpUrl: config.SMTP_URL,
      from: `no-reply@${new URL(config.publicUrl).hostname}`,
      log,
    }),
    telegram,
    pool: async () => {
      const pool = await poolConfigRepository(db).findCurrent();
      return {
        name: pool?.name ?? config.POOL_NAME,
        defaultLanguage: pool?.settings.default_language ?? config.POOL_DEFAULT_LANGUAGE,
      };
    },
    appUrl: config.publicUrl.replace(/\/$/, ''),
    log,
    intervalMs: timings.dispatchMs,
  });
  const workers = workerOfflineAlerts({ database, clock });
  const signIns = signInWatch({ database });
  let scanTimer: NodeJS.Timeout | undefined;
  let scanning: Promise<void> | undefined;
  let unsubscribe: (() => void) | undefined;

  const kick = () => {
    dispatcher.drain().catch((error: unknown) => log.warn({ err: error }, 'notification dispatch failed'));
  };
  const scan = () => {
    scanning ??= workers
      .scan()
      .then((written) => {
        if (written > 0) kick();
      })
      .catch((error: unknown) => log.warn({ err: error }, 'worker offline scan failed'))
      .finally(() => {
        scanning = undefined;
      });
    return scanning;
  };

  return {
    preferences,
    telegram,
    dispatcher,
    workers,
    /** For the policy plugin: every person admitted, with their session. */
    sessions: {
      async seen(userId: string, session: IdentitySession, request: FastifyRequest): Promise<void> {
        const wrote = await signIns.seen(userId, session, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        if (wrote) kick();
      },
    },
    /** Sends at once what a request of this server wrote (a wallet change's trigger, say). */
    kick,
    /**
     * One of a cluster's processes that is not the writer: the bot's name for invite links, no
     * polling, no sending loop and no scan (the writer's `start` runs those).
     */
    follow(): void {
      void telegram?.start({ poll: false });
    },
    async start(): Promise<void> {
      // Not awaited: an unreachable Bot API (grammY waits up to 500 s per call) must not hold up
      // the server's start; until getMe answers, the invite routes say the bot is not reachable.
      void telegram?.start();
      dispatcher.start();
      scanTimer = setInterval(() => void scan(), timings.workerScanMs ?? 30_000);
      scanTimer.unref();
      // A worker that comes back is announced at once, not at the next scan.
      unsubscribe = events.subscribe((event) => {
        if (event.type === 'worker_status_changed' && event.to === 'stable' && event.from !== null) void scan();
      });
    },
    async stop(): Promise<void> {
      unsubscribe?.();
      clearInterval(scanTimer);
      await scanning;
      await telegram?.stop();
      await dispatcher.stop();
    },
  };
}

export type NotificationService = ReturnType<typeof notificationService>;
