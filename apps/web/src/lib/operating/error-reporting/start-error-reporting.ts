import * as Sentry from '@sentry/browser';
import type { ErrorReportingSettings } from '@pool/contract/integrations';
import { beforeSend, breadcrumbCap, redactBreadcrumb, tracesSampleRateFor } from './rules.ts';
import type { startTracing } from './tracing.ts';

export interface ErrorReportingOptions {
  transport?: Sentry.BrowserOptions['transport'];
  /** Calls its listener after each of the app's navigations to a new location; answers how to stop. */
  onNavigation?: (listener: () => void) => () => void;
  /** Draws whether the page load is traced (a number in [0, 1)); tests fix it. */
  random?: () => number;
  /** Loads the tracing chunk; tests hand in the module. */
  loadTracing?: () => Promise<{ startTracing: typeof startTracing }>;
}

/**
 * Starts the official Sentry browser SDK with spec 9's rules. This module is its own chunk: the app
 * imports it only when a DSN is configured, and only once the browser is idle.
 *
 * Tracing is half of the SDK, and spec 9 samples 8 to 20 % of traces, so it loads only when needed:
 * at once for a page load drawn at its route's rate, otherwise at the first navigation, whose trace
 * (like every later one) Sentry then draws at that route's rate.
 */
export function startErrorReporting(
  settings: ErrorReportingSettings,
  release: string,
  options: ErrorReportingOptions = {},
): ReturnType<typeof Sentry.init> {
  const pageloadTraced = (options.random ?? Math.random)() < tracesSampleRateFor(window.location.pathname);
  const client = Sentry.init({
    dsn: settings.dsn,
    release,
    // The page load's trace exists only if it was drawn above: drawing it again would halve its rate.
    tracesSampler: ({ attributes }) =>
      attributes?.['sentry.op'] === 'pageload' ? 1 : tracesSampleRateFor(window.location.pathname),
    maxBreadcrumbs: breadcrumbCap,
    beforeSend,
    beforeBreadcrumb: redactBreadcrumb,
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    ...(options.transport ? { transport: options.transport } : {}),
  });
  const loadTracing = options.loadTracing ?? (() => import('./tracing.ts'));
  if (pageloadTraced) void loadTracing().then(({ startTracing }) => startTracing({ pageload: true }));
  else if (options.onNavigation) {
    const stop = options.onNavigation(() => {
      stop();
      // In seconds on the clock Sentry's spans use.
      const navigationStartedAt = (performance.timeOrigin + performance.now()) / 1000;
      void loadTracing().then(({ startTracing }) => startTracing({ pageload: false, navigationStartedAt }));
    });
  }
  return client;
}
