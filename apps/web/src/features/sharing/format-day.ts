/** A UTC calendar day (`YYYY-MM-DD`) as the locale writes a date: "Nov 22, 2026". */
export const formatDay = (day: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
