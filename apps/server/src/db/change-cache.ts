import type { DatabaseChanges } from './database-changes.ts';

/** What tells a change cache that its tables changed, in this process or another. */
export type CacheChanges = Pick<DatabaseChanges, 'subscribe' | 'live'>;

/**
 * Answers remembered by key until the tables they were read from change anywhere: every change
 * heard empties it. Concurrent reads of one key share one load. A load that was under way when a
 * change arrived is not remembered, since it may have read the database before the change
 * committed. While changes could be missed, nothing is remembered and every read loads. Past
 * `maxEntries` it starts again empty.
 */
export function changeCache<T>(changes: CacheChanges, maxEntries: number) {
  const entries = new Map<string, Promise<T>>();
  changes.subscribe(() => entries.clear());
  return {
    through(key: string, load: () => Promise<T>): Promise<T> {
      if (!changes.live()) return load();
      const known = entries.get(key);
      if (known) return known;
      const loading = load();
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, loading);
      loading.catch(() => {
        if (entries.get(key) === loading) entries.delete(key);
      });
      return loading;
    },
    get size() {
      return entries.size;
    },
  };
}
