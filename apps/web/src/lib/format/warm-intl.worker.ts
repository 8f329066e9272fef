/**
 * Builds one of each Intl formatter the app uses, in the locale the page is named after, then ends.
 * The first formatter a browser builds loads the internationalisation data (ICU), some 40 ms on a
 * desktop and several times that on a phone. That data is shared by the whole page's process, so
 * once this thread has loaded it, the main thread's first formatter is built in well under a
 * millisecond instead of holding up the render that first shows a number or a date.
 */
const locale = self.name || undefined;
new Intl.NumberFormat(locale).format(1);
new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
new Intl.RelativeTimeFormat(locale).format(1, 'day');
new Intl.PluralRules(locale).select(1);
self.close();
