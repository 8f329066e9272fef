import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@pool/db/database';
import { loadConfig, type ServerConfig } from '../../src/config/env.ts';
import { startServer, type RunningServer } from '../../src/server.ts';

export function testConfig(env: Record<string, string> = {}): ServerConfig {
  const result = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SIMULATOR: 'off', ...env });
  if (!result.ok) throw new Error(result.problems.join('; '));
  return result.config;
}

/** A stand-in for apps/web/dist: API tests must not depend on a web build. */
export function fakeWebRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'web-root-'));
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, 'static', 'locales'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>pool</title><div id="root"></div>');
  writeFileSync(join(root, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  writeFileSync(join(root, 'static', 'locales', 'en.json'), '{"hello":"Hello"}');
  return root;
}

export async function startTestServer(
  database: Database,
  env: Record<string, string> = {},
  options: { policyProbe?: boolean; clock?: () => number } = {},
): Promise<RunningServer> {
  return startServer(testConfig(env), { database, webRoot: fakeWebRoot(), ...options });
}
