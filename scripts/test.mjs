// `npm test`: every check of the project, in the order a failure is cheapest to find. Each step
// runs even when an earlier one failed, and the last line counts the tests of every runner.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = mkdtempSync(join(tmpdir(), 'pool-test-'));
const workspaces = ['packages/contract', 'packages/db', 'apps/identity', 'apps/server', 'apps/web', 'e2e'];

const steps = [
  { name: 'lint', command: 'npx', args: ['eslint', '.', '--max-warnings', '0'] },
  { name: 'format', command: 'npx', args: ['prettier', '--check', '.', '--log-level', 'warn'] },
  { name: 'import cycles', command: 'node', args: ['scripts/import-cycles.mjs'] },
  ...workspaces.map((workspace) => ({
    name: `types ${workspace}`,
    command: 'npx',
    args: ['tsc', '-p', `${workspace}/tsconfig.json`],
  })),
  {
    name: 'unit and API (PGlite and PostgreSQL)',
    command: 'npx',
    args: [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'vitest.json')}`,
    ],
  },
  { name: 'web build', command: 'npm', args: ['run', 'build', '-w', 'apps/web', '--silent'] },
  {
    name: 'browser journeys (Chromium)',
    command: 'npx',
    args: ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'playwright.json') },
  },
];

const only = process.argv.slice(2);
const results = [];
for (const step of steps) {
  if (only.length && !only.some((word) => step.name.includes(word))) continue;
  process.stdout.write(`\n=== ${step.name}\n`);
  const started = Date.now();
  const run = spawnSync(step.command, step.args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...step.env } });
  results.push({ name: step.name, ok: run.status === 0, seconds: (Date.now() - started) / 1000 });
}

function readJson(file) {
  const path = join(reports, file);
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

const vitest = readJson('vitest.json');
const playwright = readJson('playwright.json');
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);

// The names of what failed go last, where a log cut to its tail still shows them.
const failedNames = [
  ...(vitest?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => `${file.name.replace(root, '')} › ${test.fullName}`),
  ),
  ...(vitest?.testResults ?? [])
    .filter((file) => file.status === 'failed' && !(file.assertionResults ?? []).length)
    .map((file) => `${file.name.replace(root, '')} › ${String(file.message).split('\n')[0]}`),
  ...playwrightFailures(playwright?.suites ?? []),
];

function playwrightFailures(suites, path = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === 'unexpected'))
      .map((spec) => `${suite.file ?? ''} › ${[...path, suite.title, spec.title].filter(Boolean).join(' › ')}`),
    ...playwrightFailures(suite.suites ?? [], [...path, suite.title]),
  ]);
}

process.stdout.write('\n=== summary\n');
for (const name of failedNames) process.stdout.write(`failed: ${name}\n`);
for (const result of results)
  process.stdout.write(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name} (${result.seconds.toFixed(1)} s)\n`);
const allOk = results.every((result) => result.ok);
process.stdout.write(`tests: ${passed} passed, ${failed + (allOk || failed ? 0 : 1)} failed, ${skipped} skipped\n`);
process.exit(allOk ? 0 : 1);
