interface InitializingRouter {
  state: { initialized: boolean };
  subscribe(listener: (state: { initialized: boolean }) => void): () => void;
}

/**
 * Resolves when the router has the first route's code and loader data. The page's frame is already
 * painted from the HTML the server wrote; rendering before this point would replace it with an empty
 * page until the route is ready, so the first render waits for it and replaces the frame with the page.
 */
export function routerInitialized(router: InitializingRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
