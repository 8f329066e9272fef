import { describe, expect, it } from 'vitest';
import type { ErrorEvent } from '@sentry/browser';
import { beforeSend, breadcrumbCap, isDropped, redactBreadcrumb, tracesSampleRateFor } from './rules.ts';

const watcherToken = 'Zq3_8vXk-2Lm9pQr4sTu7wYz1aBc5dEf6gHi0jKlMnO';

function exception(
  type: string,
  value: string,
  files: string[] = ['https://pool.example/assets/index.js'],
): ErrorEvent {
  return {
    type: undefined,
    exception: {
      values: [{ type, value, stacktrace: { frames: files.map((filename) => ({ filename, function: 'f' })) } }],
    },
  };
}

describe('trace sampling (spec 9)', () => {
  it('samples 0.2 on routes of workers, miners, auth and payments', () => {
    for (const path of [
      '/workers',
      '/watch/abc/workers',
      '/auth/login',
      '/northhash/auth',
      '/payments',
      '/customers/7/payments',
      '/operator/miners',
    ])
      expect(tracesSampleRateFor(path)).toBe(0.2);
  });

  it('samples 0.08 elsewhere', () => {
    for (const path of ['/', '/faq', '/settings', '/platform/payouts', '/transfers'])
      expect(tracesSampleRateFor(path)).toBe(0.08);
  });

  it('caps breadcrumbs at 50', () => {
    expect(breadcrumbCap).toBe(50);
  });
});

describe('dropped errors (spec 8)', () => {
  it('drops network failures of every browser', () => {
    for (const message of ['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed'])
      expect(isDropped(exception('TypeError', message))).toBe(true);
  });

  it('drops chunks that did not load', () => {
    expect(
      isDropped(exception('TypeError', 'Failed to fetch dynamically imported module: https://p/assets/x.js')),
    ).toBe(true);
    expect(isDropped(exception('ChunkLoadError', 'Loading chunk 7 failed.'))).toBe(true);
    expect(isDropped(exception('TypeError', 'Importing a module script failed.'))).toBe(true);
    expect(isDropped(exception('Error', 'Unable to preload CSS for /assets/a.css'))).toBe(true);
  });

  it('drops errors thrown from browser extensions', () => {
    expect(isDropped(exception('Error', 'boom', ['chrome-extension://abc/content.js']))).toBe(true);
    expect(isDropped(exception('Error', 'boom', ['https://pool.example/a.js', 'moz-extension://x/y.js']))).toBe(true);
  });

  it("keeps the app's own errors, a TypeError that is not a network one included", () => {
    expect(isDropped(exception('TypeError', "Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDropped(exception('Error', 'Failed to fetch the workers list: 500'))).toBe(false);
    expect(beforeSend(exception('Error', 'Failed to fetch the workers list: 500'))).not.toBeNull();
  });

  it('beforeSend answers null for a dropped event', () => {
    expect(beforeSend(exception('TypeError', 'Failed to fetch'))).toBeNull();
  });
});

describe('redaction (spec 8, 9)', () => {
  it('redacts messages, exception values, breadcrumbs and URLs, and drops cookies, headers and the e-mail', () => {
    const event: ErrorEvent = {
      type: undefined,
      message: 'sign-in failed for alice@demo.pool',
      exception: { values: [{ type: 'Error', value: 'Bearer abc.def.ghi rejected for secret=JBSWY3DPEHPK3PXP' }] },
      request: {
        url: `https://pool.example/watch/${watcherToken}/workers?email=bob@demo.pool`,
        method: 'GET',
        headers: { Authorization: 'Bearer abc.def.ghi', Cookie: 'ory_session=1' },
        cookies: { ory_session: '1' },
      },
      user: { id: 'c0ffee', email: 'alice@demo.pool', ip_address: '10.0.0.1' },
      breadcrumbs: [
        { category: 'navigation', data: { from: '/', to: `/watch/${watcherToken}` } },
        { category: 'fetch', data: { url: '/api/backend/v0.1/identity?email=carol@demo.pool' } },
        { category: 'console', message: 'TOTP setup code JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' },
      ],
    };
    const sent = beforeSend(event);
    expect(sent?.message).toBe('sign-in failed for [email]');
    expect(sent?.exception?.values?.[0]?.value).toBe('Bearer [redacted] rejected for secret=[totp-secret]');
    expect(sent?.request).toEqual({
      url: 'https://pool.example/watch/[watcher-token]/workers?email=[email]',
      method: 'GET',
    });
    expect(sent?.user).toEqual({ id: 'c0ffee' });
    expect(sent?.breadcrumbs).toEqual([
      { category: 'navigation', data: { from: '/', to: '/watch/[watcher-token]' } },
      { category: 'fetch', data: { url: '/api/backend/v0.1/identity?email=[email]' } },
      { category: 'console', message: 'TOTP setup code [totp-secret]' },
    ]);
    const text = JSON.stringify(sent);
    for (const secret of [
      'alice@demo.pool',
      watcherToken,
      'abc.def.ghi',
      'JBSWY3DPEHPK3PXP',
      'ory_session',
      '10.0.0.1',
    ])
      expect(text).not.toContain(secret);
  });

  it('redacts a breadcrumb before it is kept', () => {
    expect(redactBreadcrumb({ category: 'xhr', data: { url: `/api/backend/v0.1/watchers/${watcherToken}` } })).toEqual({
      category: 'xhr',
      data: { url: '/api/backend/v0.1/watchers/[watcher-token]' },
    });
  });
});
