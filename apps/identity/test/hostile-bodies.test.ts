import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { testDatabaseKinds } from '@pool/db/testing';
import { startIdentity, type RunningIdentity } from './support/harness.ts';
import { CookieJar, frontendApi } from './support/browser.ts';
import { csrfOf, register, signIn, strongPassword } from './support/flows.ts';

const email = 'target@pool.test';
const generous = { limit: 1_000_000, windowMs: 60_000 };

/** Values an attacker may put anywhere: wrong types, huge or odd strings, deep nesting, prototype keys. */
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc.constantFrom(
      '',
      'true',
      'password',
      'totp',
      'lookup_secret',
      'webauthn',
      'code',
      'profile',
      email,
      strongPassword,
      '__proto__',
      '{"id":1}',
      'A'.repeat(10_000),
    ),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 12 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

const fieldNames = [
  'method',
  'identifier',
  'password',
  'password_identifier',
  'csrf_token',
  'traits',
  'traits.email',
  'traits.terms_agreed',
  'totp_code',
  'totp_unlink',
  'lookup_secret',
  'lookup_secret_regenerate',
  'lookup_secret_confirm',
  'lookup_secret_reveal',
  'lookup_secret_disable',
  'webauthn_login',
  'webauthn_register',
  'webauthn_remove',
  'email',
  'code',
  'screen',
  'transient_payload',
  '__proto__',
  'constructor',
];

const hostileBody = fc.dictionary(
  fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 20 })),
  hostileValue,
  { maxKeys: 8 },
);

const encodings = fc.constantFrom('json', 'form', 'garbage', 'text');

function encode(body: Record<string, unknown>, encoding: string): { headers: Record<string, string>; body: string } {
  if (encoding === 'json')
    return { headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) };
  if (encoding === 'form') {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(body))
      form.append(key, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
    return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() };
  }
  if (encoding === 'garbage')
    return { headers: { 'content-type': 'application/json' }, body: `{${JSON.stringify(body).slice(0, 40)}` };
  return { headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body) };
}

describe.each(testDatabaseKinds)('hostile bodies on every submit endpoint on %s', (kind) => {
  let identity: RunningIdentity;
  let signedIn: CookieJar;
  let visitor: CookieJar;
  const flows: Record<string, string> = {};
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    identity = await startIdentity(kind, {
      rateLimits: {
        login: { perIp: generous, perIdentifier: generous },
        secondFactor: { perIp: generous, perIdentity: generous },
        recovery: { perIp: generous, perAddress: generous },
        verification: { perIp: generous, perAddress: generous },
      },
    });
    const owner = frontendApi(identity.publicBase);
    await register(owner.api, email);
    signedIn = owner.jar;
    const { api, jar } = frontendApi(identity.publicBase);
    visitor = jar;
    for (const flow of [
      await api.createBrowserLoginFlow(),
      await api.createBrowserRegistrationFlow(),
      await api.createBrowserRecoveryFlow(),
      await api.createBrowserVerificationFlow(),
    ]) {
      const kind = new URL(flow.ui.action).pathname.split('/').pop() ?? '';
      flows[kind] = flow.id;
      tokens[kind] = csrfOf(flow);
    }
    const settings = await owner.api.createBrowserSettingsFlow();
    flows.settings = settings.id;
    tokens.settings = csrfOf(settings);
  });
  afterAll(async () => identity?.close());

  const endpoints = ['login', 'registration', 'settings', 'recovery', 'verification'] as const;

  for (const endpoint of endpoints) {
    it(`never answers 5xx on /self-service/${endpoint}, and never signs anybody in with it`, async () => {
      await fc.assert(
        fc.asyncProperty(
          hostileBody,
          encodings,
          fc.boolean(),
          fc.boolean(),
          fc.boolean(),
          async (body, encoding, withCookie, realFlow, withCsrf) => {
            const jar = !withCookie ? new CookieJar() : endpoint === 'settings' ? signedIn : visitor;
            const flow = realFlow ? flows[endpoint] : fc.sample(fc.oneof(fc.uuid(), fc.string()), 1)[0];
            // With the right anti-CSRF token the body reaches the strategies' own checks.
            const request = encode(withCsrf ? { ...body, csrf_token: tokens[endpoint] } : body, encoding);
            const response = await jar.fetch(
              `${identity.publicBase}/self-service/${endpoint}?flow=${encodeURIComponent(String(flow))}`,
              {
                method: 'POST',
                redirect: 'manual',
                headers: { ...request.headers, cookie: jar.header },
                body: request.body,
              },
            );
            await response.arrayBuffer();
            expect(response.status).toBeLessThan(500);
            const issued = response.headers
              .getSetCookie()
              .some((line) => line.startsWith('ory_kratos_session=') && !line.startsWith('ory_kratos_session=;'));
            if (endpoint !== 'settings') expect(issued).toBe(false);
          },
        ),
        { numRuns: 60 },
      );
    });
  }

  it('never answers 5xx on the session, logout and flow-fetch endpoints with hostile input', async () => {
    const paths = fc.constantFrom(
      '/sessions/whoami',
      '/sessions',
      '/self-service/logout',
      '/self-service/logout/browser',
      '/self-service/login/flows',
      '/self-service/settings/flows',
      '/self-service/errors',
      '/self-service/login/browser',
    );
    await fc.assert(
      fc.asyncProperty(
        paths,
        fc.string(),
        fc.string(),
        fc.constantFrom('GET', 'POST', 'DELETE'),
        async (path, query, cookie, method) => {
          const response = await fetch(
            `${identity.publicBase}${path}?id=${encodeURIComponent(query)}&token=${encodeURIComponent(query)}&aal=${encodeURIComponent(query)}&return_to=${encodeURIComponent(query)}`,
            {
              method,
              redirect: 'manual',
              headers: { cookie: `ory_kratos_session=${encodeURIComponent(cookie)}`, accept: 'application/json' },
            },
          );
          await response.arrayBuffer();
          expect(response.status).toBeLessThan(500);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('grants a session only for the right password', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 80 }), async (password) => {
        fc.pre(password !== strongPassword);
        const { api, jar } = frontendApi(identity.publicBase);
        const flow = await api.createBrowserLoginFlow();
        const response = await jar.fetch(`${identity.publicBase}/self-service/login?flow=${flow.id}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ method: 'password', identifier: email, password, csrf_token: csrfOf(flow) }),
        });
        expect(response.status).toBe(400);
        expect(jar.cookie('ory_kratos_session')).toBeUndefined();
      }),
      { numRuns: 15 },
    );
    expect((await signIn(frontendApi(identity.publicBase).api, email)).session.active).toBe(true);
  });
});
