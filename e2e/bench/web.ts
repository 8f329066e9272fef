/**
 * `npm run bench:web`: builds the web app, prints what each route loads (gzip), then runs Lighthouse
 * 12 in the system Chromium against `/`, `/workers` and a watcher page of a fresh demo pool.
 * Figures only; nothing here passes or fails.
 */
import { spawnSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { TestBrowser } from '../../apps/server/test/support/browser.ts';
import { printRouteWeights } from './route-weights.ts';
import { startDemoServer } from '../support/demo-server.ts';

const root = new URL('../../', import.meta.url).pathname;
const port = Number(process.env.BENCH_WEB_PORT ?? 8197);
const origin = `http://localhost:${port}`;

function build(): void {
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--silent'], { cwd: root, stdio: 'ignore' });
  if (result.status !== 0) throw new Error('the web build failed');
}

/** A watcher link of alice's (created with her second factor, as the app does). */
async function watcherLink(): Promise<string> {
  const alice = new TestBrowser(origin);
  await alice.signIn('alice@demo.pool', 'Hashrate-2140', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
  const identity = await alice.json<{ permissions: { account_id: string }[] }>('/api/backend/v0.1/identity');
  const minerId = identity.body.permissions[0]?.account_id ?? '';
  const created = await alice.json<{ token: string }>(`/api/backend/v0.1/miners/${minerId}/watchers`, {
    method: 'POST',
    body: JSON.stringify({ name: 'Lighthouse', access: ['Workers', 'Payments'] }),
  });
  if (created.status !== 201) throw new Error(`creating a watcher link answered ${created.status}`);
  return `/watch/${created.body.token}`;
}

async function audit(chromePort: number, path: string, cookie: string | undefined) {
  const flags: Flags = {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  };
  const result = await lighthouse(`${origin}${path}`, flags, desktopConfig);
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '—';
  console.log(
    `${path.replace(/\/watch\/[^/]+/, '/watch/{token}').padEnd(16)} performance ${score('performance')}  ` +
      `accessibility ${score('accessibility')}  best practices ${score('best-practices')}  ` +
      `FCP ${metric('first-contentful-paint')}  LCP ${metric('largest-contentful-paint')}  ` +
      `TBT ${metric('total-blocking-time')}  CLS ${metric('cumulative-layout-shift')}`,
  );
}

build();
console.log('JavaScript each route loads before it renders (gzip):');
printRouteWeights(new URL('apps/web/dist/', `file://${root}`));

const server = await startDemoServer(port);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const bob = new TestBrowser(origin);
  await bob.signIn('bob@demo.pool', 'Hashrate-2140');
  const watcher = await watcherLink();
  console.log('\nLighthouse 12, desktop preset, demo pool:');
  await audit(chrome.port, '/', bob.cookieHeader);
  await audit(chrome.port, '/workers', bob.cookieHeader);
  await audit(chrome.port, watcher, undefined);
} finally {
  chrome.kill();
  server.kill();
}
