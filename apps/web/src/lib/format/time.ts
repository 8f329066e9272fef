const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** "3 minutes ago", "vor 2 Stunden": the time since a moment, in the largest unit that fits. */
export function formatRelativeTime(at: Date, now: Date, locale: string): string {
  const elapsed = at.getTime() - now.getTime();
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const magnitude = Math.abs(elapsed);
  if (magnitude < minute) return format.format(Math.round(elapsed / 1000), 'second');
  if (magnitude < hour) return format.format(Math.round(elapsed / minute), 'minute');
  if (magnitude < day) return format.format(Math.round(elapsed / hour), 'hour');
  return format.format(Math.round(elapsed / day), 'day');
}

export function formatDateTime(at: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}
