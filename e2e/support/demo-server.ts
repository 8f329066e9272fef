import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

const root = new URL('../../', import.meta.url).pathname;

/**
 * A fresh demo pool on its own port and in-memory database, for the tools that measure or picture
 * the product (bench:web, screenshots) and journeys that need a server of their own; resolves once
 * it is ready. Its PUBLIC_URL is http://localhost:<port>; `PUBLIC_URL: ''` leaves it unset, so the
 * addresses follow the host the browser used.
 */
export async function startDemoServer(port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const origin = `http://localhost:${port}`;
  const server = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), DATA_DIR: 'memory://', LOG_LEVEL: 'warn', PUBLIC_URL: origin, ...env },
  });
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if ((await fetch(`${origin}/readyz`).catch(() => undefined))?.ok) return server;
    await sleep(500);
  }
  server.kill();
  throw new Error(`the demo server on port ${port} did not become ready`);
}
