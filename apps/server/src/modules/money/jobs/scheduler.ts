import type { RewardRunResult } from '@pool/contract/money';
import { minuteTicker } from './minute-ticker.ts';

export interface SchedulerOptions {
  /** Credits every due day, oldest first. */
  catchUp: () => Promise<RewardRunResult[]>;
  /** Between ticks; the first tick runs at start. */
  interval?: number;
  onError?: (error: unknown) => void;
  onCredited?: (result: RewardRunResult) => void;
}

/**
 * Ticks every minute (and at start): each tick credits every due, unprocessed day oldest first,
 * so a server that was down catches up. A tick never overlaps the last one; `stop` waits for it.
 * Whether a day is due is the run's business (its clock, spec 9's 09:00 UTC).
 */
export function moneyScheduler(options: SchedulerOptions) {
  return minuteTicker(
    () =>
      options
        .catchUp()
        .then((results) => {
          for (const result of results) options.onCredited?.(result);
        })
        .catch((error: unknown) => options.onError?.(error)),
    options.interval,
  );
}

export type MoneyScheduler = ReturnType<typeof moneyScheduler>;
