import type { Credential } from '../../identity/identity.ts';
import type { IdentityRuntime } from '../../runtime.ts';
import { configOf } from './config.ts';
import { matchingStep, totpFromUrl } from './totp.ts';

/**
 * Accepts a code once: stricter than Kratos, a code (or an earlier one) that was already used is
 * refused, also when two requests race with it.
 */
export async function consumeTotpCode(rt: IdentityRuntime, credential: Credential, code: string): Promise<boolean> {
  const config = configOf(credential);
  const totp = totpFromUrl(config.totp_url);
  if (!totp) return false;
  const step = matchingStep(totp, code, rt.now());
  if (step === undefined || step <= (config.last_used_step ?? -1)) return false;
  return rt.identities.updateCredentialConfig(credential, { ...config, last_used_step: step }, rt.now());
}
