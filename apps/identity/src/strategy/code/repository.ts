import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Drizzle } from '@pool/db/database';
import { oneTimeCodes, type IdentitySchema } from '../../db/schema.ts';

export type CodeKind = 'recovery' | 'verification';

/** Six digits, as Kratos's code method sends them. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** How many guesses a code takes (Kratos's `max_submissions`); after that it stops working. */
export const maxCodeAttempts = 5;

const hashCode = (flowId: string, code: string) => createHash('sha256').update(`${flowId}:${code}`).digest('hex');

export function oneTimeCodeRepository(db: Drizzle<IdentitySchema>) {
  const live = (kind: CodeKind, flowId: string, now: Date) =>
    and(
      eq(oneTimeCodes.kind, kind),
      eq(oneTimeCodes.flowId, flowId),
      isNull(oneTimeCodes.usedAt),
      gt(oneTimeCodes.expiresAt, now),
      lt(oneTimeCodes.attempts, maxCodeAttempts),
    );

  return {
    /** Stores the code (only its hash); answers the row's id. */
    async create(input: {
      kind: CodeKind;
      flowId: string;
      identityId: string;
      address: string;
      code: string;
      expiresAt: Date;
      issuedBy?: 'self_service' | 'admin';
      at: Date;
    }): Promise<string> {
      const [row] = await db
        .insert(oneTimeCodes)
        .values({
          kind: input.kind,
          flowId: input.flowId,
          identityId: input.identityId,
          address: input.address,
          codeHash: hashCode(input.flowId, input.code),
          issuedBy: input.issuedBy ?? 'self_service',
          expiresAt: input.expiresAt,
          createdAt: input.at,
        })
        .returning({ id: oneTimeCodes.id });
      if (!row) throw new Error('one-time code insert returned nothing');
      return row.id;
    },

    /** The identities whose codes on this flow can still be used. */
    async liveIdentities(kind: CodeKind, flowId: string, now: Date): Promise<string[]> {
      const rows = await db
        .selectDistinct({ identityId: oneTimeCodes.identityId })
        .from(oneTimeCodes)
        .where(live(kind, flowId, now));
      return rows.map((row) => row.identityId);
    },

    /**
     * Uses the flow's matching code. Each guess first takes one attempt from every live code of the
     * flow, in the statement that selects them, so concurrent guesses cannot compare more than
     * `maxCodeAttempts` times against a code; a code is used at most once (`used_at` still null).
     */
    async use(
      kind: CodeKind,
      flowId: string,
      code: string,
      now: Date,
    ): Promise<{ identityId: string; address: string } | undefined> {
      const candidates = await db
        .update(oneTimeCodes)
        .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
        .where(live(kind, flowId, now))
        .returning({
          id: oneTimeCodes.id,
          codeHash: oneTimeCodes.codeHash,
          identityId: oneTimeCodes.identityId,
          address: oneTimeCodes.address,
        });
      const wanted = Buffer.from(hashCode(flowId, code));
      const match = candidates.find((candidate) => timingSafeEqual(Buffer.from(candidate.codeHash), wanted));
      if (!match) return undefined;
      const used = await db
        .update(oneTimeCodes)
        .set({ usedAt: now })
        .where(and(eq(oneTimeCodes.id, match.id), isNull(oneTimeCodes.usedAt)))
        .returning({ id: oneTimeCodes.id });
      return used.length ? { identityId: match.identityId, address: match.address } : undefined;
    },

    /** A new send on the flow: its earlier codes stop working (Kratos deletes them). */
    async invalidateFlow(flowId: string, now: Date): Promise<void> {
      await db
        .update(oneTimeCodes)
        .set({ usedAt: now })
        .where(and(eq(oneTimeCodes.flowId, flowId), isNull(oneTimeCodes.usedAt)));
    },

    async invalidate(id: string, now: Date): Promise<void> {
      await db
        .update(oneTimeCodes)
        .set({ usedAt: now })
        .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt)));
    },
  };
}

export type OneTimeCodeRepository = ReturnType<typeof oneTimeCodeRepository>;
