/** Customer rules without zod: the operator's customer list and create forms load no schema library. */

import { accountNameRules } from './account-codes.ts';

/** Spec 5, customer creation: an account name's bounds, in lowercase latin letters and digits only (no underscore here). */
export const customerNameRules = { ...accountNameRules, pattern: /^[a-z0-9]+$/ } as const;

/** What the server answers for a customer's account name that breaks a rule (translated by the web). */
export const customerNameMessages = {
  length: 'length out of range',
  pattern: 'must consist only of lowercase latin letters and digits',
} as const;

/** The rule a customer's account name breaks, worded as the server words it, or undefined. */
export function customerNameProblem(name: string): string | undefined {
  if (name.length < customerNameRules.minLength || name.length > customerNameRules.maxLength)
    return customerNameMessages.length;
  if (!customerNameRules.pattern.test(name)) return customerNameMessages.pattern;
  return undefined;
}

export const customerSorts = ['account_name', 'hash_rate', 'workers', 'fee', 'earned'] as const;
export type CustomerSort = (typeof customerSorts)[number];
