import { and, eq, lt } from 'drizzle-orm';
import type { Drizzle } from '@pool/db/database';
import { flowErrors, flows, type FlowKind, type IdentitySchema } from '../db/schema.ts';
import type { HerodotError } from '../http/errors.ts';
import type { Flow } from './flow.ts';

export type NewFlow = Omit<Flow, 'createdAt' | 'updatedAt'>;

export function flowRepository(db: Drizzle<IdentitySchema>) {
  return {
    async create(flow: NewFlow): Promise<Flow> {
      const [row] = await db
        .insert(flows)
        .values({ ...flow, createdAt: flow.issuedAt, updatedAt: flow.issuedAt })
        .returning();
      if (!row) throw new Error('flow insert returned nothing');
      return row;
    },

    async find(kind: FlowKind, id: string): Promise<Flow | undefined> {
      const [row] = await db
        .select()
        .from(flows)
        .where(and(eq(flows.id, id), eq(flows.kind, kind)));
      return row;
    },

    async update(flow: Flow, at: Date): Promise<void> {
      flow.updatedAt = at;
      await db
        .update(flows)
        .set({
          state: flow.state,
          identityId: flow.identityId,
          csrfToken: flow.csrfToken,
          returnTo: flow.returnTo,
          active: flow.active,
          ui: flow.ui,
          internal: flow.internal,
          transientPayload: flow.transientPayload,
          expiresAt: flow.expiresAt,
          updatedAt: at,
        })
        .where(eq(flows.id, flow.id));
    },

    /**
     * Writes only the form: an answer to a guess must not put back what a concurrent send changed
     * in `internal` (the address and the send it belongs to).
     */
    async updateUi(flow: Flow, at: Date): Promise<void> {
      flow.updatedAt = at;
      await db.update(flows).set({ ui: flow.ui, updatedAt: at }).where(eq(flows.id, flow.id));
    },

    /** Flows are useless a day after they expired; keeps the table small. */
    async deleteExpiredBefore(before: Date): Promise<void> {
      await db.delete(flows).where(lt(flows.expiresAt, before));
    },
  };
}

export type FlowRepository = ReturnType<typeof flowRepository>;

export function flowErrorRepository(db: Drizzle<IdentitySchema>) {
  return {
    async create(error: HerodotError, at: Date): Promise<string> {
      const [row] = await db
        .insert(flowErrors)
        .values({ error, createdAt: at, updatedAt: at })
        .returning({ id: flowErrors.id });
      if (!row) throw new Error('flow error insert returned nothing');
      return row.id;
    },

    async find(id: string) {
      const [row] = await db.select().from(flowErrors).where(eq(flowErrors.id, id));
      return row;
    },
  };
}

export type FlowErrorRepository = ReturnType<typeof flowErrorRepository>;
