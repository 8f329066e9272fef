import type { CacheChanges } from '../../src/db/change-cache.ts';

/**
 * For tests of what a change cache holds: changes as the test drives them. `change()` is a change
 * heard, `setLive(false)` a connection down, when changes could be missed.
 */
export function changesByHand() {
  const listeners = new Set<() => void>();
  let live = true;
  const changes: CacheChanges = {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    live: () => live,
  };
  return {
    changes,
    change: () => listeners.forEach((listener) => listener()),
    setLive: (value: boolean) => (live = value),
  };
}
