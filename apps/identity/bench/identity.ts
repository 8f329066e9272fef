// `npm run bench:identity`: password logins and whoami calls per second through the public HTTP
// API, on one core (one JavaScript thread, one libuv thread for argon2id). Figures, no verdicts.
import { availableParallelism } from 'node:os';
import Fastify from 'fastify';
import { openDatabase, type Database } from '@pool/db/database';
import { openTestDatabase } from '@pool/db/testing';
import { createIdentityService } from '../src/service.ts';

const secondsPerMeasure = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = 4;
const email = 'bench@pool.test';
const password = 'Stratum-2140-bench';
const generous = { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 };

function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    store(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const index = pair.indexOf('=');
        cookies.set(pair.slice(0, index), pair.slice(index + 1));
      }
    },
  };
}

async function login(base: string): Promise<string> {
  const jar = cookieJar();
  const created = await fetch(`${base}/self-service/login/browser`, { headers: { accept: 'application/json' } });
  jar.store(created);
  const flow = (await created.json()) as {
    id: string;
    ui: { nodes: { attributes: { name?: string; value?: string } }[] };
  };
  const csrf = flow.ui.nodes.find((node) => node.attributes.name === 'csrf_token')?.attributes.value;
  const submitted = await fetch(`${base}/self-service/login?flow=${flow.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', cookie: jar.header() },
    body: JSON.stringify({ method: 'password', identifier: email, password, csrf_token: csrf }),
  });
  jar.store(submitted);
  await submitted.arrayBuffer();
  if (submitted.status !== 200) throw new Error(`login answered ${submitted.status}`);
  return jar.header();
}

async function measure(name: string, operation: () => Promise<void>): Promise<void> {
  const latencies: number[] = [];
  const until = performance.now() + secondsPerMeasure * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const begin = performance.now();
        await operation();
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  process.stdout.write(
    `  ${name.padEnd(22)} ${(latencies.length / elapsed).toFixed(1).padStart(8)} /s   ` +
      `(${latencies.length} in ${elapsed.toFixed(1)} s, p50 ${percentile(0.5).toFixed(1)} ms, p95 ${percentile(0.95).toFixed(1)} ms)\n`,
  );
}

async function run(kind: 'pglite' | 'postgres'): Promise<void> {
  const database: Database =
    kind === 'pglite' ? await openDatabase({ inMemory: true }) : await openTestDatabase('postgres');
  // Dropping the scratch database at the end ends idle connections; that is expected here.
  if (database.driver.kind === 'postgres') database.driver.pool.on('error', () => {});
  const app = Fastify({ logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  await app.close();
  const service = await createIdentityService({
    database,
    publicBaseUrl: `${origin}/identity`,
    appUrl: origin,
    passwordMinLength: 8,
    secureCookies: false,
    rateLimits: {
      login: { perIp: generous, perIdentifier: generous },
      secondFactor: { perIp: generous, perIdentity: generous },
    },
  });
  const server = Fastify({ logger: false });
  await server.register(service.publicApi, { prefix: '/identity' });
  await server.listen({ port: Number(new URL(origin).port), host: '127.0.0.1' });
  const base = `${origin}/identity`;
  try {
    await service.seedDemo([{ id: '6f1d0e8a-3c1b-4d6e-9a51-2b7c4d9e0f11', email, password }]);
    process.stdout.write(`${kind === 'pglite' ? 'PGlite (embedded, in memory)' : 'PostgreSQL (local)'}:\n`);
    await measure('password logins', async () => {
      await login(base);
    });
    const cookie = await login(base);
    await measure('whoami', async () => {
      const response = await fetch(`${base}/sessions/whoami`, { headers: { cookie, accept: 'application/json' } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`whoami answered ${response.status}`);
    });
  } finally {
    await server.close();
    await service.close();
    await database.close();
  }
}

process.stdout.write(
  `identity service benchmark: Node ${process.version}, UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}, ` +
    `${availableParallelism()} cores on the machine, ${concurrency} requests in flight, ${secondsPerMeasure} s per figure\n` +
    '  a login is: create the browser flow, then submit the password (argon2id 19 MiB, 2 passes)\n',
);
await run('pglite');
if (process.env.BENCH_POSTGRES !== 'off') {
  try {
    await run('postgres');
  } catch (error) {
    process.stdout.write(`PostgreSQL skipped: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}
