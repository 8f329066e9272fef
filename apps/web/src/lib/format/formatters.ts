/**
 * Intl's formatters, made once per locale and options. Building one loads the locale's data and
 * costs far more than formatting with it: a balance card made four per figure on every render, and
 * a table one per cell, which on a phone's CPU held the main thread for tens of milliseconds.
 */
const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function once<Formatter extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  locale: string | undefined,
  options: object | undefined,
  make: () => Formatter,
): Formatter {
  const key = `${kind} ${locale ?? ''} ${JSON.stringify(options ?? {})}`;
  let formatter = made.get(key) as Formatter | undefined;
  if (!formatter) {
    formatter = make();
    made.set(key, formatter);
  }
  return formatter;
}

export const numberFormat = (locale: string | undefined, options?: Intl.NumberFormatOptions): Intl.NumberFormat =>
  once('number', locale, options, () => new Intl.NumberFormat(locale, options));

export const dateTimeFormat = (locale: string | undefined, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  once('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

export const relativeTimeFormat = (
  locale: string | undefined,
  options?: Intl.RelativeTimeFormatOptions,
): Intl.RelativeTimeFormat => once('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
