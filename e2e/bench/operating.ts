/**
 * `npm run bench:operating`: Lighthouse 12, mobile preset, of a signed-in miner's `/`
 * on a demo pool with no integration, then on one with every integration configured (error
 * reporting, analytics, the three widgets, all served by a local stand-in), to check that loading
 * them when the browser is idle costs the first paint nothing (issue 19). Build the web app first
 * (`npm run build`). Alternates the two for `BENCH_ROUNDS` rounds (5; a drop of a few points needs 25
 * or more to stand out from the noise), prints every run, the medians and a rank test, and exits 1
 * when the test shows that the configured pool scores lower.
 */
import { createServer } from 'node:http';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { TestBrowser } from '../../apps/server/test/support/browser.ts';
import { startDemoServer } from '../support/demo-server.ts';
import { dropZ } from './rank-test.ts';

const basePort = Number(process.env.BENCH_OPERATING_PORT ?? 8297);

/** The widgets' scripts and a sink for everything the integrations send. */
async function standIn(): Promise<{ origin: string; close: () => void }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      // PostHog's remote config script: valid and empty, as a real host's would be (a syntax error here
      // would be reported to the error-reporting stand-in and measured as work the product never does).
      if (path.startsWith('/array/')) {
        response.writeHead(200, { 'content-type': 'text/javascript' }).end('');
        return;
      }
      if (path.endsWith('.js')) {
        const global = path.slice(1, -3);
        response.writeHead(200, { 'content-type': 'text/javascript' }).end(`window.${global} = {};`);
        return;
      }
      response
        .writeHead(200, {
          'access-control-allow-origin': request.headers.origin ?? '*',
          'content-type': 'application/json',
        })
        .end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { origin: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}

interface Measure {
  score: number;
  blockingMs: number;
  line: string;
}

async function performanceOf(chromePort: number, origin: string, attempt = 1): Promise<Measure> {
  const bob = new TestBrowser(origin);
  await bob.signIn('bob@demo.pool', 'Hashrate-2140');
  const result = await lighthouse(`${origin}/`, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    extraHeaders: { Cookie: bob.cookieHeader },
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${origin}`);
  // A run that failed (a trace Chromium could not finish) has no score: it is measured again, not counted as 0.
  if (lhr.runtimeError || lhr.categories.performance?.score == null) {
    if (attempt >= 3)
      throw new Error(`Lighthouse failed 3 times on ${origin}: ${lhr.runtimeError?.message ?? 'no score'}`);
    return performanceOf(chromePort, origin, attempt + 1);
  }
  const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '—';
  // Which analytics SDK the session drew: the full one records a quarter of sessions, the light one the rest.
  const requested = (
    (lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items ?? []
  )
    .map((item) => item.url)
    .join(' ');
  const analytics = /posthog-recorded/.test(requested)
    ? '  analytics: recorded (full SDK)'
    : /posthog-unrecorded/.test(requested)
      ? '  analytics: unrecorded (light SDK)'
      : '';
  const tracing = /\/assets\/tracing-/.test(requested) ? '  error reporting: with tracing' : '';
  // The long tasks of the integrations' own scripts (Lighthouse's simulated milliseconds), apart from the app's.
  const longTasks = (lhr.audits['long-tasks']?.details as { items?: { url: string; duration: number }[] } | undefined)
    ?.items;
  const integrationsMs = (longTasks ?? [])
    .filter((task) => /start-error-reporting|\/tracing-|posthog|start-widgets|configured-integrations/.test(task.url))
    .reduce((sum, task) => sum + task.duration, 0);
  const integrationTasks = requested.includes('configured-integrations')
    ? `  integrations' long tasks ${Math.round(integrationsMs)} ms`
    : '';
  return {
    score,
    blockingMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    line: `performance ${score}  FCP ${metric('first-contentful-paint')}  LCP ${metric('largest-contentful-paint')}  TBT ${metric('total-blocking-time')}  CLS ${metric('cumulative-layout-shift')}${analytics}${tracing}${integrationTasks}`,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** One-sided, 5 %: a z this high says the configured pool scores lower. */
const dropShownAt = 1.645;

/** Lighthouse scores move by several points run to run: rounds alternate the two pools, medians compare. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);

const stand = await standIn();
const plain = await startDemoServer(basePort);
const configured = await startDemoServer(basePort + 1, {
  ERROR_REPORTING_DSN: stand.origin.replace('http://', 'http://public@') + '/1',
  ANALYTICS_KEY: 'phc_bench',
  ANALYTICS_HOST: stand.origin,
  SUPPORT_CHAT_SCRIPT_URL: `${stand.origin}/supportChat.js`,
  MESSENGER_SCRIPT_URL: `${stand.origin}/messenger.js`,
  EMAIL_MARKETING_SCRIPT_URL: `${stand.origin}/emailMarketing.js`,
});
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const without: Measure[] = [];
  const withAll: Measure[] = [];
  console.log(`Lighthouse 12, mobile preset, bob on /, ${rounds} rounds:`);
  for (let round = 1; round <= rounds; round += 1) {
    without.push(await performanceOf(chrome.port, `http://localhost:${basePort}`));
    withAll.push(await performanceOf(chrome.port, `http://localhost:${basePort + 1}`));
    console.log(`  round ${round}  no integration     ${without.at(-1)?.line}`);
    console.log(`  round ${round}  every integration  ${withAll.at(-1)?.line}`);
  }
  const summary = (runs: Measure[]) =>
    `median performance ${median(runs.map((run) => run.score))}  median TBT ${median(runs.map((run) => run.blockingMs))} ms`;
  console.log(`  no integration     ${summary(without)}`);
  console.log(`  every integration  ${summary(withAll)}`);
  const z = dropZ(
    without.map((run) => run.score),
    withAll.map((run) => run.score),
  );
  const shown = z >= dropShownAt;
  console.log(
    `  drop of the configured pool's scores: Mann-Whitney z = ${z.toFixed(2)}, ` +
      (shown ? `a drop (z >= ${dropShownAt})` : `no drop these runs can tell from noise (z < ${dropShownAt})`),
  );
  if (shown) process.exitCode = 1;
} finally {
  chrome.kill();
  plain.kill();
  configured.kill();
  stand.close();
}
