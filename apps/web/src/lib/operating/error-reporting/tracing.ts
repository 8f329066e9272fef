import * as Sentry from '@sentry/browser';

/**
 * Sentry's tracing (about half of its SDK), in a chunk of its own: it loads only for a page load
 * drawn for a trace, or at the first navigation after one that was not.
 */
export function startTracing(how: { pageload: true } | { pageload: false; navigationStartedAt: number }): void {
  Sentry.addIntegration(Sentry.browserTracingIntegration({ instrumentPageLoad: how.pageload }));
  if (how.pageload) return;
  // The navigation that brought tracing in happened before its history listener existed.
  const client = Sentry.getClient();
  if (!client) return;
  Sentry.startBrowserTracingNavigationSpan(
    client,
    {
      name: window.location.pathname,
      startTime: how.navigationStartedAt,
      attributes: { 'sentry.segment.name.source': 'url', 'sentry.origin': 'auto.navigation.browser' },
    },
    { url: window.location.href },
  );
}
