import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { swipeDismisses } from './swipe.ts';
import { createToastStore, toastTiming } from './toast-store.ts';

describe('toast swipe (spec 9)', () => {
  it('dismisses a right swipe over 80 px at 0.5 px/ms or faster', () => {
    expect(swipeDismisses({ dx: 81, elapsedMs: 100 })).toBe(true);
    expect(swipeDismisses({ dx: 100, elapsedMs: 200 })).toBe(true);
  });

  it('keeps the toast for 80 px or less, a slow swipe, or a left swipe', () => {
    expect(swipeDismisses({ dx: 80, elapsedMs: 10 })).toBe(false);
    expect(swipeDismisses({ dx: 100, elapsedMs: 201 })).toBe(false);
    expect(swipeDismisses({ dx: -200, elapsedMs: 10 })).toBe(false);
  });
});

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a toast for 5000 ms, then removes it after a 400 ms animation', () => {
    const store = createToastStore();
    store.show('success', 'Success!');
    expect(toastTiming.durationMs).toBe(5000);
    vi.advanceTimersByTime(4999);
    expect(store.list()).toMatchObject([{ title: 'Success!', leaving: false }]);
    vi.advanceTimersByTime(1);
    expect(store.list()).toMatchObject([{ leaving: true }]);
    vi.advanceTimersByTime(399);
    expect(store.list()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.list()).toHaveLength(0);
  });

  it('dismisses at once on request, with the same removal animation', () => {
    const store = createToastStore();
    const id = store.show('error', 'Something went wrong');
    store.dismiss(id);
    expect(store.list()[0]?.leaving).toBe(true);
    vi.advanceTimersByTime(400);
    expect(store.list()).toHaveLength(0);
  });
});
