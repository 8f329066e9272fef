import { z } from 'zod';
import type { Credential } from '../../identity/identity.ts';
import { decodeCredentialConfig } from '../credential-config.ts';

/** One security key as kept in the identity's `webauthn` credential. */
const storedWebAuthnKeySchema = z.looseObject({
  /** base64url of the credential id. */
  id: z.string(),
  public_key: z.string(),
  counter: z.number().int().nonnegative(),
  // Strings, not the library's transport names: a browser may report one the library does not know.
  transports: z.array(z.string()),
  display_name: z.string(),
  added_at: z.string(),
  aaguid: z.string(),
  attestation_type: z.string(),
});

/** The `webauthn` credential's config; loose, so that fields written by others survive an update. */
const webauthnConfigSchema = z.looseObject({
  credentials: z.array(storedWebAuthnKeySchema),
  user_handle: z.string(),
});

export type StoredWebAuthnKey = z.infer<typeof storedWebAuthnKeySchema>;
export type WebAuthnConfig = z.infer<typeof webauthnConfigSchema>;

/** The stored security keys; throws `CredentialConfigError` when the config is not a set of them. */
export const configOf = (credential: Credential): WebAuthnConfig =>
  decodeCredentialConfig(webauthnConfigSchema, credential);
