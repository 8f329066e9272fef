import { payoutRunHourUtc } from '@pool/contract/payout-codes';

/** A schedule's moment: a UTC day and `HH:MM`. */
export interface ScheduledAt {
  date: string;
  time: string;
}

/**
 * The default batch time: an hour after the 14:00 UTC withdrawal (spec 9), so the day's requests
 * are made before they are batched.
 */
export const defaultBatchTime = `${String(payoutRunHourUtc + 1).padStart(2, '0')}:00`;

/** Epoch milliseconds of a schedule's day and UTC time. */
export function momentOf({ date, time }: ScheduledAt): number {
  return Date.parse(`${date}T${time}:00Z`);
}

/** The first time `time` (UTC) comes strictly after `after`. */
export function nextOccurrence(time: string, after: number): ScheduledAt {
  const day = new Date(after).toISOString().slice(0, 10);
  const today = { date: day, time };
  if (momentOf(today) > after) return today;
  return { date: new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10), time };
}
