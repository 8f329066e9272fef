/**
 * `npm run bench:web`: builds the web app, prints what each route loads (gzip), then runs Lighthouse
 * 12 in the system Chromium, mobile preset (phones come first) and desktop preset, against the
 * sign-in pages (the pool's and an operator's), the miner's screens (sharing's included), a watcher's
 * and the platform's of a fresh demo pool
 * (`BENCH_WEB_ROUTES=/,/payments` for some of them, `BENCH_WEB_PRESETS=mobile` for one preset,
 * `BENCH_WEB_PRESETS=mobile,calibrated` for the mobile preset also with the CPU slowdown calibrated
 * to this machine (cpu-calibration.ts), `no-coop` for the mobile preset without the pages' opener
 * policy (a diagnostic, see `Preset`),
 * `BENCH_WEB_RUNS=3` for the median of three runs, `BENCH_WEB_REPORTS=<folder>` to keep the reports).
 * Figures only; nothing here passes or fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { TestBrowser } from '../../apps/server/test/support/browser.ts';
import { calibratedSlowdown } from './cpu-calibration.ts';
import { printRouteWeights } from './route-weights.ts';
import { startDemoServer } from '../support/demo-server.ts';
import { proxyWithoutOpenerPolicy } from './without-opener-policy.ts';

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

/** The id of the first item a list call of the signed-in person's first account answers. */
async function firstIdOf(person: TestBrowser, list: (accountId: string) => string): Promise<string> {
  const identity = await person.json<{ permissions: { account_id: string }[] }>('/api/backend/v0.1/identity');
  const page = await person.json<{ items: { id: string }[] }>(
    `/api/backend/v0.1${list(identity.body.permissions[0]?.account_id ?? '')}`,
  );
  const id = page.body.items[0]?.id;
  if (!id) throw new Error(`the demo pool has nothing at ${list('{account}')}`);
  return id;
}

/** A route as the report names it: watcher tokens and ids as placeholders. */
const routeName = (path: string) =>
  path.replace(/\/watch\/[^/]+/, '/watch/{token}').replace(/\/[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}/, '/{id}');

/**
 * Lighthouse's presets, and two variants of the mobile one:
 * - `calibrated`: the CPU slowed by what this machine needs to simulate the preset's phone
 *   (cpu-calibration.ts) rather than by its fixed 4×;
 * - `no-coop`: the mobile preset through a proxy that drops the pages' `Cross-Origin-Opener-Policy`
 *   (without-opener-policy.ts), a diagnostic only: the product keeps the header (security review,
 *   item 19). With it, Lighthouse's navigation from `about:blank` puts each audited page in a new
 *   browsing context group, and Chromium in a renderer process started for it, whose cold start
 *   (context, fonts, first layout) runs on the page's main thread; without it, the page reuses the
 *   process `about:blank` had. Here, 3 runs each, the sign-in page read 81-91 with the header and
 *   89-97 without, and a static copy of its HTML with no script 93-96 with it, 99-100 without. A
 *   browser arriving from another site may well start a process too, so `mobile` stays the figure.
 */
type Preset =
  { name: 'mobile' | 'desktop' } | { name: 'calibrated'; slowdown: number } | { name: 'no-coop'; proxy: string };

const presetName = (preset: Preset) =>
  preset.name === 'calibrated'
    ? `mobile, CPU ${preset.slowdown.toFixed(1)}×`
    : preset.name === 'no-coop'
      ? 'mobile, no COOP'
      : preset.name;

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;
type Report = Result['lhr'];
/** A run's report and the trace it was computed from (the trace tells which task blocked the thread). */
type Run = { lhr: Report; trace: Result['artifacts']['Trace'] };

/** One Lighthouse run of a page; a run that failed is measured again. */
async function measure(chromePort: number, preset: Preset, path: string, cookie: string | undefined): Promise<Run> {
  const flags: Flags = {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    ...(preset.name === 'calibrated'
      ? { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: preset.slowdown } }
      : {}),
  };
  for (let attempt = 1; ; attempt += 1) {
    // Lighthouse's default configuration is its mobile preset (a mid-range phone on slow 4G).
    const url = `${preset.name === 'no-coop' ? preset.proxy : origin}${path}`;
    const result = await lighthouse(url, flags, preset.name === 'desktop' ? desktopConfig : undefined);
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
    // A run that failed (a trace Chromium could not finish) has no score: it is measured again, not printed as 0.
    if (!lhr.runtimeError && lhr.categories.performance?.score != null) return { lhr, trace: result.artifacts.Trace };
    if (attempt >= 3)
      throw new Error(`Lighthouse failed 3 times on ${path}: ${lhr.runtimeError?.message ?? 'no score'}`);
  }
}

/**
 * Prints the run with the median performance score of `BENCH_WEB_RUNS` runs (1 unless set; Lighthouse
 * advises 3 to 5 on a machine as noisy as these), and each run's score beside it. Answers that
 * run's index of this machine's CPU.
 */
async function audit(chromePort: number, preset: Preset, path: string, cookie: string | undefined): Promise<number> {
  const runs: Run[] = [];
  for (let run = 0; run < Number(process.env.BENCH_WEB_RUNS ?? 1); run += 1)
    runs.push(await measure(chromePort, preset, path, cookie));
  const performance = ({ lhr }: Run) => Math.round((lhr.categories.performance?.score ?? 0) * 100);
  const sorted = [...runs].sort((a, b) => performance(a) - performance(b));
  const { lhr, trace } = sorted[Math.floor((sorted.length - 1) / 2)] ?? runs[0]!;
  // BENCH_WEB_REPORTS=<folder> keeps the printed run's full report and its trace (chrome://tracing or
  // DevTools' Performance panel open it), to read where the time went.
  if (process.env.BENCH_WEB_REPORTS) {
    mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
    const name = join(process.env.BENCH_WEB_REPORTS, `${preset.name}${routeName(path).replace(/\//g, '_')}`);
    writeFileSync(`${name}.json`, JSON.stringify(lhr));
    writeFileSync(`${name}.trace.json`, JSON.stringify(trace));
  }
  const endedAt = new URL(lhr.finalDisplayedUrl).pathname;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '—';
  console.log(
    `${presetName(preset).padEnd(17)}${routeName(path).padEnd(32)} performance ${score('performance')}  ` +
      `accessibility ${score('accessibility')}  best practices ${score('best-practices')}  ` +
      `FCP ${metric('first-contentful-paint')}  LCP ${metric('largest-contentful-paint')}  ` +
      `TBT ${metric('total-blocking-time')}  CLS ${metric('cumulative-layout-shift')}  ` +
      // The simulated phone's main-thread work, and Lighthouse's measure of this machine's CPU (higher is
      // faster): the simulation scales what it saw here, so a slower machine reads a slower phone.
      `main thread ${metric('mainthread-work-breakdown')}  machine ${Math.round(lhr.environment.benchmarkIndex)}` +
      (runs.length > 1 ? `  (runs: ${runs.map(performance).join(', ')})` : '') +
      // A page that sent the browser elsewhere (a session that did not reach the server) measured that page instead.
      (endedAt === path ? '' : `  ENDED AT ${endedAt}`),
  );
  // Over issue 18's budget (CLS < 0.05): which elements moved, so the fix starts at the right place.
  const shifts = lhr.audits['layout-shifts']?.details;
  if ((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) >= 0.05 && shifts?.type === 'table')
    for (const item of shifts.items.slice(0, 3)) {
      const node = item.node as { selector?: string; nodeLabel?: string } | undefined;
      console.log(
        `                   shift ${Number(item.score).toFixed(3)}  ${node?.selector ?? '?'}  "${(node?.nodeLabel ?? '').slice(0, 60)}"`,
      );
    }
  printBlockingTasks(lhr);
  return lhr.environment.benchmarkIndex;
}

/**
 * Lighthouse's mobile score reaches 0.9 on Total Blocking Time at 200 ms (its scoring's 10th
 * percentile); above that, TBT alone keeps a page under 95.
 */
const blockingBudgetMs = 200;

/**
 * Over that budget: the simulated phone's longest tasks, as Lighthouse placed them, each named by
 * the script it ran or, when none, the page itself (parsing, style and layout) or "unattributed"
 * (what Lighthouse could not tie to a script: promise continuations, which is where the app's start-up
 * and renders run, and the navigation's commit). A task blocks for its part over 50 ms.
 */
function printBlockingTasks(lhr: Report): void {
  const details = lhr.audits['long-tasks']?.details;
  if ((lhr.audits['total-blocking-time']?.numericValue ?? 0) < blockingBudgetMs || details?.type !== 'table') return;
  // The document as loaded: the sign-in page adds its flow to the address it displays afterwards.
  const page = lhr.mainDocumentUrl ?? lhr.requestedUrl;
  const tasks = details.items
    .map((item) => ({
      url: typeof item.url === 'string' ? item.url : '',
      start: Number(item.startTime),
      duration: Number(item.duration),
    }))
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 6)
    .map(({ url, start, duration }) => {
      const owner = url === page ? 'page' : url === 'Unattributable' ? 'unattributed' : url.split('/').pop();
      return `${owner}@${Math.round(start)} ms: ${Math.round(duration)} ms`;
    });
  console.log(`                   longest tasks (simulated): ${tasks.join(', ')}`);
}

build();
console.log('JavaScript each route loads before it renders (gzip):');
printRouteWeights(new URL('apps/web/dist/', `file://${root}`));

/**
 * chrome-launcher's flags, with two more features off: Chromium 156 keeps its omnibox popups as web
 * pages of their own (`chrome://omnibox-popup.top-chrome/`), even headless, and they run script on
 * every navigation. On two cores that script ran beside the audited page's first task, the one that
 * commits the document, and stretched it (34 ms of the popup's script inside a 91 ms task, which the
 * mobile preset multiplies by 4). A phone's browser has no such page; Chromium only reads the last
 * `--disable-features`, hence one list.
 */
function chromiumFlags(): string[] {
  const flags = chromeLauncher.Launcher.defaultFlags();
  const features = flags.find((flag) => flag.startsWith('--disable-features='));
  const omniboxPopups = 'WebUIOmniboxPopup,WebUIOmniboxAimPopup';
  return [
    ...flags.filter((flag) => flag !== features),
    features ? `${features},${omniboxPopups}` : `--disable-features=${omniboxPopups}`,
  ];
}

/**
 * A Chromium of its own for each route: Lighthouse does not clear cookies between runs, and a cookie a
 * page set (the sign-in page's CSRF cookie) was sent instead of the session given as a header, so a
 * signed-in route audited after the sign-in page measured the sign-in page.
 */
async function inFreshChromium<T>(audit: (chromePort: number) => Promise<T>): Promise<T> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    ignoreDefaultFlags: true,
    chromeFlags: [...chromiumFlags(), '--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    return await audit(chrome.port);
  } finally {
    chrome.kill();
  }
}

// BENCH_WEB_PRESETS=mobile runs one preset; with `calibrated` (mobile,calibrated), each route's mobile
// run is followed by one with the CPU slowdown calibrated to that run's index of this machine.
const presets = process.env.BENCH_WEB_PRESETS?.split(',') ?? ['mobile', 'desktop'];
// Behind the proxy the pages must call the proxy: their addresses then follow the host they were opened on.
const server = await startDemoServer(port, presets.includes('no-coop') ? { PUBLIC_URL: '' } : {});
try {
  const bob = new TestBrowser(origin);
  await bob.signIn('bob@demo.pool', 'Hashrate-2140');
  const admin = new TestBrowser(origin);
  await admin.signIn('admin@demo.pool', 'Hashrate-2140');
  const operator = new TestBrowser(origin);
  await operator.signIn('operator@demo.pool', 'Hashrate-2140');
  const watcher = await watcherLink();
  const customer = await firstIdOf(operator, (operatorId) => `/operators/${operatorId}/miners`);
  const poolUser = await firstIdOf(admin, (poolId) => `/pools/${poolId}/users`);
  const pages: [string, string | undefined][] = [
    ['/auth/login', undefined],
    // The demo operator's branded sign-in (apps/server/src/demo/people.ts).
    ['/NorthHash/auth', undefined],
    ['/', bob.cookieHeader],
    ['/workers', bob.cookieHeader],
    ['/payments', bob.cookieHeader],
    ['/mining-report', bob.cookieHeader],
    ['/tax-calculator', bob.cookieHeader],
    ['/settings', bob.cookieHeader],
    ['/referrals', bob.cookieHeader],
    ['/profit-sharing', bob.cookieHeader],
    ['/transfers', bob.cookieHeader],
    ['/settings/notifications', bob.cookieHeader],
    ['/customers', operator.cookieHeader],
    [`/customers/${customer}`, operator.cookieHeader],
    [`/customers/${customer}/settings`, operator.cookieHeader],
    [`/customers/${customer}/payments`, operator.cookieHeader],
    ['/customers/create-customer', operator.cookieHeader],
    ['/customers/create-sub', operator.cookieHeader],
    [watcher, undefined],
    [`${watcher}/payments`, undefined],
    ['/platform', admin.cookieHeader],
    ['/platform/unallocated', admin.cookieHeader],
    ['/platform/payouts', admin.cookieHeader],
    ['/promocodes', admin.cookieHeader],
    ['/promocodes/create', admin.cookieHeader],
    ['/users', admin.cookieHeader],
    [`/users/${poolUser}`, admin.cookieHeader],
  ];
  // BENCH_WEB_ROUTES=/,/payments audits only those routes (named as printed: /watch/{token}, /customers/{id}...).
  const only = process.env.BENCH_WEB_ROUTES?.split(',');
  const chosen = pages.filter(([path]) => !only || only.includes(routeName(path)));
  const audited = (path: string, cookie: string | undefined, preset: Preset) =>
    inFreshChromium((chromePort) => audit(chromePort, preset, path, cookie));
  if (presets.includes('mobile')) {
    console.log(
      presets.includes('calibrated')
        ? '\nLighthouse 12, mobile preset, demo pool; each route again with the CPU slowed by what this machine needs to simulate the preset’s phone:'
        : '\nLighthouse 12, mobile preset, demo pool:',
    );
    for (const [path, cookie] of chosen) {
      const benchmarkIndex = await audited(path, cookie, { name: 'mobile' });
      if (presets.includes('calibrated'))
        await audited(path, cookie, { name: 'calibrated', slowdown: calibratedSlowdown(benchmarkIndex) });
    }
  }
  if (presets.includes('no-coop')) {
    const proxy = await proxyWithoutOpenerPolicy(port);
    try {
      console.log(
        '\nLighthouse 12, mobile preset, demo pool, answers without Cross-Origin-Opener-Policy (diagnostic):',
      );
      for (const [path, cookie] of chosen) await audited(path, cookie, { name: 'no-coop', proxy: proxy.origin });
    } finally {
      proxy.close();
    }
  }
  if (presets.includes('desktop')) {
    console.log('\nLighthouse 12, desktop preset, demo pool:');
    for (const [path, cookie] of chosen) await audited(path, cookie, { name: 'desktop' });
  }
} finally {
  server.kill();
}
