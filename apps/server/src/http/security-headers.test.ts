import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, registerSecurityHeaders } from './security-headers.ts';

async function answers(secureCookies: boolean, widget?: string) {
  const app = Fastify();
  registerSecurityHeaders(app, { secureCookies, PRICE_SERVICE_URL: null, SUPPORT_CHAT_SCRIPT_URL: widget });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('broken');
  });
  const read = async (url: string) => (await app.inject({ url })).headers;
  const found = {
    ok: await read('/ok'),
    again: await read('/ok'),
    fails: await read('/fails'),
    missing: await read('/nowhere'),
  };
  await app.close();
  return found;
}

describe('security headers', () => {
  it('go on every answer, a failure and an unknown address too, the same each time', async () => {
    const { ok, again, fails, missing } = await answers(false);
    for (const headers of [ok, fails, missing]) {
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(headers['content-security-policy']).toBe(ok['content-security-policy']);
    }
    expect(again['content-security-policy']).toBe(ok['content-security-policy']);
    expect(ok['cross-origin-embedder-policy']).toBeUndefined();
    const policy = String(ok['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-src 'none'");
    expect(policy).toContain("worker-src 'self' blob:");
  });

  it('ask for TLS (HSTS, upgrade-insecure-requests) only when the app is served over https', async () => {
    const plain = await answers(false);
    expect(plain.ok['strict-transport-security']).toBeUndefined();
    expect(String(plain.ok['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    const secure = await answers(true);
    expect(secure.ok['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(String(secure.ok['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('let a configured widget load its script and open its frame, and nothing else from elsewhere', async () => {
    const { ok } = await answers(false, 'https://chat.example.com/widget.js');
    const policy = String(ok['content-security-policy']);
    expect(policy).toContain("script-src 'self' https://chat.example.com");
    expect(policy).toContain('frame-src https://chat.example.com');
    expect(policy).toContain("connect-src 'self' https://chat.example.com");
  });

  it('are those helmet’s own middleware sets on a real response', async () => {
    const options = { hsts: true, contentSecurityPolicy: { directives: { 'frame-src': ["'none'"] } } };
    const server = createServer((request, response) => helmet(options)(request, response, () => response.end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const sent = await fetch(`http://127.0.0.1:${port}/`);
    server.close();
    const recorded = helmetHeaders(options);
    expect(Object.keys(recorded).length).toBeGreaterThan(10);
    for (const [name, value] of Object.entries(recorded)) expect(sent.headers.get(name), name).toBe(value);
  });
});
