/**
 * A short in-memory cache of read answers (architecture note, "Growing past one machine": short
 * caches in memory). Charts only change when buckets close, which clears it; the TTL bounds how
 * stale a last-share time or a status can be. Concurrent identical reads share one computation.
 */
export function readCache(ttl: number, clock: () => number = Date.now) {
  const entries = new Map<string, { until: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      if (ttl <= 0) return compute();
      const now = clock();
      const hit = entries.get(key);
      if (hit && hit.until > now) return hit.value as Promise<T>;
      const value = compute();
      entries.set(key, { until: now + ttl, value });
      value.catch(() => entries.delete(key));
      if (entries.size > 10_000) {
        for (const [stale, entry] of entries) if (entry.until <= now) entries.delete(stale);
      }
      return value;
    },
    clear(): void {
      entries.clear();
    },
  };
}

export type ReadCache = ReturnType<typeof readCache>;
