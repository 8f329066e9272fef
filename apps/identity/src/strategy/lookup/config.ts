import { z } from 'zod';
import type { Credential } from '../../identity/identity.ts';
import { decodeCredentialConfig } from '../credential-config.ts';

/** The `lookup_secret` credential's config; loose, so that fields written by others survive an update. */
const lookupConfigSchema = z.looseObject({
  /** One salt for the set, so a guess costs one argon2id hash whatever the number of codes. */
  salt: z.string(),
  codes: z.array(z.looseObject({ hash: z.string(), used_at: z.string().nullable() })),
});

export type LookupConfig = z.infer<typeof lookupConfigSchema>;

/** The stored backup codes; throws `CredentialConfigError` when the config is not a set of them. */
export const configOf = (credential: Credential): LookupConfig =>
  decodeCredentialConfig(lookupConfigSchema, credential);
