import { describe, expect, it } from 'vitest';
import { redact, redactDeep } from './redaction.ts';

const watcherToken = 'Zq3_8vXk-2Lm9pQr4sTu7wYz1aBc5dEf6gHi0jKlMnO';

describe('redaction of error reports (spec 8, 9)', () => {
  it('hides bearer tokens, keeping the scheme', () => {
    expect(redact('authorization: Bearer eyJhbGciOi.J9.abc-_/+=')).toBe('authorization: Bearer [redacted]');
    expect(redact('bearer abc')).toBe('bearer [redacted]');
  });

  it('hides e-mail addresses anywhere', () => {
    expect(redact('no identity for alice.smith+pool@demo.pool, retry')).toBe('no identity for [email], retry');
    expect(redact('/settings?email=bob%40x.io&email=bob@x.io')).toBe('/settings?email=[email]&email=[email]');
  });

  it('hides watcher tokens in links, API paths and the header', () => {
    expect(redact(`https://pool.example/watch/${watcherToken}/workers`)).toBe(
      'https://pool.example/watch/[watcher-token]/workers',
    );
    expect(redact(`/api/backend/v0.1/watchers/${watcherToken}`)).toBe('/api/backend/v0.1/watchers/[watcher-token]');
    expect(redact(`X-Watcher-Token: ${watcherToken}`)).toBe('X-Watcher-Token: [watcher-token]');
  });

  it('hides TOTP secrets, named or bare', () => {
    expect(redact('otpauth://totp/Pool:alice?secret=JBSWY3DPEHPK3PXP&issuer=Pool')).toBe(
      'otpauth://totp/Pool:alice?secret=[totp-secret]&issuer=Pool',
    );
    expect(redact('{"totp_secret":"jbswy3dpehpk3pxp"}')).toBe('{"totp_secret":"[totp-secret]"}');
    expect(redact('setup code JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP failed')).toBe('setup code [totp-secret] failed');
  });

  it('leaves ordinary text alone', () => {
    const text = 'GET /workers?status=stable failed with 503 SERVICE_UNAVAILABLE at worker alice_hash.rig1';
    expect(redact(text)).toBe(text);
  });

  it('redacts every string of a nested value and keeps its shape', () => {
    expect(redactDeep({ url: '/watch/' + watcherToken, list: ['a@b.co', 3], nested: { ok: true } })).toEqual({
      url: '/watch/[watcher-token]',
      list: ['[email]', 3],
      nested: { ok: true },
    });
  });
});
