import type { Page } from '@playwright/test';

/**
 * Sums the layout shifts of every page the browser opens from now on that no input caused, as
 * Lighthouse's CLS counts them. The returned reader waits for the frames in flight, so a shift of
 * the data that just landed is in its sum.
 */
export async function recordLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const record = { total: 0 };
    Object.assign(window, { layoutShifts: record });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) record.total += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () =>
    page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      await new Promise((resolve) => setTimeout(resolve, 50));
      return (window as unknown as { layoutShifts: { total: number } }).layoutShifts.total;
    });
}

/**
 * The most a page that keeps its places may shift: the sub-pixel rounding of a box that stayed put.
 * A box that moves by a line scores ten times this or more (issue 18's budget for a page is 0.05).
 */
export const unseenShift = 0.001;
