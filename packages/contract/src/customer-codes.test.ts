import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customerNameProblem, customerNameRules } from './customer-codes.ts';
import { CustomerAccountName } from './customers.ts';

/** What the server's schema answers for a name: its first message, or undefined when it passes. */
const schemaProblem = (name: string) => {
  const result = CustomerAccountName.safeParse(name);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('customer account names without zod (spec 5)', () => {
  it('breaks the rule the server schema names first, for any name', () => {
    // Every length from empty to past the upper bound, mostly of allowed characters, some not.
    const alphabet = fc.constantFrom(...'abcxyz0189', '_', 'A', '.', 'é', ' ');
    const names = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc
        .integer({ min: 0, max: 40 })
        .chain((length) => fc.string({ unit: alphabet, minLength: length, maxLength: length })),
    );
    fc.assert(
      fc.property(names, (name) => customerNameProblem(name) === schemaProblem(name)),
      { numRuns: 2000 },
    );
  });

  it('takes lowercase letters and digits within the bounds, and nothing else', () => {
    expect(customerNameProblem('a'.repeat(customerNameRules.minLength))).toBeUndefined();
    expect(customerNameProblem('rig7'.padEnd(customerNameRules.maxLength, '0'))).toBeUndefined();
    expect(customerNameProblem('ab')).toBe('length out of range');
    expect(customerNameProblem('a'.repeat(customerNameRules.maxLength + 1))).toBe('length out of range');
    expect(customerNameProblem('with_underscore')).toBe('must consist only of lowercase latin letters and digits');
    expect(customerNameProblem('Upper')).toBe('must consist only of lowercase latin letters and digits');
  });
});
