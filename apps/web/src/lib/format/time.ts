import { dateTimeFormat, relativeTimeFormat } from './formatters.ts';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** "3 minutes ago", "vor 2 Stunden": the time since a moment, in the largest unit that fits. */
export function formatRelativeTime(at: Date, now: Date, locale: string): string {
  const elapsed = at.getTime() - now.getTime();
  const format = relativeTimeFormat(locale, { numeric: 'auto' });
  // Halves round away from zero, past and future alike (Math.round(-59.5) is -59), and the unit is
  // chosen after rounding: 59.6 seconds reads "1 minute ago", never "60 seconds ago".
  const count = (unit: number) => Math.sign(elapsed) * Math.round(Math.abs(elapsed) / unit);
  const seconds = count(1000);
  if (Math.abs(seconds) < 60) return format.format(seconds, 'second');
  const minutes = count(minute);
  if (Math.abs(minutes) < 60) return format.format(minutes, 'minute');
  const hours = count(hour);
  if (Math.abs(hours) < 24) return format.format(hours, 'hour');
  return format.format(count(day), 'day');
}

export function formatDateTime(at: Date, locale: string): string {
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

/** A calendar month (`YYYY-MM`) as the locale names it: "January 2025". */
export const formatMonth = (month: string, locale: string): string =>
  dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

/** A UTC calendar day (`YYYY-MM-DD`) as the locale writes a date: "Nov 22, 2026". */
export const formatDay = (day: string, locale: string): string =>
  dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
