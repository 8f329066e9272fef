import { describe, expect, it } from 'vitest';
import { createStepUpStore } from './step-up-store.ts';

describe('step-up requests (spec 4)', () => {
  it('opens once for calls that ask together, and answers them all', async () => {
    const store = createStepUpStore();
    const first = store.request();
    const second = store.request();
    expect(store.isOpen()).toBe(true);
    store.answer(true);
    expect(await first).toBe(true);
    expect(await second).toBe(true);
    expect(store.isOpen()).toBe(false);
  });

  it('answers declined, and asks anew the next time', async () => {
    const store = createStepUpStore();
    const declined = store.request();
    store.answer(false);
    expect(await declined).toBe(false);
    const again = store.request();
    expect(store.isOpen()).toBe(true);
    store.answer(true);
    expect(await again).toBe(true);
  });
});
