import type { IdentityRuntime } from '../runtime.ts';
import { DuplicateIdentifierError } from '../identity/repository.ts';
import { normaliseEmail } from '../identity/traits-schema.ts';
import { hashPassword } from '../strategy/password/hasher.ts';
import { totpOf } from '../strategy/totp/totp.ts';

/** A person of the demo pool, as the product lists them. */
export interface DemoIdentity {
  id: string;
  email: string;
  password: string;
  totpSecret?: string;
}

/**
 * Creates the demo people as identities (verified address, password, TOTP for whoever has a
 * secret) unless they exist: safe at every start and from two processes at once.
 */
export async function seedDemoIdentities(rt: IdentityRuntime, people: readonly DemoIdentity[]): Promise<void> {
  for (const person of people) {
    if (await rt.identities.findById(person.id)) continue;
    const identifier = normaliseEmail(person.email);
    const credentials: Parameters<IdentityRuntime['identities']['create']>[0]['credentials'] = [
      { type: 'password', config: { hashed_password: await hashPassword(person.password) }, identifiers: [identifier] },
    ];
    if (person.totpSecret)
      credentials.push({
        type: 'totp',
        config: { totp_url: totpOf(person.totpSecret, rt.config.totpIssuer, person.email).toString() },
        identifiers: [],
      });
    try {
      await rt.identities.create({
        id: person.id,
        traits: { email: person.email, terms_agreed: true },
        credentials,
        verified: true,
        at: rt.now(),
      });
    } catch (error) {
      if (!(error instanceof DuplicateIdentifierError)) throw error;
    }
  }
}
