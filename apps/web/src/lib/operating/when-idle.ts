/** Spec 9: integrations start on an idle callback, or after this long where there is none. */
export const idleFallbackMs = 500;

/**
 * Runs `start` once the browser is idle after the first paint, never before: on an idle callback
 * (at most `idleFallbackMs` later), or after `idleFallbackMs` where idle callbacks do not exist.
 */
export function whenIdle(start: () => void, target: Pick<Window, 'setTimeout'> & Partial<Window> = window): void {
  if (typeof target.requestIdleCallback === 'function') {
    target.requestIdleCallback(() => start(), { timeout: idleFallbackMs });
    return;
  }
  target.setTimeout(start, idleFallbackMs);
}
