import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for PostHog's SDK that records every call the app makes to it. */
const calls: [string, ...unknown[]][] = [];
vi.mock('posthog-js/dist/module.slim', () => {
  const client = {
    register: (...args: unknown[]) => calls.push(['register', ...args]),
    identify: (...args: unknown[]) => calls.push(['identify', ...args]),
    capture: (...args: unknown[]) => calls.push(['capture', ...args]),
    opt_in_capturing: () => calls.push(['opt_in_capturing']),
    opt_out_capturing: () => calls.push(['opt_out_capturing']),
  };
  return {
    default: {
      init: (key: string, options: Record<string, unknown>) => {
        calls.push(['init', key, options]);
        return client;
      },
    },
  };
});

const { startAnalytics } = await import('./start-analytics.ts');
const { chooseConsent } = await import('./consent.ts');
const { visitors } = await import('@/lib/operating/visitor.ts');
const { recordActivity } = await import('@/lib/analytics/widgets.ts');

const settings = { key: 'phc_pool', host: 'https://analytics.example.net', require_consent: true };

beforeEach(() => {
  calls.length = 0;
  window.localStorage.clear();
});

afterEach(() => {
  delete window.productAnalytics;
  visitors.leave();
});

describe('product analytics through PostHog', () => {
  it('starts with the spec 9 options, opted out until consent where the pool requires it, and says which platform', () => {
    startAnalytics(settings, undefined, () => 0.1);
    const [name, key, options] = calls[0] ?? [];
    expect([name, key]).toEqual(['init', 'phc_pool']);
    expect(options).toMatchObject({
      api_host: 'https://analytics.example.net',
      persistence: 'localStorage',
      capture_pageview: 'history_change',
      session_idle_timeout_seconds: 1800,
      disable_session_recording: false,
      opt_out_capturing_by_default: true,
    });
    // The slim SDK does nothing it is not given: page views on history changes, and the recorder.
    const extensions = (options as { __extensionClasses?: Record<string, unknown> }).__extensionClasses ?? {};
    expect(extensions.historyAutocapture).toBeTypeOf('function');
    expect(extensions.sessionRecording).toBeTypeOf('function');
    expect(calls).toContainEqual(['register', { platform: 'web' }]);

    chooseConsent('granted');
    expect(calls.at(-1)).toEqual(['opt_in_capturing']);
    chooseConsent('denied');
    expect(calls.at(-1)).toEqual(['opt_out_capturing']);
  });

  it('asks for consent where the pool requires it, once, and opts in on a yes', () => {
    let grant: () => void = () => {};
    const ask = vi.fn((yes: () => void) => (grant = yes));
    startAnalytics(settings, ask, () => 0.9);
    expect(ask).toHaveBeenCalledOnce();
    grant();
    expect(calls.at(-1)).toEqual(['opt_in_capturing']);
    expect(window.localStorage.getItem('pool.analytics-consent')).toBe('granted');
    const askedAgain = vi.fn();
    startAnalytics(settings, askedAgain, () => 0.9);
    expect(askedAgain).not.toHaveBeenCalled();
    expect(calls.find((call) => call[0] === 'init' && call !== calls[0])?.[2]).toMatchObject({
      opt_out_capturing_by_default: false,
    });
  });

  it('asks nothing where the pool does not require consent', () => {
    const ask = vi.fn();
    startAnalytics({ ...settings, require_consent: false }, ask, () => 0.9);
    expect(ask).not.toHaveBeenCalled();
  });

  it("identifies the signed-in visitor with 'User Site Visit', and records activities through the global", () => {
    visitors.identify({ id: 'u-1', verification: {} });
    startAnalytics({ ...settings, require_consent: false }, undefined, () => 0.9);
    expect(calls).toContainEqual(['identify', 'u-1', undefined]);
    expect(calls).toContainEqual(['capture', 'User Site Visit']);
    recordActivity('sign up');
    expect(calls.at(-1)).toEqual(['capture', 'sign up', undefined]);
  });

  it('redacts watcher tokens and e-mail addresses from the page URLs it sends', () => {
    startAnalytics(settings, undefined, () => 0.9);
    const options = calls[0]?.[2] as { before_send: (event: unknown) => { properties: Record<string, string> } };
    const sent = options.before_send({
      event: '$pageview',
      properties: {
        $current_url: 'https://pool.example/watch/Zq3_8vXk-2Lm9pQr4sTu7wYz1aBc5dEf6gHi0jKlMnO/workers',
        $referrer: 'https://pool.example/auth/login?email=bob@demo.pool',
      },
    });
    expect(sent.properties).toEqual({
      $current_url: 'https://pool.example/watch/[watcher-token]/workers',
      $referrer: 'https://pool.example/auth/login?email=[email]',
    });
  });
});
