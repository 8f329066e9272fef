// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Sentry from '@sentry/browser';
import { startErrorReporting } from './start-error-reporting.ts';

interface SentEvent {
  exception?: { values?: { type?: string; value?: string }[] };
  breadcrumbs?: { message?: string }[];
  release?: string;
  request?: { url?: string };
}

/** A Sentry-compatible server on loopback that keeps the events of every envelope it receives. */
let sink: Server;
let dsn = '';
const events: SentEvent[] = [];

beforeAll(async () => {
  sink = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const lines = text.split('\n').filter(Boolean);
      for (let index = 1; index + 1 < lines.length; index += 2) {
        const header = JSON.parse(lines[index] ?? '{}') as { type?: string };
        if (header.type === 'event') events.push(JSON.parse(lines[index + 1] ?? '{}') as SentEvent);
      }
      response.writeHead(200, { 'access-control-allow-origin': '*' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const address = sink.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  dsn = `http://public@127.0.0.1:${address.port}/4`;
});

afterAll(async () => {
  await Sentry.close(2000);
  sink.close();
});

describe('the Sentry browser SDK as the app starts it', () => {
  it('sends redacted errors to the DSN, drops network errors, and keeps at most 50 breadcrumbs', async () => {
    window.history.replaceState(null, '', '/watch/Zq3_8vXk-2Lm9pQr4sTu7wYz1aBc5dEf6gHi0jKlMnO/workers');
    expect(startErrorReporting({ dsn }, '1.2.3')).toBeDefined();
    for (let index = 0; index < 60; index += 1) Sentry.addBreadcrumb({ message: `step ${index} by alice@demo.pool` });
    Sentry.captureException(new TypeError('Failed to fetch'));
    Sentry.captureException(new Error('balance for bob@demo.pool did not load'));
    await Sentry.flush(5000);
    await expect.poll(() => events.length, { timeout: 5000 }).toBe(1);

    const [event] = events;
    expect(event?.release).toBe('1.2.3');
    expect(event?.exception?.values?.[0]?.value).toBe('balance for [email] did not load');
    expect(event?.breadcrumbs).toHaveLength(50);
    expect(event?.breadcrumbs?.at(-1)?.message).toBe('step 59 by [email]');
    expect(event?.request?.url).toContain('/watch/[watcher-token]/workers');
    expect(JSON.stringify(event)).not.toMatch(/@demo\.pool|Zq3_8vXk/);
  });
});
