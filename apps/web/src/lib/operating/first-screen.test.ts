import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { firstScreenCapMs, firstScreenSettled, navigationsOf } from './first-screen.ts';

afterEach(() => vi.useRealTimers());

describe('the first screen, which the integrations wait for', () => {
  it('is settled once the route is ready and no query fetches', async () => {
    vi.useFakeTimers();
    const router = { state: { initialized: false } };
    let fetching = 1;
    const settled = vi.fn();
    void firstScreenSettled(router, { isFetching: () => fetching }).then(settled);
    await vi.advanceTimersByTimeAsync(300);
    router.state.initialized = true;
    await vi.advanceTimersByTimeAsync(300);
    expect(settled).not.toHaveBeenCalled();
    fetching = 0;
    await vi.advanceTimersByTimeAsync(100);
    expect(settled).toHaveBeenCalledOnce();
  });

  it('waits no longer than its cap', async () => {
    vi.useFakeTimers();
    const settled = vi.fn();
    void firstScreenSettled({ state: { initialized: false } }, { isFetching: () => 1 }).then(settled);
    await vi.advanceTimersByTimeAsync(firstScreenCapMs - 200);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(300);
    expect(settled).toHaveBeenCalledOnce();
  });
});

describe("the router's navigations, as the integrations hear them", () => {
  it('tells each new location once, and nothing once stopped', async () => {
    const router = createMemoryRouter([{ path: '*', loader: () => null, Component: () => null }], {
      initialEntries: ['/'],
    });
    await router.navigate('/');
    const heard = vi.fn();
    const stop = navigationsOf(router)(heard);
    await router.revalidate();
    expect(heard).not.toHaveBeenCalled();
    await router.navigate('/workers');
    await router.navigate('/workers?period=P1D');
    expect(heard).toHaveBeenCalledTimes(2);
    stop();
    await router.navigate('/payments');
    expect(heard).toHaveBeenCalledTimes(2);
  });
});
