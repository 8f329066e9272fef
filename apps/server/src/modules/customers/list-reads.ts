import type { Query } from '../mining/sql.ts';
import type { CustomerScope } from './repository.ts';

const stampStatement =
  'select coalesce(sum(weight), 0)::text as stamp from app.customer_list_changes where scope_id = $1';

/**
 * The customer list's reads of one scope (issue 16). Every answer is at least as new as its
 * request, for writes of any process: a request waits for a check that starts after it came
 * (requests that come while one runs share the next). The check reads the scope's change stamp,
 * which migration 0015's triggers raise in every transaction that changes a figure the list shows
 * (the pool's default fee included); an unchanged stamp on the same day answers from the rows read
 * before, else the rows are read again. The stamp is read before the rows, so rows are never older
 * than their stamp. The mining engine folds the change rows every minute (figures.ts).
 */
export function freshListReads<T>(
  query: Query,
  options: {
    day: () => string;
    read: (scope: CustomerScope, day: string) => Promise<T>;
  },
) {
  const held = new Map<string, { day: string; stamp: string; value: T }>();
  const checks = new Map<string, { running: Promise<T>; queued?: Promise<T> }>();

  async function check(scope: CustomerScope, key: string): Promise<T> {
    const day = options.day();
    const [row] = await query<{ stamp: string }>(stampStatement, [scope.id]);
    const stamp = row?.stamp ?? '0';
    const kept = held.get(key);
    if (kept && kept.day === day && kept.stamp === stamp) return kept.value;
    const value = await options.read(scope, day);
    if (!held.has(key) && held.size >= 1_000) held.clear();
    held.set(key, { day, stamp, value });
    return value;
  }

  return (scope: CustomerScope): Promise<T> => {
    const key = `${scope.kind}/${scope.id}`;
    const start = (): Promise<T> => {
      const running = check(scope, key).finally(() => {
        const entry = checks.get(key);
        if (entry?.running === running && !entry.queued) checks.delete(key);
      });
      checks.set(key, { running });
      return running;
    };
    const entry = checks.get(key);
    if (!entry) return start();
    entry.queued ??= entry.running.then(start, start);
    return entry.queued;
  };
}
