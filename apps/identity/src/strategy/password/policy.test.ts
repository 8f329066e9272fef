import { describe, expect, it } from 'vitest';
import { passwordProblem } from './policy.ts';

const email = 'alice@demo.pool';

describe('password policy', () => {
  it('accepts a long enough password with a digit, unlike the e-mail and not common', () => {
    expect(passwordProblem('Hashrate-2140', email, 8)).toBeUndefined();
  });

  it('counts the minimum in bytes and says so with 4000032', () => {
    expect(passwordProblem('ab1', email, 8)).toMatchObject({
      id: 4000032,
      context: { min_length: 8, actual_length: 3 },
    });
    expect(passwordProblem('Hashrate-2140', email, 14)?.id).toBe(4000032);
  });

  it('refuses more than 72 bytes with 4000033', () => {
    expect(passwordProblem(`${'x'.repeat(72)}1`, email, 8)).toMatchObject({
      id: 4000033,
      text: 'The password must be at most 72 characters long, but got 73.',
    });
  });

  it('requires a digit (spec 5) with the generic policy message 4000005', () => {
    expect(passwordProblem('correct-horse-battery', email, 8)).toMatchObject({
      id: 4000005,
      text: 'The password can not be used because it must contain at least one digit.',
    });
  });

  it('refuses a password too similar to the identifier with 4000031', () => {
    expect(passwordProblem('alice@demo.pool1', email, 8)?.id).toBe(4000031);
    expect(passwordProblem('Alice@demo1', email, 8)?.id).toBe(4000031);
  });

  it('refuses a common password whatever its case with 4000034', () => {
    expect(passwordProblem('Password1', email, 8)?.id).toBe(4000034);
    expect(passwordProblem('qwerty123', email, 8)?.id).toBe(4000034);
  });
});
