/** Spec 5 account rules, without zod (the web's forms and the share intake check names with them). */

/**
 * Spec 5: latin lowercase letters, digits and underscores. The spec leaves the bounds open; 3 to 32
 * fits every stratum client we know (the worker name `account_name.worker_name` must stay short).
 */
export const accountNameRules = { minLength: 3, maxLength: 32, pattern: /^[a-z0-9_]+$/ } as const;
