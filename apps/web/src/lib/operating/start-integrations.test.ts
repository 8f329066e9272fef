import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { noIntegrations } from '@pool/contract/integrations';
import { startConfigured, type IntegrationLoaders } from './configured-integrations.ts';
import { startIntegrations } from './start-integrations.ts';
import { idleFallbackMs, whenIdle } from './when-idle.ts';

function recordingLoaders() {
  const startErrorReporting = vi.fn();
  const startAnalytics = vi.fn();
  const loadAnalytics = vi.fn((..._: unknown[]) => Promise.resolve(startAnalytics));
  const startWidgets = vi.fn(() => Promise.resolve(() => undefined));
  const loaders: IntegrationLoaders = {
    errorReporting: vi.fn(() => Promise.resolve({ startErrorReporting })),
    analytics: vi.fn(() => Promise.resolve({ loadAnalytics })),
    widgets: vi.fn(() => Promise.resolve({ startWidgets })),
  };
  return { loaders, startErrorReporting, loadAnalytics, startAnalytics, startWidgets };
}

const dsn = { dsn: 'https://k@errors.example/1' };
const ready = Promise.resolve();
const release = () => undefined;
const now = (start: () => void) => start();

describe('integrations start lazily and only when configured (spec 9)', () => {
  it('load nothing, not even their starter, when nothing is configured', async () => {
    for (const config of [undefined, {}, { integrations: noIntegrations }]) {
      const load = vi.fn();
      const idle = vi.fn();
      await startIntegrations(config, { client: new QueryClient(), load, idle, ready, release });
      expect(idle).not.toHaveBeenCalled();
      expect(load).not.toHaveBeenCalled();
    }
  });

  it('load their starter once the browser is idle, with the settings and the release', async () => {
    const startConfiguredStandIn = vi.fn(() => Promise.resolve());
    const load = vi.fn(() => Promise.resolve({ startConfigured: startConfiguredStandIn }));
    let runIdle: () => void = () => {};
    const client = new QueryClient();
    const integrations = { ...noIntegrations, error_reporting: dsn };
    const started = startIntegrations(
      { integrations },
      { client, load, idle: (start) => (runIdle = start), release: () => '2.0.0', ready },
    );
    expect(load).not.toHaveBeenCalled();
    await Promise.resolve();
    runIdle();
    await started;
    expect(startConfiguredStandIn).toHaveBeenCalledWith(integrations, {
      release: '2.0.0',
      client,
      say: undefined,
    });
  });

  it('wait for the first screen before the idle callback', async () => {
    const load = vi.fn(() => Promise.resolve({ startConfigured: vi.fn(() => Promise.resolve()) }));
    let settle: () => void = () => {};
    const idle = vi.fn((start: () => void) => start());
    const started = startIntegrations(
      { integrations: { ...noIntegrations, error_reporting: dsn } },
      { client: new QueryClient(), load, idle, release, ready: new Promise<void>((resolve) => (settle = resolve)) },
    );
    await Promise.resolve();
    expect(idle).not.toHaveBeenCalled();
    settle();
    await started;
    expect(idle).toHaveBeenCalledOnce();
    expect(load).toHaveBeenCalledOnce();
  });

  it('leave the app as it was when the starter cannot load', async () => {
    await expect(
      startIntegrations(
        { integrations: { ...noIntegrations, error_reporting: dsn } },
        {
          client: new QueryClient(),
          load: () => Promise.reject(new Error('blocked')),
          idle: (start) => start(),
          ready,
          release,
        },
      ),
    ).resolves.toBeUndefined();
  });

  it('start error reporting alone with only a DSN', async () => {
    const { loaders, startErrorReporting } = recordingLoaders();
    await startConfigured(
      { ...noIntegrations, error_reporting: dsn },
      { release: '2.0.0', client: new QueryClient(), idle: now },
      loaders,
    );
    expect(startErrorReporting).toHaveBeenCalledWith(dsn, '2.0.0', { onNavigation: undefined });
    expect(loaders.analytics).not.toHaveBeenCalled();
    expect(loaders.widgets).not.toHaveBeenCalled();
  });

  it('start analytics and the widgets without error reporting when no DSN is set', async () => {
    const { loaders, loadAnalytics, startAnalytics, startWidgets } = recordingLoaders();
    const analytics = { key: 'phc', host: 'https://analytics.example', require_consent: false };
    const settings = { ...noIntegrations, analytics, messenger: { script_url: 'https://m.example/boot.js' } };
    const client = new QueryClient();
    await startConfigured(settings, { release: '2.0.0', client, idle: now }, loaders);
    expect(loaders.errorReporting).not.toHaveBeenCalled();
    expect(loadAnalytics).toHaveBeenCalledWith(analytics, undefined);
    expect(startAnalytics).toHaveBeenCalledOnce();
    expect(startWidgets).toHaveBeenCalledWith(settings, client);
  });

  it('ask for analytics consent in a translated toast that stays half a minute', async () => {
    const { loaders, loadAnalytics } = recordingLoaders();
    const info = vi.fn();
    const analytics = { key: 'phc', host: 'https://analytics.example', require_consent: true };
    await startConfigured(
      { ...noIntegrations, analytics },
      { release: '1', client: new QueryClient(), idle: now, say: { toast: { info }, t: (key) => `«${key}»` } },
      loaders,
    );
    const ask = loadAnalytics.mock.calls[0]?.[1] as (grant: () => void) => void;
    const grant = vi.fn();
    ask(grant);
    expect(info).toHaveBeenCalledWith('«analytics.consent»', {
      action: { label: '«analytics.allow»', onClick: grant },
      durationMs: 30_000,
    });
  });

  it('start one at a time, error reporting, then the widgets, then analytics, each loaded on an idle callback and started on the next', async () => {
    const { loaders, startErrorReporting, startAnalytics, startWidgets } = recordingLoaders();
    const analytics = { key: 'phc', host: 'https://analytics.example', require_consent: false };
    const settings = {
      ...noIntegrations,
      error_reporting: dsn,
      analytics,
      support_chat: { script_url: 'https://c.example/w.js' },
    };
    const pending: Array<() => void> = [];
    const started = startConfigured(
      settings,
      { release: '1', client: new QueryClient(), idle: (start) => pending.push(start) },
      loaders,
    );
    const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
    const soFar = () => ({
      loaded: [loaders.errorReporting, loaders.widgets, loaders.analytics].map(
        (load) => vi.mocked(load).mock.calls.length,
      ),
      started: [startErrorReporting, startWidgets, startAnalytics].map((start) => start.mock.calls.length),
    });
    await flush();
    expect(soFar()).toEqual({ loaded: [0, 0, 0], started: [0, 0, 0] });
    for (const expected of [
      { loaded: [1, 0, 0], started: [0, 0, 0] },
      { loaded: [1, 0, 0], started: [1, 0, 0] },
      { loaded: [1, 1, 0], started: [1, 0, 0] },
      { loaded: [1, 1, 0], started: [1, 1, 0] },
      { loaded: [1, 1, 1], started: [1, 1, 0] },
      { loaded: [1, 1, 1], started: [1, 1, 1] },
    ]) {
      expect(pending).toHaveLength(1);
      pending.shift()?.();
      await flush();
      expect(soFar()).toEqual(expected);
    }
    await started;
    expect(pending).toHaveLength(0);
  });

  it('start the others when one fails to load', async () => {
    const { loaders, startWidgets } = recordingLoaders();
    const failing = { ...loaders, errorReporting: () => Promise.reject(new Error('blocked')) };
    const settings = {
      ...noIntegrations,
      error_reporting: dsn,
      support_chat: { script_url: 'https://c.example/w.js' },
    };
    await expect(
      startConfigured(settings, { release: '1', client: new QueryClient(), idle: now }, failing),
    ).resolves.toBeUndefined();
    expect(startWidgets).toHaveBeenCalledOnce();
  });
});

describe('whenIdle', () => {
  it('uses an idle callback that waits at most 500 ms', () => {
    const requestIdleCallback = vi.fn();
    const start = vi.fn();
    whenIdle(start, { setTimeout: vi.fn() as unknown as Window['setTimeout'], requestIdleCallback });
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 500 });
    (requestIdleCallback.mock.calls[0]?.[0] as () => void)();
    expect(start).toHaveBeenCalledOnce();
  });

  it('falls back to 500 ms where there is no idle callback', () => {
    vi.useFakeTimers();
    const start = vi.fn();
    whenIdle(start, { setTimeout: window.setTimeout.bind(window) as Window['setTimeout'] });
    vi.advanceTimersByTime(idleFallbackMs - 1);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledOnce();
    vi.useRealTimers();
  });
});
