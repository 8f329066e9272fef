/**
 * Makes sure a person the policy admits has their app.users row, which permissions, invitations and
 * watcher links point at, with their identity's current e-mail. It runs on every admitted request,
 * so a person and e-mail seen within `memoMs` are not written again: the e-mail changes in the
 * identity service and reaches the row at most that much later.
 */
export function personRows(
  users: { ensure(userId: string, email: string): Promise<void> },
  { memoMs = 60_000, clock = Date.now }: { memoMs?: number; clock?: () => number } = {},
) {
  const seen = new Map<string, { email: string; until: number }>();
  return async (userId: string, email: string): Promise<void> => {
    const now = clock();
    const known = seen.get(userId);
    if (known && known.email === email && known.until > now) return;
    await users.ensure(userId, email);
    seen.set(userId, { email, until: now + memoMs });
    if (seen.size > 10_000) {
      for (const [id, entry] of seen) if (entry.until <= now) seen.delete(id);
    }
  };
}
