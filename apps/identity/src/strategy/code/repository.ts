import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Drizzle } from '@pool/db/database';
import { oneTimeCodes, type IdentitySchema } from '../../db/schema.ts';

export type CodeKind = 'recovery' | 'verification';

/** Six digits, as Kratos's code method sends them. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

const hashCode = (flowId: string, code: string) => createHash('sha256').update(`${flowId}:${code}`).digest('hex');

export function oneTimeCodeRepository(db: Drizzle<IdentitySchema>) {
  return {
    async create(input: {
      kind: CodeKind;
      flowId: string;
      identityId: string;
      address: string;
      code: string;
      expiresAt: Date;
      issuedBy?: 'self_service' | 'admin';
      at: Date;
    }): Promise<void> {
      await db.insert(oneTimeCodes).values({
        kind: input.kind,
        flowId: input.flowId,
        identityId: input.identityId,
        address: input.address,
        codeHash: hashCode(input.flowId, input.code),
        issuedBy: input.issuedBy ?? 'self_service',
        expiresAt: input.expiresAt,
        createdAt: input.at,
      });
    },

    /**
     * Uses the flow's matching, unused, unexpired code: at most once, even under concurrent
     * submits (the update only succeeds while `used_at` is null).
     */
    async use(
      kind: CodeKind,
      flowId: string,
      code: string,
      now: Date,
    ): Promise<{ identityId: string; address: string } | undefined> {
      const candidates = await db
        .select()
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.kind, kind),
            eq(oneTimeCodes.flowId, flowId),
            isNull(oneTimeCodes.usedAt),
            gt(oneTimeCodes.expiresAt, now),
          ),
        );
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

    /** After too many wrong guesses the flow's codes stop working. */
    async invalidateFlow(flowId: string, now: Date): Promise<void> {
      await db
        .update(oneTimeCodes)
        .set({ usedAt: now })
        .where(and(eq(oneTimeCodes.flowId, flowId), isNull(oneTimeCodes.usedAt)));
    },
  };
}

export type OneTimeCodeRepository = ReturnType<typeof oneTimeCodeRepository>;
