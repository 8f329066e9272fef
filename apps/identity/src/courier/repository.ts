import { and, asc, desc, eq, lt } from 'drizzle-orm';
import type { Drizzle } from '@pool/db/database';
import { courierMessages, type IdentitySchema } from '../db/schema.ts';
import type { Email } from './templates.ts';

export type CourierMessage = typeof courierMessages.$inferSelect;

/** The courier's outbox, `identity.courier_messages`: what the courier queues and sends, what operators read. */
export function courierRepository(db: Drizzle<IdentitySchema>) {
  return {
    /** Queues the e-mail; returns the new message's id. */
    async queue(email: Email, at: Date): Promise<string | undefined> {
      const [row] = await db
        .insert(courierMessages)
        .values({ ...email, createdAt: at, updatedAt: at })
        .returning({ id: courierMessages.id });
      return row?.id;
    },

    /** The oldest queued messages that were tried fewer than `maxSendAttempts` times. */
    async queued(maxSendAttempts: number, limit: number): Promise<CourierMessage[]> {
      return db
        .select()
        .from(courierMessages)
        .where(and(eq(courierMessages.status, 'queued'), lt(courierMessages.sendCount, maxSendAttempts)))
        .orderBy(asc(courierMessages.createdAt))
        .limit(limit);
    },

    /** Records one more attempt and where it left the message. */
    async recordAttempt(
      message: CourierMessage,
      status: CourierMessage['status'],
      sendCount: number,
      at: Date,
    ): Promise<void> {
      await db
        .update(courierMessages)
        .set({ status, sendCount, updatedAt: at })
        .where(eq(courierMessages.id, message.id));
    },

    /** The newest messages first, to one recipient when given (the admin API's list). */
    async list(options: { recipient?: string; limit: number }): Promise<CourierMessage[]> {
      return db
        .select()
        .from(courierMessages)
        .where(options.recipient === undefined ? undefined : eq(courierMessages.recipient, options.recipient))
        .orderBy(desc(courierMessages.createdAt))
        .limit(options.limit);
    },
  };
}

export type CourierRepository = ReturnType<typeof courierRepository>;
