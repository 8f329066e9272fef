/** How many attempts a key may make in a window. */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A counted attempt; `release` gives it back. */
export type Reservation = RateLimitDecision & { release(): void };

interface Window {
  startedAt: number;
  count: number;
  rule: RateLimitRule;
}

const defaultMaxKeys = 100_000;

/**
 * Fixed-window counters in memory (the architecture note: Redis when there is one, memory
 * otherwise). Each process counts on its own, which bounds an attacker per process. Checking and
 * counting are one synchronous step, so concurrent requests cannot all pass the same check.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly maxKeys: number;
  /** The size at which the next prune runs; above `maxKeys` while only lockouts are left. */
  private pruneAt: number;

  constructor(
    private readonly now: () => Date,
    options: { maxKeys?: number } = {},
  ) {
    this.maxKeys = options.maxKeys ?? defaultMaxKeys;
    this.pruneAt = this.maxKeys;
  }

  /**
   * Counts an attempt and says whether it is within the limit, in one step: call it before the
   * work it guards. `release` gives the attempt back (a success that should not use it up).
   */
  hit(key: string, rule: RateLimitRule): Reservation {
    const now = this.now().getTime();
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= window.rule.windowMs) {
      if (!window && this.windows.size >= this.pruneAt) this.prune(now);
      window = { startedAt: now, count: 0, rule };
      this.windows.set(key, window);
    }
    window.count += 1;
    const counted = window;
    const release = () => {
      if (this.windows.get(key) === counted && counted.count > 0) counted.count -= 1;
    };
    if (window.count <= rule.limit) return { allowed: true, release };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + rule.windowMs - now) / 1000)),
      release,
    };
  }

  /**
   * Makes room when full: expired windows go first, then the live windows that carry the least
   * (fewest attempts, oldest first). A window at its limit is a lockout and is never dropped, so a
   * flood of fresh keys cannot lift one; such windows end with their window, and each cost the
   * attacker the limit's worth of attempts.
   */
  private prune(now: number): void {
    for (const [key, window] of this.windows)
      if (now - window.startedAt >= window.rule.windowMs) this.windows.delete(key);
    const target = Math.floor(this.maxKeys * 0.9);
    if (this.windows.size > target) {
      const evictable = [...this.windows].filter(([, window]) => window.count < window.rule.limit);
      evictable.sort(([, a], [, b]) => a.count - b.count || a.startedAt - b.startedAt);
      for (const [key] of evictable) {
        if (this.windows.size <= target) break;
        this.windows.delete(key);
      }
    }
    // With only lockouts left the map grows; the next scan waits for another tenth of `maxKeys` new keys.
    this.pruneAt = Math.max(this.maxKeys, this.windows.size + Math.ceil(this.maxKeys / 10));
  }
}

/** Per IP and per identifier (e-mail or identity) limits of each guarded action. */
export interface RateLimits {
  login: { perIp: RateLimitRule; perIdentifier: RateLimitRule };
  secondFactor: { perIp: RateLimitRule; perIdentity: RateLimitRule };
  recovery: { perIp: RateLimitRule; perAddress: RateLimitRule };
  verification: { perIp: RateLimitRule; perAddress: RateLimitRule };
  /** Registration submits: per IP, and for the whole service (each costs an argon2 hash and a mail). */
  registration: { perIp: RateLimitRule; global: RateLimitRule };
}

const minute = 60_000;

export const defaultRateLimits: RateLimits = {
  login: { perIp: { limit: 60, windowMs: minute }, perIdentifier: { limit: 10, windowMs: 5 * minute } },
  // Three TOTP codes are valid at a time: 5 guesses in 5 minutes keeps a day of guessing under 0.5 %.
  secondFactor: { perIp: { limit: 60, windowMs: minute }, perIdentity: { limit: 5, windowMs: 5 * minute } },
  recovery: { perIp: { limit: 20, windowMs: 10 * minute }, perAddress: { limit: 5, windowMs: 10 * minute } },
  verification: { perIp: { limit: 20, windowMs: 10 * minute }, perAddress: { limit: 5, windowMs: 10 * minute } },
  registration: { perIp: { limit: 30, windowMs: 10 * minute }, global: { limit: 300, windowMs: 10 * minute } },
};
