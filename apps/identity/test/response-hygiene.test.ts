import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentity, type RunningIdentity } from './support/harness.ts';
import { frontendApi } from './support/browser.ts';
import { failure, register } from './support/flows.ts';
import { lastCodeFor } from './support/outbox.ts';

describe('what identity responses and logs give away', () => {
  let identity: RunningIdentity;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    // Without SMTP_URL: every message stays in the outbox and the log says so.
    identity = await startIdentity('pglite', { logger: Fastify({ logger: { level: 'info', stream } }).log });
  });
  afterAll(async () => identity?.close());

  it('finding 13: flows, whoami, the session list and errors are never stored by a cache', async () => {
    const { api, jar } = frontendApi(identity.publicBase);
    const anonymous = await failure(api.toSession());
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
    await register(api, 'no-store@pool.test');
    const settings = await api.createBrowserSettingsFlowRaw({});
    expect(settings.raw.headers.get('cache-control')).toBe('no-store');
    const flow = await settings.value();
    const fetched = await jar.fetch(`${identity.publicBase}/self-service/settings/flows?id=${flow.id}`, {
      headers: { accept: 'application/json' },
    });
    expect(fetched.headers.get('cache-control')).toBe('no-store');
    expect((await api.toSessionRaw({})).raw.headers.get('cache-control')).toBe('no-store');
    expect((await api.listMySessionsRaw({})).raw.headers.get('cache-control')).toBe('no-store');
    const unknown = await fetch(`${identity.publicBase}/self-service/errors?id=00000000-0000-4000-8000-000000000000`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('cache-control')).toBe('no-store');
    const malformed = await fetch(
      `${identity.publicBase}/self-service/login?flow=00000000-0000-4000-8000-000000000000`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: '{"method":',
      },
    );
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps the static WebAuthn script cacheable: it holds no secret', async () => {
    const script = await fetch(`${identity.publicBase}/.well-known/ory/webauthn.js`);
    expect(script.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('finding 6: the courier logs recipient, subject and template of a queued e-mail, never its code', async () => {
    const email = 'logged@pool.test';
    await register(frontendApi(identity.publicBase).api, email);
    const code = await lastCodeFor(identity, email);
    expect(code).toMatch(/^\d{6}$/);
    const queued = lines.filter((line) => line.includes('identity.courier_messages'));
    expect(queued.length).toBeGreaterThan(0);
    const entry = JSON.parse(queued.at(-1) ?? '{}') as Record<string, unknown>;
    expect(entry).toMatchObject({
      to: email,
      subject: 'Please verify your email address',
      template: 'verification_code_valid',
    });
    expect(entry).not.toHaveProperty('body');
    for (const line of lines) expect(line).not.toContain(code);
  });
});
