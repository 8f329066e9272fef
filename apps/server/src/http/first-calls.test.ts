import { describe, expect, it } from 'vitest';
import type { PoolConfig } from '@pool/contract/pool-config';
import { firstCallPreloads } from './first-calls.ts';

const config = {
  name: 'Pool',
  addresses: [],
  settings: { default_language: 'en', available_languages: ['en'], password_min_length: 8, default_fee_percent: 1 },
} as unknown as PoolConfig;
const session = 'csrf_token_abc=1; ory_kratos_session=MTc5';
const preloadsOf = (page: string) =>
  [
    ...page.matchAll(
      /<link rel="preload" href="([^"]+)" as="fetch" fetchpriority="low" crossorigin="use-credentials">/g,
    ),
  ].map((match) => match[1]);

describe('the first calls a page preloads', () => {
  it('are the session check and the identity, on a signed-in page of the app', () => {
    for (const path of ['/', '/workers', '/platform/payouts', '/customers'])
      expect(preloadsOf(firstCallPreloads(path, config, session)), path).toEqual([
        '/identity/sessions/whoami',
        '/api/backend/v0.1/identity',
      ]);
  });

  it("ask the pool's own identity service when its config names one (a real Kratos)", () => {
    const kratos = { ...config, addresses: [{ type: 'auth', address: 'https://id.pool.example/' }] } as PoolConfig;
    expect(preloadsOf(firstCallPreloads('/', kratos, 'ory_session_project=x'))[0]).toBe(
      'https://id.pool.example/sessions/whoami',
    );
  });

  it('are none without a session cookie, and on the identity screens', () => {
    expect(firstCallPreloads('/', config, undefined)).toBe('');
    expect(firstCallPreloads('/', config, 'csrf_token_abc=1; not_ory_kratos_session=1')).toBe('');
    expect(firstCallPreloads('/auth/login', config, session)).toBe('');
  });

  it("is the link's check on a watcher link's pages, with or without a session", () => {
    for (const path of ['/watch/Ab_c-9', '/watch/Ab_c-9/workers', '/watch/Ab_c-9/payments'])
      for (const cookies of [undefined, session])
        expect(preloadsOf(firstCallPreloads(path, config, cookies)), path).toEqual([
          '/api/backend/v0.1/watchers/Ab_c-9',
        ]);
    // Not a token the app would send: the app itself refuses it.
    expect(firstCallPreloads('/watch/a%22b', config, undefined)).toBe('');
    expect(firstCallPreloads('/watch/', config, undefined)).toBe('');
  });
});
