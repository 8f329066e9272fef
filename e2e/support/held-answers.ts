import type { Page } from '@playwright/test';

/**
 * Holds the answers to requests matching `url` until `answer()`, so a journey can measure the page
 * while they load. `hold()` holds the requests that come after it again. A page left meanwhile no
 * longer takes its answer, which is no failure of the journey.
 */
export async function holdAnswers(page: Page, url: string): Promise<{ answer: () => void; hold: () => void }> {
  const gate = () => {
    let open: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (open = resolve));
    return { held, open };
  };
  let current = gate();
  await page.route(url, async (route) => {
    await current.held;
    await route.continue().catch(() => undefined);
  });
  return {
    answer: () => current.open(),
    hold: () => {
      current = gate();
    },
  };
}
