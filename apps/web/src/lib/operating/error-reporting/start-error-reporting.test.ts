// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as Sentry from '@sentry/browser';
import { startErrorReporting } from './start-error-reporting.ts';
import { startTracing } from './tracing.ts';

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

describe('tracing, loaded only for the traces spec 9 samples', () => {
  afterEach(() => vi.restoreAllMocks());

  /** Starts the SDK on `path` with the page load's draw fixed; answers what loaded tracing and how. */
  function start(path: string, draw: number) {
    window.history.replaceState(null, '', path);
    const loads: Parameters<typeof startTracing>[0][] = [];
    const listeners: (() => void)[] = [];
    const stop = vi.fn();
    startErrorReporting({ dsn }, '1', {
      random: () => draw,
      loadTracing: () => Promise.resolve({ startTracing: (how) => void loads.push(how) }),
      onNavigation: (listener) => {
        listeners.push(listener);
        return stop;
      },
    });
    return { loads, navigate: () => listeners.forEach((listener) => listener()), stop };
  }

  it.each([
    ['/workers', 0.1999, true],
    ['/workers', 0.2, false],
    ['/payments', 0.19, true],
    ['/', 0.0799, true],
    ['/', 0.08, false],
    ['/settings', 0.1, false],
  ])('on %s with a draw of %s, loads tracing for the page load: %s', async (path, draw, traced) => {
    const { loads } = start(path, draw);
    await Promise.resolve();
    expect(loads).toEqual(traced ? [{ pageload: true }] : []);
  });

  it('loads tracing at the first navigation after a page load that was not drawn, dated to that navigation', async () => {
    const { loads, navigate, stop } = start('/', 0.5);
    await Promise.resolve();
    expect(loads).toEqual([]);
    const before = (performance.timeOrigin + performance.now()) / 1000;
    navigate();
    await Promise.resolve();
    expect(stop).toHaveBeenCalledOnce();
    expect(loads).toEqual([{ pageload: false, navigationStartedAt: expect.any(Number) as number }]);
    const [how] = loads;
    expect(how?.pageload === false && how.navigationStartedAt - before).toBeGreaterThanOrEqual(0);
    expect(how?.pageload === false && how.navigationStartedAt - before).toBeLessThan(1);
  });

  it("keeps a drawn page load's trace, and draws each navigation at its route's rate", () => {
    start('/', 0.5);
    const sampler = Sentry.getClient()?.getOptions().tracesSampler;
    const sample = (op: string) =>
      sampler?.({ name: 'x', attributes: { 'sentry.op': op }, inheritOrSampleWith: () => 0 });
    expect(sample('pageload')).toBe(1);
    window.history.replaceState(null, '', '/workers');
    expect(sample('navigation')).toBe(0.2);
    window.history.replaceState(null, '', '/settings');
    expect(sample('navigation')).toBe(0.08);
  });

  it("traces the navigation that brought tracing in, from that navigation's start", () => {
    start('/payments', 0.9);
    // The navigation's own draw (Sentry's, at the route's 0.2) comes out sampled.
    vi.spyOn(Math, 'random').mockReturnValue(0.01);
    const startedAt = (performance.timeOrigin + performance.now()) / 1000 - 0.3;
    startTracing({ pageload: false, navigationStartedAt: startedAt });
    const span = Sentry.getActiveSpan();
    expect(span && Sentry.spanToJSON(span)).toMatchObject({
      name: '/payments',
      start_timestamp: startedAt,
      attributes: { 'sentry.op': 'navigation', 'sentry.sample_rate': 0.2, 'sentry.segment.name.source': 'url' },
    });
    expect(span?.isRecording()).toBe(true);
  });
});
