import nodemailer from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { Drizzle } from '@pool/db/database';
import { outbox, type AppSchema } from '../db/schema.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  db: Drizzle<AppSchema>;
  /** `smtp://` or `smtps://`; without it mail stays in the outbox table. */
  smtpUrl: string | undefined;
  from: string;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
}

/**
 * The product's mail (invitations, notifications). Every message is written to `app.outbox` first,
 * so that nothing is lost when the SMTP server is down and an operator without SMTP can read it;
 * with SMTP it is sent at once and marked sent.
 */
export function createMailer({ db, smtpUrl, from, log }: MailerOptions): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    async send(mail) {
      const [row] = await db
        .insert(outbox)
        .values({ recipient: mail.to, subject: mail.subject, body: mail.text })
        .returning({ id: outbox.id });
      if (!row) return;
      if (!transport) {
        log.info({ to: mail.to, subject: mail.subject }, 'mail queued in app.outbox (no SMTP_URL)');
        return;
      }
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
        await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row.id));
      } catch (error) {
        log.warn({ err: error, to: mail.to }, 'mail could not be sent; it stays in app.outbox');
      }
    },
  };
}
