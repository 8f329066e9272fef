import type { IdentityPublicClient, WhoamiResult } from '../../src/identity-client/session.ts';

export interface Person {
  id: string;
  email: string;
}

/**
 * whoami answered as the identity service would, for sessions a test opens and ends by hand: a
 * session that just used its second factor (so critical changes pass), until it is signed out.
 */
export function fakeSessions() {
  const sessions = new Map<string, Person>();
  let next = 0;
  const identity: IdentityPublicClient = {
    whoami: async (cookie): Promise<WhoamiResult> => {
      const token = /(?:^|;\s*)session=([^;]+)/.exec(cookie ?? '')?.[1] ?? '';
      const person = sessions.get(token);
      if (!person) return { status: 'anonymous' };
      const now = new Date().toISOString();
      return {
        status: 'active',
        session: {
          id: token,
          authenticated_at: now,
          authenticator_assurance_level: 'aal2',
          authentication_methods: [{ method: 'totp', aal: 'aal2', completed_at: now }],
          identity: { id: person.id, traits: { email: person.email } },
        },
      };
    },
  };
  return {
    identity,
    /** A new session of the person; the answer is the Cookie header that carries it. */
    signIn(person: Person): string {
      next += 1;
      const token = `session-${next}`;
      sessions.set(token, person);
      return `session=${token}`;
    },
    /** Ends the session, as a logout or a revocation does: whoami answers 401 from now on. */
    signOut(cookie: string): void {
      sessions.delete(cookie.replace(/^session=/, ''));
    },
  };
}
