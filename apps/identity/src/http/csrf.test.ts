import { describe, expect, it } from 'vitest';
import { maskToken, newCsrfToken, tokensMatch } from './csrf.ts';

describe('anti-CSRF tokens', () => {
  it('masks a token into 88 characters, differently every time, each one verifying', () => {
    const token = newCsrfToken();
    const first = maskToken(token);
    const second = maskToken(token);
    expect(first).toHaveLength(88);
    expect(first).not.toBe(second);
    expect(tokensMatch(first, token)).toBe(true);
    expect(tokensMatch(second, token)).toBe(true);
  });

  it('refuses another token, a missing one and garbage', () => {
    const token = newCsrfToken();
    expect(tokensMatch(maskToken(newCsrfToken()), token)).toBe(false);
    expect(tokensMatch(undefined, token)).toBe(false);
    expect(tokensMatch('not base64 at all', token)).toBe(false);
    expect(tokensMatch(maskToken(token), undefined)).toBe(false);
  });
});
