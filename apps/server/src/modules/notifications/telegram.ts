import { createHash, createHmac, randomUUID } from 'node:crypto';
import { Bot } from 'grammy';
import type { Database } from '@pool/db/database';
import type { Language } from '@pool/contract/languages';
import type { TelegramChat, TelegramInvite } from '@pool/contract/notifications';
import { transaction } from '../mining/sql.ts';

/** How long a deep link may wait for its Start: long enough to open Telegram on another device. */
export const telegramInviteTtlMs = 60 * 60_000;

const linkedText: Record<Language, string> = {
  en: 'Done: this chat now receives the notifications you chose in the pool’s settings.',
  ru: 'Готово: этот чат теперь получает уведомления, выбранные в настройках пула.',
  cn: '完成：此聊天现在会收到您在矿池设置中选择的通知。',
};
const refusedText =
  'This link has expired or was used already. Make a new one under Settings → Notifications.\n' +
  'Ссылка устарела или уже использована. Создайте новую в Настройки → Уведомления.';

export interface TelegramOptions {
  token: string;
  /** A self-hosted Bot API server (TELEGRAM_API_ROOT); Telegram's own by default. */
  apiRoot?: string | undefined;
  database: Database;
  clock: () => number;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
  /** Long-polling wait per getUpdates, in seconds (Telegram's own servers allow up to 50). */
  pollSeconds?: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The pool's Telegram bot (grammY): one-time deep links that link a person's chat when they press
 * Start, the chat's unlinking, and sending. It polls for updates in-process; without
 * TELEGRAM_BOT_TOKEN it does not exist and the routes say Telegram is not configured.
 */
export function telegramBot({ token, apiRoot, database, clock, log, pollSeconds = 30 }: TelegramOptions) {
  const bot = new Bot(token, apiRoot ? { client: { apiRoot } } : undefined);
  /** The deep-link token of an invite: an HMAC of its id, so only a hash of it is stored. */
  const tokenOf = (inviteId: string) => createHmac('sha256', token).update(inviteId).digest('base64url');
  let username: string | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;

  async function languageOf(userId: string): Promise<Language> {
    const [row] = await database.query<{ language: Language | null }>('select language from app.users where id = $1', [
      userId,
    ]);
    return row?.language ?? 'en';
  }

  /** Links the chat of whoever pressed Start on a deep link; answers the person linked, if any. */
  async function redeem(startToken: string, chatId: number, chatUsername: string | null): Promise<string | undefined> {
    if (!/^[A-Za-z0-9_-]{20,64}$/.test(startToken)) return undefined;
    return transaction(database, async (query) => {
      const [invite] = await query<{ id: string; user_id: string }>(
        `update app.telegram_invites set used_at = $2
          where token_hash = $1 and used_at is null and expires_at > $2
          returning id, user_id`,
        [sha256(startToken), new Date(clock())],
      );
      if (!invite) return undefined;
      await query(
        `insert into app.telegram_chats (user_id, chat_id, username, linked_at) values ($1, $2, $3, $4)
          on conflict (user_id) do update set chat_id = excluded.chat_id, username = excluded.username, linked_at = excluded.linked_at`,
        [invite.user_id, chatId, chatUsername, new Date(clock())],
      );
      return invite.user_id;
    });
  }

  bot.command('start', async (context) => {
    const userId = await redeem(context.match.trim(), context.chat.id, context.from?.username ?? null);
    if (!userId) {
      await context.reply(refusedText);
      return;
    }
    log.info({ userId }, 'telegram chat linked');
    await context.reply(linkedText[await languageOf(userId)]);
  });
  bot.catch((error) => log.warn({ err: error.error }, 'telegram update failed'));

  function inviteOf(row: { id: string; created_at: Date | string; expires_at: Date | string }): TelegramInvite {
    if (!username) throw new Error('the bot is not initialised');
    return {
      link: `https://t.me/${username}?start=${tokenOf(row.id)}`,
      bot_username: username,
      created_at: new Date(row.created_at).toISOString(),
      expires_at: new Date(row.expires_at).toISOString(),
    };
  }

  /** getMe, then, when `poll`, long polling: one process of a cluster polls (the writer), every one makes links. */
  async function init(poll: boolean): Promise<void> {
    clearTimeout(retry);
    try {
      if (!username) {
        await bot.init();
        username = bot.botInfo.username;
      }
      if (stopped || !poll || polling) return;
      polling = bot
        .start({ timeout: pollSeconds, allowed_updates: ['message'] })
        .catch((error: unknown) => log.warn({ err: error }, 'telegram polling stopped'));
    } catch (error) {
      log.warn({ err: error }, 'telegram bot API not reachable; trying again in 30 s');
      if (!stopped) retry = setTimeout(() => void init(poll), 30_000);
    }
  }

  return {
    /** Fetches the bot's name (getMe) and starts long polling, unless `poll` is false. */
    start: (options: { poll?: boolean } = {}) => init(options.poll ?? true),

    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(retry);
      if (bot.isRunning()) await bot.stop();
      await polling;
    },

    /** Ready to make links: the bot answered getMe. */
    get ready(): boolean {
      return username !== undefined;
    },

    /** `POST identity/{id}/telegram/invites`: a new one-time link; earlier unused ones stop working. */
    async createInvite(userId: string): Promise<TelegramInvite> {
      const id = randomUUID();
      const now = clock();
      return transaction(database, async (query) => {
        await query('delete from app.telegram_invites where user_id = $1 and used_at is null', [userId]);
        const [row] = await query<{ id: string; created_at: Date; expires_at: Date }>(
          `insert into app.telegram_invites (id, user_id, token_hash, created_at, expires_at)
            values ($1, $2, $3, $4, $5) returning id, created_at, expires_at`,
          [id, userId, sha256(tokenOf(id)), new Date(now), new Date(now + telegramInviteTtlMs)],
        );
        if (!row) throw new Error('the invite was not written');
        return inviteOf(row);
      });
    },

    /** `GET telegram/invites/current`: the person's link still waiting for its Start. */
    async currentInvite(userId: string): Promise<TelegramInvite | undefined> {
      const [row] = await database.query<{ id: string; created_at: Date; expires_at: Date }>(
        `select id, created_at, expires_at from app.telegram_invites
          where user_id = $1 and used_at is null and expires_at > $2 order by created_at desc limit 1`,
        [userId, new Date(clock())],
      );
      return row && inviteOf(row);
    },

    async currentChat(userId: string): Promise<TelegramChat | undefined> {
      const [row] = await database.query<{ username: string | null; linked_at: Date }>(
        'select username, linked_at from app.telegram_chats where user_id = $1',
        [userId],
      );
      return row && { username: row.username, linked_at: new Date(row.linked_at).toISOString() };
    },

    async unlink(userId: string): Promise<boolean> {
      const rows = await database.query('delete from app.telegram_chats where user_id = $1 returning user_id', [
        userId,
      ]);
      return rows.length > 0;
    },

    async send(chatId: string | number, text: string): Promise<void> {
      await bot.api.sendMessage(Number(chatId), text);
    },
  };
}

export type TelegramBot = ReturnType<typeof telegramBot>;
