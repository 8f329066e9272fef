import type { Page } from '@playwright/test';

/**
 * Holds the built scripts whose text matches `pattern` (a library's own strings survive
 * minification) until `release()`, and lists them by path: a page that needs one for what it first
 * shows shows nothing meanwhile. A page closed meanwhile no longer takes the answer, which is no
 * failure of the journey.
 */
export async function holdScriptsWith(page: Page, pattern: RegExp): Promise<{ held: string[]; release: () => void }> {
  const held: string[] = [];
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    try {
      const response = await route.fetch();
      const body = await response.text();
      if (pattern.test(body)) {
        held.push(new URL(route.request().url()).pathname);
        await released;
      }
      // The text is sent decoded, so the compressed answer's encoding and length go.
      const { 'content-encoding': _, 'content-length': __, ...headers } = response.headers();
      await route.fulfill({ response, headers, body });
    } catch {
      return;
    }
  });
  return { held, release };
}

/** Strings of zod's and react-hook-form's own, in their built scripts. */
export const formLibraries = /\$ZodType|shouldUnregister/;
export const zod = /\$ZodType/;
