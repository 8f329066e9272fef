import { describe, expect, it, vi } from 'vitest';

/** A stand-in for PostHog's full SDK that records every call made to it. */
const calls: unknown[][] = [];
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

const { createClient } = await import('./posthog-recorded.ts');
const settings = { key: 'phc_pool', host: 'https://analytics.example.net', require_consent: false };

describe("a recorded session's SDK: PostHog's full one", () => {
  it('starts with the recorder and page views, registers the properties, and maps the calls', () => {
    const client = createClient(settings, false, { platform: 'app' });
    const [name, key, options] = calls[0] ?? [];
    expect([name, key]).toEqual(['init', 'phc_pool']);
    expect(options).toMatchObject({ api_host: settings.host, opt_out_capturing_by_default: true });
    // The slim SDK does nothing it is not given: page views on history changes, and the recorder.
    const extensions = (options as { __extensionClasses?: Record<string, unknown> }).__extensionClasses ?? {};
    expect(extensions.historyAutocapture).toBeTypeOf('function');
    expect(extensions.sessionRecording).toBeTypeOf('function');
    expect(calls[1]).toEqual(['register', { platform: 'app' }]);

    client?.identify('u-1', { plan: 'pps' });
    client?.capture('sign in', { via: 'password' });
    client?.optIn();
    client?.optOut();
    expect(calls.slice(2)).toEqual([
      ['identify', 'u-1', { plan: 'pps' }],
      ['capture', 'sign in', { via: 'password' }],
      ['opt_in_capturing'],
      ['opt_out_capturing'],
    ]);
  });
});
