import { describe, expect, it } from 'vitest';
import { passwordCheck, passwordRules, twoFactorCodeCheck } from './validation.ts';

describe('password (spec 5)', () => {
  const validate = passwordCheck(10);

  it('needs the minimum length the server sets', () => {
    expect(validate('abcdefg12')).toBe('validation.atLeast|10');
    expect(validate('abcdefgh12')).toBe(true);
  });

  it('needs at least one digit', () => {
    expect(validate('abcdefghijk')).toBe('validation.digit');
  });

  it('is required', () => {
    expect(validate('')).toBe('validation.required');
  });

  it('checks each rule of the list live', () => {
    expect(passwordRules('abc', 8)).toEqual({ minLength: false, digit: false, special: false, cases: false });
    expect(passwordRules('Abcdefg1!', 8)).toEqual({ minLength: true, digit: true, special: true, cases: true });
    expect(passwordRules('пароль1Я', 8)).toEqual({ minLength: true, digit: true, special: false, cases: true });
  });
});

describe('two-factor code (spec 5)', () => {
  const validate = twoFactorCodeCheck;

  it('is exactly six digits', () => {
    expect(validate('123456')).toBe(true);
    expect(validate('12345')).toBe('validation.exactly|6');
    expect(validate('1234567')).toBe('validation.exactly|6');
    expect(validate('12a456')).toBe('validation.numeric');
    expect(validate('')).toBe('validation.required');
  });
});
