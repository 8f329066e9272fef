import { and, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Drizzle } from '@pool/db/database';
import { sessionDevices, sessions, type IdentitySchema } from '../db/schema.ts';
import type { AuthenticationMethod, AuthenticatorAssuranceLevel, Session, SessionDevice } from './session.ts';
import { hashToken, newLogoutToken, newSessionToken } from './tokens.ts';

export interface NewSession {
  identityId: string;
  methods: AuthenticationMethod[];
  aal: AuthenticatorAssuranceLevel;
  authenticatedAt: Date;
  expiresAt: Date;
  device: { ipAddress: string | null; userAgent: string | null };
}

type Row = typeof sessions.$inferSelect;

function toSession(row: Row, devices: SessionDevice[]): Session {
  return {
    id: row.id,
    identityId: row.identityId,
    active: row.active,
    aal: row.aal,
    authenticationMethods: row.authenticationMethods,
    authenticatedAt: row.authenticatedAt,
    issuedAt: row.issuedAt,
    expiresAt: row.expiresAt,
    logoutToken: row.logoutToken,
    devices,
  };
}

export function sessionRepository(db: Drizzle<IdentitySchema>) {
  async function devicesOf(ids: string[]): Promise<Map<string, SessionDevice[]>> {
    const byId = new Map<string, SessionDevice[]>(ids.map((id) => [id, []]));
    if (!ids.length) return byId;
    const rows = await db.select().from(sessionDevices).where(inArray(sessionDevices.sessionId, ids));
    for (const row of rows)
      byId.get(row.sessionId)?.push({
        id: row.id,
        ipAddress: row.ipAddress,
        userAgent: row.userAgent,
        location: row.location,
      });
    return byId;
  }

  return {
    async create(input: NewSession): Promise<{ session: Session; token: string }> {
      const token = newSessionToken();
      const [row] = await db
        .insert(sessions)
        .values({
          identityId: input.identityId,
          tokenHash: hashToken(token),
          logoutToken: newLogoutToken(),
          aal: input.aal,
          authenticationMethods: input.methods,
          authenticatedAt: input.authenticatedAt,
          issuedAt: input.authenticatedAt,
          expiresAt: input.expiresAt,
          createdAt: input.authenticatedAt,
          updatedAt: input.authenticatedAt,
        })
        .returning();
      if (!row) throw new Error('session insert returned nothing');
      const [device] = await db
        .insert(sessionDevices)
        .values({ sessionId: row.id, ...input.device, location: '', createdAt: input.authenticatedAt })
        .returning();
      const devices = device ? [{ id: device.id, ...input.device, location: '' }] : [];
      return { session: toSession(row, devices), token };
    },

    /** The active, unexpired session of a token; revocation takes effect on the next request. */
    async findByToken(token: string, now: Date): Promise<Session | undefined> {
      const [row] = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.tokenHash, hashToken(token)), eq(sessions.active, true), gt(sessions.expiresAt, now)));
      if (!row) return undefined;
      return toSession(row, (await devicesOf([row.id])).get(row.id) ?? []);
    },

    async findById(id: string): Promise<Session | undefined> {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
      if (!row) return undefined;
      return toSession(row, (await devicesOf([row.id])).get(row.id) ?? []);
    },

    async update(session: Session, at: Date): Promise<void> {
      await db
        .update(sessions)
        .set({
          aal: session.aal,
          authenticationMethods: session.authenticationMethods,
          authenticatedAt: session.authenticatedAt,
          issuedAt: session.issuedAt,
          expiresAt: session.expiresAt,
          updatedAt: at,
        })
        .where(eq(sessions.id, session.id));
    },

    async listByIdentity(
      identityId: string,
      options: { activeOnly: boolean; now: Date; exceptId?: string; limit?: number; offset?: number },
    ): Promise<{ sessions: Session[]; total: number }> {
      const where = and(
        eq(sessions.identityId, identityId),
        options.activeOnly ? and(eq(sessions.active, true), gt(sessions.expiresAt, options.now)) : undefined,
        options.exceptId ? ne(sessions.id, options.exceptId) : undefined,
      );
      const [rows, count] = await Promise.all([
        db
          .select()
          .from(sessions)
          .where(where)
          .orderBy(desc(sessions.createdAt), desc(sessions.id))
          .limit(options.limit ?? 1000)
          .offset(options.offset ?? 0),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(sessions)
          .where(where),
      ]);
      const devices = await devicesOf(rows.map((row) => row.id));
      return {
        sessions: rows.map((row) => toSession(row, devices.get(row.id) ?? [])),
        total: count[0]?.total ?? 0,
      };
    },

    /** Revokes one session of the identity; another identity's session is left alone. */
    async revoke(identityId: string, sessionId: string, at: Date): Promise<number> {
      const rows = await db
        .update(sessions)
        .set({ active: false, updatedAt: at })
        .where(and(eq(sessions.id, sessionId), eq(sessions.identityId, identityId), eq(sessions.active, true)))
        .returning({ id: sessions.id });
      return rows.length;
    },

    async revokeOthers(identityId: string, exceptId: string, at: Date, now: Date): Promise<number> {
      const rows = await db
        .update(sessions)
        .set({ active: false, updatedAt: at })
        .where(
          and(
            eq(sessions.identityId, identityId),
            ne(sessions.id, exceptId),
            eq(sessions.active, true),
            gt(sessions.expiresAt, now),
          ),
        )
        .returning({ id: sessions.id });
      return rows.length;
    },

    async revokeAll(identityId: string, at: Date): Promise<number> {
      const rows = await db
        .update(sessions)
        .set({ active: false, updatedAt: at })
        .where(and(eq(sessions.identityId, identityId), eq(sessions.active, true)))
        .returning({ id: sessions.id });
      return rows.length;
    },

    async hasActiveSession(identityId: string, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.identityId, identityId), eq(sessions.active, true), gt(sessions.expiresAt, now)))
        .limit(1);
      return row !== undefined;
    },
  };
}

export type SessionRepository = ReturnType<typeof sessionRepository>;
