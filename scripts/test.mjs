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

process.stdout.write('\n=== summary\n');
for (const result of results)
  process.stdout.write(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name} (${result.seconds.toFixed(1)} s)\n`);
const allOk = results.every((result) => result.ok);
process.stdout.write(`tests: ${passed} passed, ${failed + (allOk || failed ? 0 : 1)} failed, ${skipped} skipped\n`);
process.exit(allOk ? 0 : 1);
