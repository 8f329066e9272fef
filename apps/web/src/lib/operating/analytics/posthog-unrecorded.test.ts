import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from './posthog-unrecorded.ts';

/** What reached the analytics host: the events of every batch PostHog's light SDK sent. */
interface Sent {
  url: string;
  key: string;
  events: { event: string; distinct_id: string; properties: Record<string, unknown> }[];
}

const token = 'Zq3_8vXk-2Lm9pQr4sTu7wYz1aBc5dEf6gHi0jKlMnO';
let sent: Sent[] = [];

beforeEach(() => {
  sent = [];
  window.localStorage.clear();
  window.history.replaceState(null, '', `/watch/${token}/workers`);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (typeof init.body === 'string') {
        const body = JSON.parse(init.body) as { api_key: string; batch?: Sent['events'] };
        sent.push({ url, key: body.api_key, events: body.batch ?? [] });
      }
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  // The SDK gzips where the browser can; the host's stand-in reads plain JSON.
  vi.stubGlobal('CompressionStream', undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

// Each test's client has a key of its own: the SDKs of earlier tests still follow the history.
const settings = (key: string) => ({ key, host: 'https://analytics.example.net', require_consent: false });
const events = () =>
  sent.filter((batch) => batch.key === expect.getState().currentTestName).flatMap((batch) => batch.events);
const names = () => events().map((event) => event.event);

describe("an unrecorded session's SDK: PostHog's light one", () => {
  it('sends the first page view and those of history changes to the host at once, redacted, with the properties', async () => {
    createClient(settings(expect.getState().currentTestName ?? ''), true, { platform: 'web' });
    await vi.waitFor(() => expect(names()).toEqual(['$pageview']));
    expect(sent[0]?.url).toBe('https://analytics.example.net/batch/');
    const [first] = events();
    expect(first?.properties).toMatchObject({ platform: 'web', $pathname: '/watch/[watcher-token]/workers' });
    expect(first?.properties.$current_url).toMatch(/\/watch\/\[watcher-token\]\/workers$/);
    expect(JSON.stringify(sent)).not.toContain(token);

    window.history.pushState(null, '', '/payments');
    await vi.waitFor(() => expect(names()).toEqual(['$pageview', '$pageview']));
    expect(events()[1]?.properties.$pathname).toBe('/payments');
  });

  it('identifies and captures, and sends nothing until it may', async () => {
    const client = createClient(settings(expect.getState().currentTestName ?? ''), false, { platform: 'app' });
    client?.capture('sign in');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events()).toEqual([]);

    client?.optIn();
    client?.identify('u-1');
    client?.capture('User Site Visit');
    await vi.waitFor(() => expect(names()).toEqual(['$identify', 'User Site Visit']));
    expect(events().map((event) => event.distinct_id)).toEqual(['u-1', 'u-1']);
    expect(events()[1]?.properties.platform).toBe('app');

    client?.optOut();
    client?.capture('sign out');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(names()).not.toContain('sign out');
  });

  it('captures nothing on a visit that may not, though an earlier visit opted in', async () => {
    const key = expect.getState().currentTestName ?? '';
    // A visit that asked for consent and got it: the SDK keeps "opted in" in its own storage.
    const first = createClient(settings(key), false, {});
    first?.optIn();
    first?.capture('consented');
    await vi.waitFor(() => expect(names()).toEqual(['consented']));
    // The next visit, under Do Not Track.
    const later = createClient(settings(key), false, {});
    later?.capture('under Do Not Track');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(names()).toEqual(['consented']);
  });
});
