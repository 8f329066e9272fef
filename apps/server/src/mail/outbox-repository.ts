import { desc, eq } from 'drizzle-orm';
import type { Drizzle } from '@pool/db/database';
import { outbox, type AppSchema } from '../db/schema.ts';

/** `app.outbox`: every product mail, written before it is sent, marked once it was. */
export function outboxRepository(db: Drizzle<AppSchema>) {
  return {
    /** Keeps a message; answers its row's id. */
    async add(message: { recipient: string; subject: string; body: string }): Promise<string | undefined> {
      const [row] = await db.insert(outbox).values(message).returning({ id: outbox.id });
      return row?.id;
    },

    async markSent(id: string, at: Date): Promise<void> {
      await db.update(outbox).set({ sentAt: at }).where(eq(outbox.id, id));
    },

    /** What the outbox keeps for one recipient, newest first: what an operator without SMTP reads. */
    async to(recipient: string): Promise<{ subject: string; body: string; createdAt: Date; sentAt: Date | null }[]> {
      return db
        .select({ subject: outbox.subject, body: outbox.body, createdAt: outbox.createdAt, sentAt: outbox.sentAt })
        .from(outbox)
        .where(eq(outbox.recipient, recipient))
        .orderBy(desc(outbox.createdAt));
    },
  };
}

export type OutboxRepository = ReturnType<typeof outboxRepository>;
