import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@pool/db/database';
import { loadConfig, type ServerConfig } from '../../src/config/env.ts';
import type { AdminEndpoint } from '../../src/identity-client/admin.ts';
import { startServer, type RunningServer, type StartOptions } from '../../src/server.ts';

export function testConfig(env: Record<string, string> = {}): ServerConfig {
  const result = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SIMULATOR: 'off',
    EXCHANGE_RATES_URL: 'off',
    ...env,
  });
  if (!result.ok) throw new Error(result.problems.join('; '));
  return result.config;
}

/** A stand-in for apps/web/dist: API tests must not depend on a web build. */
export function fakeWebRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'web-root-'));
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, 'static', 'locales'), { recursive: true });
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html lang="en"><head><title>pool</title><link rel="stylesheet" crossorigin href="/assets/app-1a2b3c.css"></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(root, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  writeFileSync(join(root, 'assets', 'app-1a2b3c.css'), '.shell{display:grid}');
  writeFileSync(join(root, 'static', 'locales', 'en.json'), '{"hello":"Hello"}');
  return root;
}

/** A server under test, with the identity service's admin API that the test factories call. */
export interface TestServer extends RunningServer {
  identityAdmin: AdminEndpoint;
}

/** A loopback port nobody listens on right now, for the identity admin listener. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/**
 * Starts the whole product on an empty pool: no demo, unless a test of the demo asks for it with
 * `DEMO: 'on'`. Tests build the people and accounts they need with ./factory.ts. The identity
 * admin API listens on a port and token chosen here, since the server keeps its own to itself.
 */
export async function startTestServer(
  database: Database,
  env: Record<string, string> = {},
  options: Pick<StartOptions, 'policyProbe' | 'clock' | 'webRoot'> = {},
): Promise<TestServer> {
  const port = await freePort();
  const token = randomBytes(32).toString('base64url');
  const config = testConfig({
    DEMO: 'off',
    IDENTITY_ADMIN_PORT: String(port),
    IDENTITY_ADMIN_TOKEN: token,
    ...env,
  });
  const server = await startServer(config, { database, webRoot: fakeWebRoot(), ...options });
  return {
    ...server,
    identityAdmin: { baseUrl: () => `http://127.0.0.1:${port}`, headers: { authorization: `Bearer ${token}` } },
  };
}
