import type { Database } from '@pool/db/database';
import type { IdentitySession } from '../../identity-client/session.ts';
import { transaction } from '../mining/sql.ts';

/**
 * Sign-in from a new device (notification kind user-login). The server learns of a sign-in when a
 * session it has not seen calls it (every screen asks `GET identity` first): the session's device
 * (whoami's `devices`: address, place, browser) is new when none of the person's earlier sessions
 * used the same browser. A person's first session is no news; later ones from the same browser
 * are not either.
 */
export function signInWatch({ database }: { database: Database }) {
  const seen = new Set<string>();
  return {
    /** Answers whether it wrote a user-login event. */
    async seen(
      userId: string,
      session: IdentitySession,
      request: { ip: string; userAgent: string | undefined },
    ): Promise<boolean> {
      if (seen.has(session.id)) return false;
      const device = session.devices?.[0];
      const userAgent = device?.user_agent || request.userAgent || null;
      const ip = device?.ip_address || request.ip;
      const wrote = await transaction(database, async (query) => {
        const [inserted] = await query<{ session_id: string }>(
          `insert into app.seen_sessions (session_id, user_id, user_agent, ip_address) values ($1, $2, $3, $4)
            on conflict (session_id) do nothing returning session_id`,
          [session.id, userId, userAgent, ip],
        );
        if (!inserted) return false;
        const [earlier] = await query<{ sessions: number; same_browser: number }>(
          `select count(*)::int as sessions, count(*) filter (where user_agent is not distinct from $3)::int as same_browser
            from app.seen_sessions where user_id = $1 and session_id <> $2`,
          [userId, session.id, userAgent],
        );
        if (!earlier || earlier.sessions === 0 || earlier.same_browser > 0) return false;
        await query(
          `insert into app.notification_events (kind, payload, recipients) values ('user-login', $1, $2::uuid[])`,
          [
            JSON.stringify({
              at: session.authenticated_at,
              ip,
              location: device?.location || null,
              user_agent: userAgent,
            }),
            [userId],
          ],
        );
        return true;
      });
      if (seen.size > 50_000) seen.clear();
      seen.add(session.id);
      return wrote;
    },
  };
}

export type SignInWatch = ReturnType<typeof signInWatch>;
