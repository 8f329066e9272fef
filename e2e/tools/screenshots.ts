/**
 * `npm run screenshots`: every built screen of a fresh demo pool, in both themes (the pool setting
 * of spec 1) and at a desktop and a phone width (spec 9: mobile is under 1024 px), written as PNG
 * files under `screenshots/` to look at before a screen is called done. Nothing here passes or fails.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { startDemoServer } from '../support/demo-server.ts';

const root = new URL('../../', import.meta.url).pathname;
const output = join(root, 'screenshots');
const password = 'Hashrate-2140';
const aliceTotp = new TOTP({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', digits: 6, period: 30, algorithm: 'SHA1' });
const widths = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const themes = ['default', 'headframe'] as const;

async function signIn(page: Page, email: string, totp?: TOTP): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  if (totp) {
    await page.waitForURL(/aal=aal2/);
    await page.getByLabel('Authentication code').fill(totp.generate());
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/platform');
}

/** Opens a path and waits until the page has settled (data loaded, charts drawn). */
async function shoot(page: Page, path: string, file: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle').catch(() => {});
  await sleep(700);
  await page.screenshot({ path: file, fullPage: true });
}

async function watcherPath(page: Page): Promise<string> {
  const identity = (await (await page.request.get('/api/backend/v0.1/identity')).json()) as {
    permissions: { account_id: string }[];
  };
  const minerId = identity.permissions[0]?.account_id ?? '';
  const created = await page.request.post(`/api/backend/v0.1/miners/${minerId}/watchers`, {
    data: { name: 'Screenshots', access: ['Workers', 'Payments'] },
  });
  if (created.status() !== 201) throw new Error(`creating a watcher link answered ${created.status()}`);
  return `/watch/${((await created.json()) as { token: string }).token}`;
}

/** Who is signed in, and which paths to shoot as them. */
const sittings: { who: string; email?: string; totp?: TOTP; paths: Record<string, string> }[] = [
  {
    who: 'anonymous',
    paths: {
      login: '/auth/login',
      registration: '/auth/registration',
      'operator-login': '/NorthHash/auth',
      'customer-registration': '/NorthHash/auth/registration',
      recovery: '/auth/recovery',
      verification: '/auth/verification',
      'not-found': '/no-such-page',
      'technical-issues': '/500',
    },
  },
  {
    who: 'bob',
    email: 'bob@demo.pool',
    paths: { dashboard: '/', workers: '/workers', 'access-control': '/access-control', settings: '/settings' },
  },
  { who: 'alice', email: 'alice@demo.pool', totp: aliceTotp, paths: { dashboard: '/', workers: '/workers' } },
  { who: 'operator', email: 'operator@demo.pool', paths: { dashboard: '/', workers: '/workers' } },
  { who: 'staff', email: 'staff@demo.pool', paths: { dashboard: '/' } },
];

async function shootTheme(browser: Browser, theme: string, origin: string): Promise<number> {
  let count = 0;
  for (const [widthName, viewport] of Object.entries(widths)) {
    const folder = join(output, theme, widthName);
    mkdirSync(folder, { recursive: true });
    for (const sitting of sittings) {
      const context = await browser.newContext({ baseURL: origin, viewport, hasTouch: widthName === 'phone' });
      const page = await context.newPage();
      if (sitting.email) await signIn(page, sitting.email, sitting.totp);
      const paths = { ...sitting.paths };
      if (sitting.who === 'alice') {
        const watcher = await watcherPath(page);
        paths['watcher-dashboard'] = watcher;
        paths['watcher-workers'] = `${watcher}/workers`;
      }
      for (const [name, path] of Object.entries(paths)) {
        await shoot(page, path, join(folder, `${sitting.who}-${name}.png`));
        count += 1;
      }
      await context.close();
      // alice's TOTP code may be used once: the next sign-in waits for a fresh one.
      if (sitting.totp) await sleep(30_000 - (Date.now() % 30_000) + 500);
    }
  }
  return count;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  for (const [index, theme] of themes.entries()) {
    const port = 8290 + index;
    const server = await startDemoServer(port, { POOL_THEME: theme });
    try {
      const count = await shootTheme(browser, theme, `http://localhost:${port}`);
      process.stdout.write(`${theme}: ${count} screenshots in ${join(output, theme)}\n`);
    } finally {
      server.kill();
    }
  }
} finally {
  await browser.close();
}
