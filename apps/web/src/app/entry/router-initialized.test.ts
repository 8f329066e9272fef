import { describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { routerInitialized } from './router-initialized.ts';

describe('the first render', () => {
  it("waits for the first route's code and loader", async () => {
    let finishLoading = () => {};
    const loaded = new Promise<void>((resolve) => (finishLoading = resolve));
    const router = createMemoryRouter([{ path: '/', loader: () => loaded.then(() => 'data') }]);
    let ready = false;
    const waiting = routerInitialized(router).then(() => (ready = true));

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ready).toBe(false);
    finishLoading();
    await waiting;
    expect(router.state.initialized).toBe(true);
    expect(router.state.loaderData).toEqual({ 0: 'data' });
  });

  it('goes ahead at once when the router is already initialized', async () => {
    const router = createMemoryRouter([{ path: '/', element: null }]);
    expect(router.state.initialized).toBe(true);
    await expect(routerInitialized(router)).resolves.toBeUndefined();
  });
});
