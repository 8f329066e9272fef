import * as Sentry from '@sentry/browser';
import type { ErrorReportingSettings } from '@pool/contract/integrations';
import { beforeSend, breadcrumbCap, redactBreadcrumb, tracesSampleRateFor } from './rules.ts';

/**
 * Starts the official Sentry browser SDK with spec 9's rules. This module is its own chunk: the app
 * imports it only when a DSN is configured, and only once the browser is idle.
 */
export function startErrorReporting(
  settings: ErrorReportingSettings,
  release: string,
  options: { transport?: Sentry.BrowserOptions['transport'] } = {},
): ReturnType<typeof Sentry.init> {
  return Sentry.init({
    dsn: settings.dsn,
    release,
    integrations: [Sentry.browserTracingIntegration()],
    tracesSampler: () => tracesSampleRateFor(window.location.pathname),
    maxBreadcrumbs: breadcrumbCap,
    beforeSend,
    beforeBreadcrumb: redactBreadcrumb,
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    ...(options.transport ? { transport: options.transport } : {}),
  });
}
