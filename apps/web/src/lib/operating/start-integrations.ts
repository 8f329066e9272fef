import type { QueryClient } from '@tanstack/react-query';
import type { PoolConfig } from '@pool/contract/pool-config';
import type { ConsentSpeaker, startConfigured } from './configured-integrations.ts';
import { whenIdle } from './when-idle.ts';

export interface StartOptions {
  /** The app's query client, where analytics and the widgets read who is signed in. */
  client: QueryClient;
  /** Loads the integrations' starter, a chunk of its own; tests pass a stand-in. */
  load?: () => Promise<{ startConfigured: typeof startConfigured }>;
  idle?: (start: () => void) => void;
  /** The version the page was built as, for the reports' release; asked once the browser is idle. */
  release: () => string | undefined;
  /** How the integrations speak to the visitor (the analytics consent question): toasts, translated. */
  say?: ConsentSpeaker;
  /** What to wait for before the idle callback: the first screen, complete. */
  ready: Promise<void>;
  /** Calls its listener after each of the app's navigations to a new location; answers how to stop. */
  onNavigation?: (listener: () => void) => () => void;
}

/**
 * Spec 9: error reporting, analytics and the support widgets start lazily, after the first paint, on
 * an idle callback or after 500 ms, and only when the pool configured at least one: the entry chunk
 * holds nothing of them but this. Resolves once they started or failed to load.
 */
export function startIntegrations(
  config: Pick<PoolConfig, 'integrations'> | undefined,
  options: StartOptions,
): Promise<void> {
  const settings = config?.integrations;
  if (!settings || !Object.values(settings).some(Boolean)) return Promise.resolve();
  const load = options.load ?? (() => import('./configured-integrations.ts'));
  return new Promise<void>((resolve) => {
    const idle = options.idle ?? whenIdle;
    void options.ready.then(() =>
      idle(() => {
        load()
          .then((module) =>
            module.startConfigured(settings, {
              release: options.release(),
              client: options.client,
              say: options.say,
              onNavigation: options.onNavigation,
            }),
          )
          // Loaded or not (a blocker, a network error), the app goes on as it was.
          .then(
            () => resolve(),
            () => resolve(),
          );
      }),
    );
  });
}
