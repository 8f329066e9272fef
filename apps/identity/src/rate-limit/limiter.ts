/** How many attempts a key may make in a window. */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const maxKeys = 100_000;

/**
 * Fixed-window counters in memory (the architecture note: Redis when there is one, memory
 * otherwise). Each process counts on its own, which bounds an attacker per process.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number; windowMs: number }>();

  constructor(private readonly now: () => Date) {}

  hit(key: string, rule: RateLimitRule): RateLimitDecision {
    const now = this.now().getTime();
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= rule.windowMs) {
      if (this.windows.size >= maxKeys) this.prune(now);
      window = { startedAt: now, count: 0, windowMs: rule.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= rule.limit) return { allowed: true };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + rule.windowMs - now) / 1000)),
    };
  }

  /** Whether the key is over its limit, without counting an attempt. */
  peek(key: string, rule: RateLimitRule): RateLimitDecision {
    const now = this.now().getTime();
    const window = this.windows.get(key);
    if (!window || now - window.startedAt >= rule.windowMs || window.count < rule.limit) return { allowed: true };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + rule.windowMs - now) / 1000)),
    };
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (now - window.startedAt >= window.windowMs) this.windows.delete(key);
    // Still full of live windows: forget the oldest rather than grow without bound.
    while (this.windows.size >= maxKeys) {
      const oldest = this.windows.keys().next().value;
      if (oldest === undefined) break;
      this.windows.delete(oldest);
    }
  }
}

/** Per IP and per identifier (e-mail or identity) limits of each guarded action. */
export interface RateLimits {
  login: { perIp: RateLimitRule; perIdentifier: RateLimitRule };
  secondFactor: { perIp: RateLimitRule; perIdentity: RateLimitRule };
  recovery: { perIp: RateLimitRule; perAddress: RateLimitRule };
  verification: { perIp: RateLimitRule; perAddress: RateLimitRule };
}

const minute = 60_000;

export const defaultRateLimits: RateLimits = {
  login: { perIp: { limit: 60, windowMs: minute }, perIdentifier: { limit: 10, windowMs: 5 * minute } },
  // Three TOTP codes are valid at a time: 5 guesses in 5 minutes keeps a day of guessing under 0.5 %.
  secondFactor: { perIp: { limit: 60, windowMs: minute }, perIdentity: { limit: 5, windowMs: 5 * minute } },
  recovery: { perIp: { limit: 20, windowMs: 10 * minute }, perAddress: { limit: 5, windowMs: 10 * minute } },
  verification: { perIp: { limit: 20, windowMs: 10 * minute }, perAddress: { limit: 5, windowMs: 10 * minute } },
};
