import { thresholds } from '../mining/rules.ts';

const day = 24 * 3_600_000;

/**
 * How unlikely a silence must be before a worker is called offline: under Poisson arrivals at
 * rate λ, no share for t has probability e^(-λt); the alert waits until that is under 1 in 10,000.
 */
export const offlineSilenceOdds = 1 / 10_000;

/**
 * A worker's own share rate (shares per millisecond) from its accepted shares of the 24 hours
 * before its last share (or since its first, when younger): the silence since is not counted
 * against it. One share, or a span under a minute, says nothing about a rate: null.
 */
export function shareRateOf(worker: { shares: number; firstShareAt: number; lastShareAt: number }): number | null {
  const young = worker.firstShareAt >= worker.lastShareAt - day;
  const from = young ? worker.firstShareAt : worker.lastShareAt - day;
  const span = worker.lastShareAt - from;
  if (worker.shares < 2 || span < 60_000) return null;
  // From its first share to its last, n shares are n - 1 gaps.
  return (young ? worker.shares - 1 : worker.shares) / span;
}

/**
 * Issue 17: how long a worker may be silent before it is reported offline. The later of spec 9's
 * 10 minutes ("unavailable") and the silence whose chance at the worker's own rate is under
 * 1 in 10,000: a worker that sends a share every 2 minutes on average is alerted after
 * 2 × ln(10,000) ≈ 18.4 minutes, not after 3 quiet minutes, nor at 10. Without a rate, 10 minutes.
 */
export function offlineAlertDelay(sharesPerMs: number | null): number {
  if (sharesPerMs === null || !(sharesPerMs > 0)) return thresholds.unavailableAfter;
  return Math.max(thresholds.unavailableAfter, -Math.log(offlineSilenceOdds) / sharesPerMs);
}

/** Is a worker silent since `lastShareAt` offline at `now`, at its rate? */
export function isOffline(lastShareAt: number, now: number, sharesPerMs: number | null): boolean {
  return now - lastShareAt >= offlineAlertDelay(sharesPerMs);
}
