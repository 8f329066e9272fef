import { setTimeout as sleep } from 'node:timers/promises';
import { dayMs } from '../../src/modules/money/rewards/reward-run.ts';

/** How far a suite may run: it starts no closer than this to the end of a UTC day. */
const suiteSpan = 90_000;

/**
 * How long to wait at `now` before a suite that reads "today" from the clock: until the next UTC
 * day has begun when this one ends within `suiteSpan`, else 0. Across midnight the server's day
 * and the test's are two days, and the suite fails on an answer that was right (stop 42's CI).
 */
export function waitBeforeDay(now: number): number {
  const left = dayMs - (now % dayMs);
  return left < suiteSpan ? left + 1_000 : 0;
}

/** Waits as `waitBeforeDay` says; for a `beforeAll` whose timeout allows `suiteSpan`. */
export async function awayFromMidnight(): Promise<void> {
  const wait = waitBeforeDay(Date.now());
  if (wait > 0) await sleep(wait);
}

/** A `beforeAll` timeout long enough for `awayFromMidnight`. */
export const midnightWaitTimeout = suiteSpan + 10_000;
