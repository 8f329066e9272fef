import type { Database } from '@pool/db/database';
import type { Language } from '@pool/contract/languages';
import type { NotificationKind } from '@pool/contract/notifications';
import type { Mailer } from '../../mail/mailer.ts';
import { transaction } from '../mining/sql.ts';
import type { PreferenceRepository } from './preferences.ts';
import { render, type EventPayload } from './templates.ts';

export interface DispatcherOptions {
  database: Database;
  preferences: PreferenceRepository;
  mailer: Mailer;
  /** The Telegram bot when TELEGRAM_BOT_TOKEN is set. */
  telegram: { send(chatId: string, text: string): Promise<void> } | undefined;
  pool: () => Promise<{ name: string; defaultLanguage: Language }>;
  appUrl: string;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
  /** How often it looks for events written by other processes (the payout runs' children). */
  intervalMs?: number;
}

interface EventRow extends Record<string, unknown> {
  id: string;
  kind: NotificationKind;
  miner_id: string | null;
  payload: EventPayload;
  recipients: string[] | null;
}

/**
 * Sends `app.notification_events` (written by the triggers of migration 0013 and by the server's
 * own emitters) to each person concerned, by e-mail through the outbox and by Telegram, as each
 * one's preferences say and in each one's language. An event is claimed in one transaction and
 * sent after it commits: a second server never sends it again.
 */
export function notificationDispatcher(options: DispatcherOptions) {
  const { database, preferences, mailer, telegram, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;

  async function claim(): Promise<EventRow[]> {
    return transaction(database, (query) =>
      query<EventRow>(
        `update app.notification_events set dispatched_at = now()
          where id in (select id from app.notification_events where dispatched_at is null order by id limit 100 for update skip locked)
          returning id, kind, miner_id, payload, recipients`,
      ),
    );
  }

  async function deliver(event: EventRow, pool: { name: string; defaultLanguage: Language }): Promise<void> {
    const recipients =
      event.recipients ??
      (
        await database.query<{ user_id: string }>(
          `select distinct user_id from app.permissions where type = 'miner' and account_id = $1`,
          [event.miner_id],
        )
      ).map((row) => row.user_id);
    if (recipients.length === 0) return;
    const [people, chats, wanted, miner] = await Promise.all([
      database.query<{ id: string; email: string; language: Language | null }>(
        'select id, email, language from app.users where id = any($1::uuid[])',
        [recipients],
      ),
      database.query<{ user_id: string; chat_id: string }>(
        'select user_id, chat_id::text as chat_id from app.telegram_chats where user_id = any($1::uuid[])',
        [recipients],
      ),
      preferences.wanted(recipients, event.kind),
      event.miner_id
        ? database.query<{ account_name: string }>('select account_name from app.miners where id = $1', [
            event.miner_id,
          ])
        : Promise.resolve([]),
    ]);
    for (const person of people) {
      const channels = wanted.get(person.id);
      if (!channels) continue;
      const message = render(event.kind, event.payload, {
        language: person.language ?? pool.defaultLanguage,
        poolName: pool.name,
        accountName: miner[0]?.account_name ?? null,
        appUrl: options.appUrl,
      });
      if (channels.email) await mailer.send({ to: person.email, subject: message.subject, text: message.text });
      const chat = chats.find((row) => row.user_id === person.id);
      if (channels.telegram && chat && telegram) {
        try {
          await telegram.send(chat.chat_id, `${message.subject}\n\n${message.text}`);
        } catch (error) {
          log.warn({ err: error, userId: person.id, kind: event.kind }, 'telegram message could not be sent');
        }
      }
    }
  }

  /** Sends what is waiting; answers how many events it took. */
  async function drainOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const events = await claim();
      if (events.length === 0) return total;
      const pool = await options.pool();
      for (const event of events) {
        try {
          await deliver(event, pool);
        } catch (error) {
          log.warn({ err: error, eventId: event.id, kind: event.kind }, 'notification could not be delivered');
        }
      }
      total += events.length;
    }
  }

  /** One drain at a time; a call during one runs another after it, so nothing written meanwhile waits a whole interval. */
  async function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await drainOnce();
      } while (again);
      return total;
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    drain,
    start(): void {
      const intervalMs = options.intervalMs ?? 5000;
      timer = setInterval(() => {
        drain().catch((error: unknown) => log.warn({ err: error }, 'notification dispatch failed'));
      }, intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}

export type NotificationDispatcher = ReturnType<typeof notificationDispatcher>;
