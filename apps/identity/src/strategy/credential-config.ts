import type { z } from 'zod';
import type { Credential } from '../identity/identity.ts';

/**
 * A stored credential whose config does not have the shape its strategy wrote: the row is broken,
 * not the request. Kratos answers the same case with "could not be decoded properly" (500); the
 * log names the credential and identity, the browser sees only the generic internal error.
 */
export class CredentialConfigError extends Error {
  override readonly name = 'CredentialConfigError';

  constructor(credential: Credential, problems: string) {
    super(
      `The ${credential.type} credential of identity ${credential.identityId} could not be decoded properly: ${problems}`,
    );
  }
}

/**
 * The credential's config as the schema describes it. Only field paths and zod's messages reach
 * the error, never the values, which hold secrets (TOTP seeds, code hashes).
 */
export function decodeCredentialConfig<Schema extends z.ZodType>(
  schema: Schema,
  credential: Credential,
): z.output<Schema> {
  const decoded = schema.safeParse(credential.config);
  if (decoded.success) return decoded.data;
  const problems = decoded.error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'config'}: ${issue.message}`)
    .join('; ');
  throw new CredentialConfigError(credential, problems);
}
