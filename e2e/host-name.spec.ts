import type { ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { demo } from './support/demo.ts';
import { startDemoServer } from './support/demo-server.ts';
import { appPort, hostNamePort } from './support/environment.ts';
import { signInWithPassword } from './support/people.ts';

test.describe('a page opened at another host name', () => {
  test.describe('without PUBLIC_URL', () => {
    let server: ChildProcess | undefined;
    const origin = `http://127.0.0.1:${hostNamePort}`;
    test.use({ baseURL: origin });

    test.beforeAll(async () => {
      test.setTimeout(150_000);
      // The README's one-command start: no PUBLIC_URL, so the pool follows the host the browser used.
      server = await startDemoServer(hostNamePort, { PUBLIC_URL: '' });
    });
    test.afterAll(() => {
      server?.kill('SIGTERM');
    });

    test('signs a demo person in at 127.0.0.1 though the README says localhost', async ({ page }) => {
      await signInWithPassword(page, demo.bob.email, demo.password);
      await expect(page).toHaveURL(`${origin}/`);
      await expect(page.getByRole('button', { name: 'Your menu' })).toBeVisible();
      const config = (await (await page.request.get('/v0.1/pools/current')).json()) as {
        addresses: { type: string; address: string }[];
      };
      expect(config.addresses.find((entry) => entry.type === 'auth')?.address).toBe(`${origin}/identity`);
    });
  });

  test('with PUBLIC_URL elsewhere, the sign-in page says where the pool is served and offers a retry', async ({
    page,
  }) => {
    // The journeys' server has PUBLIC_URL=http://localhost:<port>: at 127.0.0.1 its identity calls
    // are cross-origin, and the browser refuses them.
    await page.goto(`http://127.0.0.1:${appPort}/auth/login`);
    await expect(page.getByRole('alert')).toHaveText(
      'The account service could not be reached. Check your connection and try again.',
    );
    await expect(page.getByRole('link', { name: `Open http://localhost:${appPort}` })).toHaveAttribute(
      'href',
      `http://localhost:${appPort}/auth/login`,
    );
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
