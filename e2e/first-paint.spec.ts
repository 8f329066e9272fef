import { expect, test, type Page } from '@playwright/test';
import { demo, signInAs, signInAsAlice } from './support/demo.ts';
import { formLibraries, holdScriptsWith, zod } from './support/held-scripts.ts';

/** The pool's name as the server gives it to every page. */
async function poolName(page: Page): Promise<string> {
  const response = await page.request.get('/v0.1/pools/current');
  return ((await response.json()) as { name: string }).name;
}

/**
 * Chromium's own account of who asks for each built asset of a kind from now on, by its path: the
 * page's markup ("parser") or a script, once for each request.
 */
async function assetInitiators(page: Page, extension: '.js' | '.css'): Promise<Map<string, string[]>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const askedBy = new Map<string, string[]>();
  cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/assets/') && pathname.endsWith(extension))
      askedBy.set(pathname, [...(askedBy.get(pathname) ?? []), initiator.type]);
  });
  return askedBy;
}

/**
 * The content security policy's violations each page load reports from its first script on; the
 * reader answers those of the page loaded last (each load starts a new list).
 */
async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test.describe('the first paint, before any script has run', () => {
  test.use({ javaScriptEnabled: false });

  test("a signed-in area's page shows its header with the pool's name and grey places for the navigation and content @mobile", async ({
    page,
  }) => {
    await page.goto('/workers');
    await expect(page.getByRole('banner')).toHaveText(await poolName(page));
    await expect(page.locator('nav .shell-placeholder')).toHaveCount(4);
    await expect(page.locator('main .shell-placeholder-card')).toHaveCount(3);
    await expect(page.getByRole('main')).toHaveAttribute('aria-busy', 'true');
    // The navigation strip is as tall as the app's, so the page does not jump when it arrives.
    expect((await page.locator('.shell-placeholder-tab').first().boundingBox())?.height).toBeCloseTo(38.5, 0);
  });

  test('the page brings its stylesheet inside and fetches its scripts behind the frame', async ({ page }) => {
    await page.goto('/workers');
    await expect(page.locator('link[rel="stylesheet"]:not([disabled])')).toHaveCount(0);
    await expect(page.locator('head style')).not.toHaveCount(0);
    const scripts = page.locator('script[type="module"], link[rel="modulepreload"]');
    expect(await scripts.count()).toBeGreaterThan(1);
    for (const script of await scripts.all()) await expect(script).toHaveAttribute('fetchpriority', 'low');
  });

  test("the entry script starts with V8's compile hint, so it compiles while it downloads, not as it first runs", async ({
    page,
  }) => {
    await page.goto('/auth/login');
    const entry = await page.locator('script[type="module"][src]').getAttribute('src');
    expect(entry).toMatch(/^\/assets\/.+\.js$/);
    const served = await page.request.get(entry ?? '');
    expect(served.headers()['content-encoding']).toBe('br');
    expect((await served.text()).split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
  });

  test("the sign-in page shows the identity screens' header", async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.locator('.auth-header')).toHaveText(await poolName(page));
    await expect(page.locator('.shell-placeholder')).toHaveCount(0);
  });
});

test('the app replaces the frame with the page in one step', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('.auth-layout')).toHaveCount(1);
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
});

test("a signed-in page's session check and identity start with the page, and the app takes their answers", async ({
  page,
}) => {
  await signInAs(page, demo.bob.email);
  const firstCalls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('/sessions/whoami') || pathname === '/api/backend/v0.1/identity') firstCalls.push(pathname);
  });
  await page.goto('/workers');
  await expect(page.getByRole('heading', { name: 'Workers' })).toBeVisible();
  await expect(page.locator('head link[rel="preload"][as="fetch"]')).toHaveCount(3);
  // One request each, the preload's: a second one would mean the app's fetch did not take its answer.
  expect(firstCalls.sort()).toEqual(['/api/backend/v0.1/identity', '/identity/sessions/whoami']);
});

test("a screen's own scripts start with the page, before the entry has run, and each is fetched once", async ({
  page,
}) => {
  await signInAs(page, demo.bob.email);
  const askedBy = await assetInitiators(page, '.js');
  await page.goto('/settings');
  await expect(page.getByText('Payouts go to this address once a day', { exact: false })).toBeVisible();
  const ownScripts = await page
    .locator('head link[rel="modulepreload"][href*="settings-page-"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(ownScripts).toHaveLength(1);
  expect(askedBy.get(ownScripts[0] ?? '')).toEqual(['parser']);
  for (const [script, initiators] of askedBy) expect(initiators, script).toHaveLength(1);
});

test('the settings page asks each of its calls once: the miner for its title and payouts, the session it signed in with', async ({
  page,
}) => {
  await signInAs(page, demo.bob.email);
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') || pathname.startsWith('/identity/')) calls.push(pathname);
  });
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible();
  await expect(page.getByText('This device')).toBeVisible();
  expect(calls.filter((call) => /^\/api\/backend\/v0\.1\/miners\/[\w-]+$/.test(call))).toHaveLength(1);
  // The page's preload of the session check, and nothing after it.
  expect(calls.filter((call) => call === '/identity/sessions/whoami')).toHaveLength(1);
  const repeated = calls.filter((call, index) => calls.indexOf(call) !== index);
  expect(repeated).toEqual([]);
});

test('the settings page paints its account and payout sections before the forms below them have their script, then shows those forms in order @mobile', async ({
  page,
}) => {
  await signInAs(page, demo.bob.email);
  // Held until the top of the page is on screen: with one among the page's own scripts, nothing would be.
  const formScripts = await holdScriptsWith(page, formLibraries);

  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();
  await expect(page.getByText('Payouts go to this address once a day', { exact: false })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Wallet address' })).toBeVisible();
  await expect.poll(() => formScripts.held.length).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: 'Password' })).toHaveCount(0);

  formScripts.release();
  const headings = page.getByRole('heading', { level: 2 });
  await expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible();
  await expect(headings).toContainText([
    'Account',
    'Payout settings',
    'Password',
    'Two-factor authentication',
    'Sessions',
  ]);
});

test("a screen's own stylesheets start with the page, and the stylesheet Vite's loader adds for them takes that answer", async ({
  page,
}) => {
  await signInAs(page, demo.operator.email);
  const askedBy = await assetInitiators(page, '.css');
  await page.goto('/customers/create-sub');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const ownStyles = await page
    .locator('head link[rel="preload"][as="style"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(ownStyles).toContainEqual(expect.stringMatching(/^\/assets\/customers-api-[\w-]+\.css$/));
  for (const style of ownStyles) {
    expect(askedBy.get(style), style).toEqual(['parser']);
    // Applied: the loader's stylesheet is in the page, with the answer the preload fetched.
    await expect(page.locator(`link[rel="stylesheet"][href$="${style}"]`)).toHaveCount(1);
  }
});

test("the customer list and forms run their checks under the page's content security policy, which reports no violation", async ({
  page,
}) => {
  const violations = await recordCspViolations(page);
  await signInAs(page, demo.operator.email);
  const reported: Record<string, string[]> = {};
  for (const path of ['/customers', '/customers/create-customer', '/customers/create-sub']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (path.endsWith('create-sub')) {
      // The account name, checked against the contract's rules when the form is sent.
      await page.getByLabel('Account name', { exact: true }).fill('farm_checked');
      await page.getByRole('button', { name: 'Create sub-account' }).click();
      await expect(page.getByText('Must consist only of lowercase latin letters and digits')).toBeVisible();
    }
    reported[path] = await violations();
  }
  expect(reported).toEqual({ '/customers': [], '/customers/create-customer': [], '/customers/create-sub': [] });
});

test("the operator's customer list and create forms show without zod: their checks are the contract's rules in plain code", async ({
  page,
}) => {
  await signInAs(page, demo.operator.email);
  const zodScripts = await holdScriptsWith(page, zod);
  for (const path of ['/customers', '/customers/create-customer', '/customers/create-sub']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (path !== '/customers') await expect(page.getByLabel(/account name/i).first()).toBeVisible();
  }
  expect(zodScripts.held).toEqual([]);
});

test("the browser's number and date data loads on a thread of its own as the app starts, under the page's content security policy", async ({
  page,
}) => {
  const violations = await recordCspViolations(page);
  await signInAs(page, demo.bob.email);
  const threads: string[] = [];
  page.on('worker', (worker) => threads.push(worker.url()));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Its code comes inside the entry, so it starts from a blob: address, without a request of its own.
  expect(threads).toEqual([expect.stringMatching(/^blob:http:\/\/localhost:\d+\//)]);
  expect(await violations()).toEqual([]);
});

test("a visitor without a session at a signed-in path gets the sign-in screen's scripts with the page, not the dashboard's", async ({
  page,
}) => {
  const response = await page.request.get('/');
  const preloads = [...(await response.text()).matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(
    (link) => link[1],
  );
  expect(preloads).toContainEqual(expect.stringMatching(/^\/assets\/login-page-[\w-]+\.js$/));
  expect(preloads.filter((href) => href?.includes('dashboard-page-'))).toEqual([]);
});

test("a watcher link's page starts the link's check with the page, and the app takes its answer", async ({
  page,
  browser,
}) => {
  await signInAsAlice(page);
  const identity = (await (await page.request.get('/api/backend/v0.1/identity')).json()) as {
    permissions: { type: string; account_id: string }[];
  };
  const minerId = identity.permissions.find((permission) => permission.type === 'miner')?.account_id ?? '';
  const created = await page.request.post(`/api/backend/v0.1/miners/${minerId}/watchers`, {
    data: { name: `First paint ${test.info().project.name}`, access: ['Workers'] },
  });
  const { token } = (await created.json()) as { token: string };

  const visitor = await (await browser.newContext()).newPage();
  const checks: string[] = [];
  visitor.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/backend/v0.1/watchers/${token}`) checks.push(request.url());
  });
  await visitor.goto(`/watch/${token}`);
  await expect(visitor.getByText('Read-only view')).toBeVisible();
  await expect(visitor.locator(`head link[rel="preload"][href="/api/backend/v0.1/watchers/${token}"]`)).toHaveCount(1);
  // One request, the preload's: a second one would mean the app's fetch did not take its answer.
  expect(checks).toHaveLength(1);
});

test("the dashboard's chart loads without fetching again the stylesheet that came inside the page", async ({
  page,
}) => {
  await signInAs(page, demo.bob.email);
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.locator('.hashrate-chart canvas').first()).toBeVisible();
  // The chart asks for its own stylesheet (uPlot's), and not for the page's.
  expect(stylesheets).toContainEqual(expect.stringMatching(/^\/assets\/uPlot-[\w-]+\.css$/));
  expect(stylesheets.filter((path) => path.startsWith('/assets/index-'))).toEqual([]);
  await expect(page.locator('head link[rel="stylesheet"][disabled]')).toHaveAttribute(
    'href',
    /^\/assets\/index-[\w-]+\.css$/,
  );
});
