import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message the bot sent, as the Bot API stand-in received it. */
export interface SentMessage {
  chat_id: number;
  text: string;
}

interface Waiter {
  offset: number;
  resolve: (updates: unknown[]) => void;
  timer: NodeJS.Timeout;
}

const readBody = async (request: IncomingMessage): Promise<Record<string, unknown>> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  if ((request.headers['content-type'] ?? '').includes('application/json'))
    return JSON.parse(text) as Record<string, unknown>;
  return Object.fromEntries(new URLSearchParams(text));
};

/**
 * A local HTTP server answering the Bot API methods the pool's bot uses (getMe, deleteWebhook,
 * getUpdates with long polling, sendMessage), as api.telegram.org would: `/bot<token>/<method>`,
 * answers `{ ok, result }`. A test plays the person: `pressStart` queues the update Telegram sends
 * when someone opens the deep link and presses Start; `sent` holds what the bot wrote.
 */
export async function fakeTelegram(options: { token: string; username?: string; port?: number; host?: string }) {
  const username = options.username ?? 'pool_test_bot';
  const updates: { update_id: number; message: unknown }[] = [];
  const sent: SentMessage[] = [];
  const waiters = new Set<Waiter>();
  let nextUpdate = 1;
  let nextMessage = 1;

  const pending = (offset: number) => updates.filter((update) => update.update_id >= offset);
  const wake = () => {
    for (const waiter of [...waiters]) {
      const ready = pending(waiter.offset);
      if (ready.length) {
        clearTimeout(waiter.timer);
        waiters.delete(waiter);
        waiter.resolve(ready);
      }
    }
  };

  async function answer(method: string, params: Record<string, unknown>): Promise<unknown> {
    switch (method) {
      case 'getMe':
        return { id: 7_000_001, is_bot: true, first_name: 'Pool', username, can_join_groups: false };
      case 'deleteWebhook':
        return true;
      case 'getUpdates': {
        const offset = Number(params.offset ?? 0);
        // Confirmed updates are forgotten, as Telegram forgets them.
        for (let i = updates.length - 1; i >= 0; i -= 1)
          if ((updates[i]?.update_id ?? 0) < offset) updates.splice(i, 1);
        const ready = pending(offset);
        const timeout = Number(params.timeout ?? 0);
        if (ready.length || timeout <= 0) return ready;
        return new Promise<unknown[]>((resolve) => {
          const waiter: Waiter = {
            offset,
            resolve,
            timer: setTimeout(() => {
              waiters.delete(waiter);
              resolve([]);
            }, timeout * 1000),
          };
          waiters.add(waiter);
        });
      }
      case 'sendMessage': {
        const chatId = Number(params.chat_id);
        sent.push({ chat_id: chatId, text: String(params.text) });
        return {
          message_id: nextMessage++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: 'private' },
          text: String(params.text),
        };
      }
      default:
        throw new Error(`method ${method} is not answered by the stand-in`);
    }
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      const match = /^\/bot([^/]+)\/([A-Za-z]+)/.exec(request.url ?? '');
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (!match || match[1] !== options.token) {
        send(401, { ok: false, error_code: 401, description: 'Unauthorized' });
        return;
      }
      try {
        const result = await answer(match[2] ?? '', await readBody(request));
        if (!response.destroyed) send(200, { ok: true, result });
      } catch (error) {
        send(400, { ok: false, error_code: 400, description: (error as Error).message });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    apiRoot: `http://${options.host ?? '127.0.0.1'}:${port}`,
    username,
    sent,
    /** Someone opened `link` in Telegram and pressed Start in the chat `chatId`. */
    pressStart(link: string, chatId: number, from = 'miner_person'): void {
      const token = new URL(link).searchParams.get('start') ?? '';
      updates.push({
        update_id: nextUpdate++,
        message: {
          message_id: nextMessage++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: 'private', username: from },
          from: { id: chatId, is_bot: false, first_name: from, username: from },
          text: `/start ${token}`,
          entities: [{ type: 'bot_command', offset: 0, length: 6 }],
        },
      });
      wake();
    },
    /** Waits for a message to the chat that matches. */
    async messageTo(chatId: number, matches: (text: string) => boolean, timeoutMs = 10_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = sent.find((message) => message.chat_id === chatId && matches(message.text));
        if (found) return found.text;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no matching message reached chat ${chatId}`);
    },
    async close(): Promise<void> {
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.resolve([]);
      }
      waiters.clear();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type FakeTelegram = Awaited<ReturnType<typeof fakeTelegram>>;
