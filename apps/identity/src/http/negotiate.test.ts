import { describe, expect, it } from 'vitest';
import { negotiateContentType } from './negotiate.ts';

const init = ['text/html', 'application/json'];

describe("Go's content negotiation as Kratos uses it", () => {
  it('falls back to HTML without an Accept header and picks the first offer for */*', () => {
    expect(negotiateContentType(undefined, init, 'text/html')).toBe('text/html');
    expect(negotiateContentType('*/*', init, 'text/html')).toBe('text/html');
  });

  it('chooses JSON when asked for it, also among other types with lower quality', () => {
    expect(negotiateContentType('application/json', init, 'text/html')).toBe('application/json');
    expect(negotiateContentType('text/html;q=0.5, application/json', init, 'text/html')).toBe('application/json');
    expect(negotiateContentType('application/json, text/plain, */*', init, 'text/html')).toBe('application/json');
  });

  it('prefers an exact match over a wildcard at the same quality and ignores q=0', () => {
    expect(negotiateContentType('text/*, application/json', init, 'text/html')).toBe('application/json');
    expect(negotiateContentType('text/*;q=0.9, application/json;q=0.8', init, 'text/html')).toBe('text/html');
    expect(negotiateContentType('application/json;q=0', init, 'text/html')).toBe('text/html');
  });
});
