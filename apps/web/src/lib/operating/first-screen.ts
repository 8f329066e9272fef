import type { QueryClient } from '@tanstack/react-query';

/** Longest wait for the first screen before the integrations load anyway. */
export const firstScreenCapMs = 5000;

/**
 * Resolves once the first screen is complete (the route's code and loaders done, no query fetching
 * its data), or after `firstScreenCapMs`: the integrations wait for it so that their downloads never
 * compete with what the visitor is waiting to see. A 100 ms poll keeps this entry-chunk code small.
 */
export function firstScreenSettled(
  router: { state: { initialized: boolean } },
  client: Pick<QueryClient, 'isFetching'>,
): Promise<void> {
  const since = Date.now();
  return new Promise((resolve) => {
    const poll = () => {
      if ((router.state.initialized && client.isFetching() === 0) || Date.now() - since >= firstScreenCapMs) resolve();
      else setTimeout(poll, 100);
    };
    poll();
  });
}

/** The router's navigations to a new location, as the integrations listen to them. */
export function navigationsOf<Location>(router: {
  state: { location: Location };
  subscribe(listener: (state: { location: Location }) => void): () => void;
}) {
  return (listener: () => void): (() => void) => {
    let location = router.state.location;
    return router.subscribe((state) => {
      if (state.location === location) return;
      location = state.location;
      listener();
    });
  };
}
