import { describe, expect, it } from 'vitest';
import { normaliseBody } from './body.ts';

describe('submitted bodies', () => {
  it('merges dotted keys into nesting, as Kratos reads form-style JSON', () => {
    expect(normaliseBody({ 'traits.email': 'a@b.c', traits: { terms_agreed: true }, method: 'password' })).toEqual({
      traits: { email: 'a@b.c', terms_agreed: true },
      method: 'password',
    });
  });

  it('drops prototype keys and anything that is not an object', () => {
    expect(normaliseBody(JSON.parse('{"__proto__":{"admin":true},"a.constructor.x":1,"ok":1}'))).toEqual({ ok: 1 });
    expect(normaliseBody('text')).toEqual({});
    expect(normaliseBody([1, 2])).toEqual({});
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
