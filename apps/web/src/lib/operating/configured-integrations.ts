import type { QueryClient } from '@tanstack/react-query';
import type { IntegrationSettings } from '@pool/contract/integrations';
import type { loadAnalytics } from './analytics/start-analytics.ts';
import type { startErrorReporting } from './error-reporting/start-error-reporting.ts';
import type { startWidgets } from './widgets/start-widgets.ts';
import { watchVisitor } from './visitor.ts';
import { whenIdle } from './when-idle.ts';

/** Each integration's code, in a chunk of its own: a pool downloads only what it configured. */
export interface IntegrationLoaders {
  errorReporting: () => Promise<{ startErrorReporting: typeof startErrorReporting }>;
  analytics: () => Promise<{ loadAnalytics: typeof loadAnalytics }>;
  widgets: () => Promise<{ startWidgets: typeof startWidgets }>;
}

const loaders: IntegrationLoaders = {
  errorReporting: () => import('./error-reporting/start-error-reporting.ts'),
  analytics: () => import('./analytics/start-analytics.ts'),
  widgets: () => import('./widgets/start-widgets.ts'),
};

/** What the integrations need from the app. */
export interface ConfiguredOptions {
  /** The version the page was built as, for the reports' release; unknown before version.json answered. */
  release: string | undefined;
  /** The app's query client, where analytics and the widgets read who is signed in. */
  client: QueryClient;
  /** How to ask the visitor for analytics consent when the pool requires it. */
  say?: ConsentSpeaker;
  /** Waits for the browser to be idle before each integration; tests pass one that runs at once. */
  idle?: (start: () => void) => void;
  /** Calls its listener after each of the app's navigations to a new location; answers how to stop. */
  onNavigation?: (listener: () => void) => () => void;
}

/** The app's toasts and translations, handed in: importing them here would split the entry chunk. */
export interface ConsentSpeaker {
  toast: { info(text: string, options: { action: { label: string; onClick: () => void }; durationMs: number }): void };
  t: (key: string) => string;
}

/** The question, in a toast that stays half a minute; `grant` records a yes. */
function consentQuestion(say: ConsentSpeaker) {
  return (grant: () => void) =>
    say.toast.info(say.t('analytics.consent'), {
      action: { label: say.t('analytics.allow'), onClick: grant },
      durationMs: 30_000,
    });
}

/**
 * Starts every configured integration, and nothing else. Analytics and the widgets identify whoever
 * is signed in, read from the app's identity query. Resolves once all have started; one that fails
 * to load (a blocker, a network error) leaves the others and the app as they were.
 */
export async function startConfigured(
  settings: IntegrationSettings,
  options: ConfiguredOptions,
  load: IntegrationLoaders = loaders,
): Promise<void> {
  const { error_reporting: errors, analytics } = settings;
  const widgets = settings.support_chat || settings.messenger || settings.email_marketing;
  if (analytics || widgets) watchVisitor(options.client);
  // Each integration loads (downloads and evaluates its SDK), then hands back its start (the SDK's init).
  const loads: Array<() => Promise<() => unknown>> = [];
  if (errors)
    loads.push(() =>
      load
        .errorReporting()
        .then(
          (module) => () =>
            module.startErrorReporting(errors, options.release ?? 'unknown', { onNavigation: options.onNavigation }),
        ),
    );
  if (widgets) loads.push(() => load.widgets().then((module) => () => module.startWidgets(settings, options.client)));
  if (analytics)
    loads.push(() =>
      load.analytics().then((module) => module.loadAnalytics(analytics, options.say && consentQuestion(options.say))),
    );
  // One at a time, and each in two tasks on idle callbacks of their own: evaluating an SDK and
  // initialising it, run together, were one long task that a phone's first input waited behind
  // (Lighthouse counted it as blocking time). The widgets, which a visitor can click, come before
  // analytics, which nobody sees.
  const idle = options.idle ?? whenIdle;
  const nextIdle = () => new Promise<void>((resolve) => idle(resolve));
  for (const loadOne of loads) {
    await nextIdle();
    const start = await loadOne().catch(() => undefined);
    if (!start) continue;
    await nextIdle();
    await Promise.resolve()
      .then(start)
      .catch(() => undefined);
  }
}
