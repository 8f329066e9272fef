import { describe, expect, it } from 'vitest';
import type { UiNode } from './types.ts';
import { fieldCheck } from './field-check.ts';
import { isPrimarySubmit, type InputNode } from './nodes.ts';

function input(attributes: Partial<InputNode['attributes']> & { name: string }): InputNode {
  return {
    type: 'input',
    group: 'default',
    messages: [],
    meta: {},
    attributes: { node_type: 'input', type: 'text', disabled: false, ...attributes },
  } as UiNode as InputNode;
}

const check = (node: InputNode, value: unknown) => {
  const rule = fieldCheck(node, 8);
  return rule ? rule(value) : 'no rule';
};

describe('client rules of flow fields (spec 5)', () => {
  it('requires a new password of the server minimum with a digit, and only requires a current one', () => {
    const fresh = input({ name: 'password', type: 'password', autocomplete: 'new-password', required: true });
    expect(check(fresh, 'abcdefgh')).toBe('validation.digit');
    expect(check(fresh, 'abc1')).toBe('validation.atLeast|8');
    expect(check(fresh, 'abcdefg1')).toBe(true);
    const current = input({ name: 'password', type: 'password', autocomplete: 'current-password', required: true });
    expect(check(current, 'x')).toBe(true);
    expect(check(current, '')).toBe('validation.required');
  });

  it('takes exactly six digits for an authenticator code', () => {
    const code = input({ name: 'totp_code', required: true });
    expect(check(code, '123456')).toBe(true);
    expect(check(code, '12345')).toBe('validation.exactly|6');
  });

  it('requires an agreed terms box and a well-formed e-mail', () => {
    expect(check(input({ name: 'traits.terms_agreed', type: 'checkbox', required: true }), false)).toBe(
      'validation.required',
    );
    expect(check(input({ name: 'traits.terms_agreed', type: 'checkbox', required: true }), true)).toBe(true);
    const email = input({ name: 'traits.email', type: 'email', required: true });
    expect(check(email, 'not-mail')).toBe('validation.email');
    expect(check(email, 'a@b.co')).toBe(true);
    expect(check(email, '')).toBe('validation.required');
    expect(check(email, 'miner..one@pool.io')).toBe('validation.email');
    expect(check(email, 'a@pool.c')).toBe('validation.email');
    const optional = input({ name: 'traits.email', type: 'email' });
    expect(check(optional, '')).toBe(true);
    expect(check(optional, 'not-mail')).toBe('validation.email');
  });

  it('takes digits only for a code, and counts spaces alone as an empty required field', () => {
    const code = input({ name: 'code', required: true });
    expect(check(code, '12a')).toBe('validation.numeric');
    expect(check(code, '')).toBe('validation.required');
    expect(check(code, '042')).toBe(true);
    const name = input({ name: 'traits.name', required: true });
    expect(check(name, '   ')).toBe('validation.required');
    expect(check(name, ' Ann ')).toBe(true);
  });

  it('leaves hidden fields and buttons to the server', () => {
    expect(check(input({ name: 'csrf_token', type: 'hidden' }), '')).toBe('no rule');
    expect(isPrimarySubmit(input({ name: 'method', type: 'submit' }))).toBe(true);
    expect(isPrimarySubmit(input({ name: 'lookup_secret_regenerate', type: 'submit' }))).toBe(false);
  });
});
