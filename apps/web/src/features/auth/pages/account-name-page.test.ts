import { describe, expect, it } from 'vitest';
import { accountNameCheck as validate } from './account-name-page.tsx';

describe('account name (spec 5)', () => {
  it('takes latin lowercase letters, digits and underscores', () => {
    expect(validate('farm_01')).toBe(true);
    expect(validate('Farm')).toBe('auth.name.invalid');
    expect(validate('farm-01')).toBe('auth.name.invalid');
    expect(validate('ферма')).toBe('auth.name.invalid');
  });

  it('keeps to its length bounds', () => {
    expect(validate('ab')).toBe('validation.atLeast|3');
    expect(validate('a'.repeat(32))).toBe(true);
    expect(validate('a'.repeat(33))).toBe('validation.atMost|32');
    expect(validate('')).toBe('validation.required');
  });
});
