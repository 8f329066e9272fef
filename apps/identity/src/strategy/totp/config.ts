import { z } from 'zod';
import type { Credential } from '../../identity/identity.ts';
import { decodeCredentialConfig } from '../credential-config.ts';

/** The `totp` credential's config; loose, so that fields written by others survive an update. */
const totpConfigSchema = z.looseObject({
  totp_url: z.string(),
  /** The last time step a code was accepted for: later codes only (RFC 6238 section 5.2). */
  last_used_step: z.number().int().optional(),
});

export type TotpConfig = z.infer<typeof totpConfigSchema>;

/** The stored TOTP config; throws `CredentialConfigError` when it is not one. */
export const configOf = (credential: Credential): TotpConfig => decodeCredentialConfig(totpConfigSchema, credential);
