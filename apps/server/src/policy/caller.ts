import type { IdentitySession } from '../identity-client/session.ts';
import type { WatcherGrant } from '../modules/watchers/repository.ts';
import type { Grant } from './account-access.ts';

/** Who is calling, as the policy plugin established it. */
export type Caller =
  | { kind: 'anonymous' }
  | {
      kind: 'person';
      session: IdentitySession;
      userId: string;
      email: string;
      /** The identity's verified addresses, lower-cased. */
      verifiedEmails: readonly string[];
    }
  /** A read-only visitor with a watcher link's token (spec 6). */
  | { kind: 'watcher'; watcher: WatcherGrant };

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
    /** The caller's grant on the account the route acts on, when it declares one. */
    grant: Grant | undefined;
  }
}

export function personOf(caller: Caller): Extract<Caller, { kind: 'person' }> {
  if (caller.kind !== 'person') throw new Error('the route policy lets only people through');
  return caller;
}
