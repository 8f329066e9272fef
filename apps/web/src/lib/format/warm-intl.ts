import WarmIntlWorker from './warm-intl.worker.ts?worker&inline';

/**
 * Loads the browser's internationalisation data on a thread of its own (see warm-intl.worker.ts),
 * so that the first render with a number or a date does not. The thread's code comes inside the
 * entry, so it starts without a request of its own. Nothing waits for it: a render that needs a
 * formatter before the thread is done builds it as it would have anyway.
 */
export function warmIntl(locale: string): void {
  if (typeof Worker === 'undefined') return;
  try {
    new WarmIntlWorker({ name: locale });
  } catch {
    // A browser that refuses the thread loads the data on first use, as it did before.
  }
}
