import { createServer } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { ChildProcess } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { demo, signInAs } from './support/demo.ts';
import { startDemoServer } from './support/demo-server.ts';
import { appPort } from './support/environment.ts';

/** The lazily loaded chunk of the error-reporting SDK. */
const errorReportingChunk = /\/assets\/start-error-reporting-[\w-]+\.js$/;

test.describe('FAQ', () => {
  test("a miner finds the answers with this pool's stratum address and their own worker name @mobile", async ({
    page,
  }) => {
    const chunks: string[] = [];
    page.on('request', (request) => chunks.push(request.url()));
    await signInAs(page, demo.bob.email);
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    await page.getByRole('heading', { name: 'How do I connect a worker?' }).click();
    const connect = page.locator('details#connect-worker');
    await expect(connect).toContainText('this pool: stratum+tcp://localhost:3333.');
    await expect(connect).toContainText('for example bob_mining.rig01');

    await page.getByRole('searchbox', { name: 'Search the questions' }).fill('lost phone');
    const questions = page.locator('.faq-list').getByRole('heading', { level: 2 });
    await expect(questions).toHaveText(['How do I protect my account, and what if I lose my phone?']);
    await page.getByRole('searchbox', { name: 'Search the questions' }).fill('nothing like this');
    await expect(page.getByRole('status')).toContainText('No question matches “nothing like this”.');

    // Nothing is configured on this pool: no integration's code was ever loaded.
    await page.waitForTimeout(800);
    expect(chunks.filter((url) => errorReportingChunk.test(url))).toEqual([]);
  });

  test('a link to one question opens it, in the visitor’s language', async ({ page }) => {
    await signInAs(page, demo.bob.email);
    await page.goto('/faq#payouts');
    const payouts = page.locator('details#payouts');
    await expect(payouts).toHaveAttribute('open', '');
    await expect(payouts).toContainText('Automatic withdrawals run every day at 14:00 UTC.');
    await expect(page.locator('details#rewards')).not.toHaveAttribute('open');
    await expect(payouts).toBeInViewport();
  });
});

test.describe('new version', () => {
  test('when the server reports another version, a toast offers to reload; the reloaded page asks no more', async ({
    page,
  }) => {
    let served = 'build-1';
    await page.route('**/meta/version.json', (route) => route.fulfill({ json: { version: served } }));
    await signInAs(page, demo.bob.email);
    await expect(page.getByText('Please refresh the page')).toHaveCount(0);

    // The same version on focus: nothing to say.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.waitForTimeout(300);
    await expect(page.getByText('Please refresh the page')).toHaveCount(0);

    served = 'build-2';
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const prompt = page.getByText('Please refresh the page');
    await expect(prompt).toBeVisible();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.waitForLoadState('load');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.waitForTimeout(300);
    await expect(page.getByText('Please refresh the page')).toHaveCount(0);
  });
});

/** What the stand-in widget scripts define: globals that record every call into `window.widgetCalls`. */
const widgetScript = (global: string, methods: string[]) =>
  `window.${global} = {${methods
    .map((method) => `${method}: (...args) => (window.widgetCalls ||= []).push(['${global}.${method}', ...args])`)
    .join(',')}};`;

const scripts: Record<string, string> = {
  '/chat.js': widgetScript('supportChat', ['identify', 'auth', 'track', 'open']),
  '/messenger.js': widgetScript('messenger', ['boot', 'update', 'shutdown', 'show']),
  '/mail.js': widgetScript('emailMarketing', ['activity', 'track']),
};

/**
 * One local stand-in for every integration: a Sentry-compatible endpoint keeping the events of the
 * envelopes it receives, the widgets' scripts, and an analytics host that records what reaches it.
 */
async function integrationStandIn() {
  const events: Record<string, unknown>[] = [];
  const analyticsBodies: string[] = [];
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      // PostHog's SDKs gzip their batches where the browser can.
      const text = (raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw).toString('latin1');
      const script = scripts[path];
      if (script) {
        response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
        return;
      }
      if (path.endsWith('/envelope/')) {
        const lines = text.split('\n').filter(Boolean);
        for (let index = 1; index + 1 < lines.length; index += 2) {
          const header = JSON.parse(lines[index] ?? '{}') as { type?: string };
          if (header.type === 'event') events.push(JSON.parse(lines[index + 1] ?? '{}') as Record<string, unknown>);
        }
      } else analyticsBodies.push(text);
      response
        .writeHead(200, {
          'access-control-allow-origin': request.headers.origin ?? '*',
          'access-control-allow-credentials': 'true',
          'access-control-allow-headers': '*',
          'content-type': 'application/json',
        })
        .end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { server, origin: `http://127.0.0.1:${address.port}`, events, analyticsBodies };
}

test.describe('a pool that configures every integration', () => {
  const port = appPort + 5;
  let pool: ChildProcess | undefined;
  let standIn: Awaited<ReturnType<typeof integrationStandIn>>;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    standIn = await integrationStandIn();
    const dsnOrigin = standIn.origin.replace('http://', 'http://public@');
    pool = await startDemoServer(port, {
      ERROR_REPORTING_DSN: `${dsnOrigin}/5`,
      ANALYTICS_KEY: 'phc_e2e',
      ANALYTICS_HOST: standIn.origin,
      SUPPORT_CHAT_SCRIPT_URL: `${standIn.origin}/chat.js`,
      MESSENGER_SCRIPT_URL: `${standIn.origin}/messenger.js`,
      EMAIL_MARKETING_SCRIPT_URL: `${standIn.origin}/mail.js`,
      WIDGET_SECRET_SUPPORT_CHAT: 'support-chat-secret-of-e2e',
      WIDGET_SECRET_MESSENGER: 'messenger-secret-of-the-e2e',
    });
  });

  test.afterAll(() => {
    pool?.kill();
    standIn.server.close();
  });

  async function signIn(page: Page) {
    const loaded = page.waitForResponse(errorReportingChunk);
    await page.goto(`http://localhost:${port}/auth/login`);
    await loaded;
    await page.getByLabel('E-Mail').fill(demo.bob.email);
    await page.getByLabel('Password', { exact: true }).fill(demo.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(`http://localhost:${port}/`);
    // The SDK, loaded once the signed-in page was idle, keeps its state on this global.
    await page.waitForFunction(() => '__SENTRY__' in window);
  }

  // PostHog's full SDK drops the events of browsers that look like bots: headless Chromium's user agent,
  // and any browser under automation (`navigator.webdriver`). Here the browser looks like a visitor's.
  test.describe('with a browser that does not say it is headless', () => {
    test.use({
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    });
    for (const [recording, chunk, label] of [
      ['off', 'posthog-unrecorded', "PostHog's light SDK"],
      ['on', 'posthog-recorded', "PostHog's full SDK with its recorder"],
    ] as const)
      test(`a session drawn as recording ${recording} loads ${label} alone, and its page view and visit reach the host`, async ({
        page,
      }) => {
        const requested: string[] = [];
        page.on('request', (request) => requested.push(request.url()));
        await page.addInitScript((draw) => {
          sessionStorage.setItem('pool.analytics-recording', draw);
          Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });
        }, recording);
        standIn.analyticsBodies.length = 0;
        await signIn(page);
        const sent = () => standIn.analyticsBodies.join('\n');
        await expect.poll(sent, { timeout: 15_000 }).toContain('$pageview');
        await expect.poll(sent, { timeout: 15_000 }).toContain('User Site Visit');
        expect(sent()).not.toContain(demo.bob.email);
        const sdks = requested.filter((url) => /\/assets\/posthog-(un)?recorded-/.test(url));
        expect(sdks).toEqual([expect.stringContaining(`/assets/${chunk}-`)]);
      });
  });

  test("the page's own errors reach the DSN, redacted, once the SDK loaded after the first paint", async ({ page }) => {
    await signIn(page);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('the dashboard broke for bob@demo.pool');
      });
    });
    await expect.poll(() => standIn.events.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const sent = JSON.stringify(standIn.events);
    expect(sent).toContain('the dashboard broke for [email]');
    expect(sent).not.toContain('bob@demo.pool');
  });

  test('the widgets learn who signed in with their HMACs, and the FAQ opens the chat', async ({ page }) => {
    await signIn(page);
    const calls = () => page.evaluate(() => (window as { widgetCalls?: unknown[][] }).widgetCalls ?? []);
    await expect.poll(async () => (await calls()).map((call) => call[0])).toContain('messenger.boot');
    const recorded = await calls();
    const auth = recorded.find((call) => call[0] === 'supportChat.auth');
    expect(auth?.[2]).toMatch(/^[0-9a-f]{64}$/);
    const boot = recorded.find((call) => call[0] === 'messenger.boot')?.[1] as Record<string, unknown>;
    expect(boot).toMatchObject({ user_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // Bob's workers mine: the messenger learns it at boot or from the dashboard's figures soon after.
    await expect
      .poll(async () =>
        (await calls()).some(
          (call) =>
            (call[0] === 'messenger.boot' || call[0] === 'messenger.update') &&
            (call[1] as Record<string, unknown>)['Mining Started'] === true,
        ),
      )
      .toBe(true);

    await page.goto(`http://localhost:${port}/faq`);
    await page.getByRole('button', { name: 'Chat with support' }).click();
    await expect.poll(async () => (await calls()).map((call) => call[0])).toContain('supportChat.open');
  });
});
