import nodemailer from 'nodemailer';
import type { OutboxRepository } from './outbox-repository.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /**
   * What `app.outbox` keeps instead of `text` when the text carries a secret, such as an
   * invitation link: whoever reads the database must not find working credentials there.
   */
  storedText?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  outbox: OutboxRepository;
  /** `smtp://` or `smtps://`; without it mail stays in the outbox table. */
  smtpUrl: string | undefined;
  from: string;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
  /** Where a message with a secret goes once when there is no SMTP server; standard output by default. */
  print?: (text: string) => void;
}

const printToStdout = (text: string) => {
  process.stdout.write(text);
};

/**
 * The product's mail (invitations, notifications). Every message is written to `app.outbox` first,
 * so that nothing is lost when the SMTP server is down and an operator without SMTP can read it;
 * with SMTP it is sent at once and marked sent.
 *
 * A secret in a message (an invitation link) is never written to the outbox: with SMTP it exists
 * only in the message sent; without SMTP the whole message is printed once on standard output,
 * not through the logger, for the operator to hand over, and the outbox row says where it went.
 */
export function createMailer({ outbox, smtpUrl, from, log, print = printToStdout }: MailerOptions): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    async send(mail) {
      const secret = mail.storedText !== undefined;
      const id = await outbox.add({ recipient: mail.to, subject: mail.subject, body: mail.storedText ?? mail.text });
      if (id === undefined) return;
      if (!transport) {
        log.info({ to: mail.to, subject: mail.subject }, 'mail queued in app.outbox (no SMTP_URL)');
        if (secret) {
          print(
            [
              `----- mail to ${mail.to}, printed once: no SMTP_URL, and app.outbox keeps it without its link -----`,
              `Subject: ${mail.subject}`,
              '',
              mail.text,
              '-----',
              '',
            ].join('\n'),
          );
        }
        return;
      }
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
        await outbox.markSent(id, new Date());
      } catch (error) {
        log.warn(
          { err: error, to: mail.to },
          secret
            ? 'mail could not be sent; app.outbox keeps it without its link, so send it again (invite again)'
            : 'mail could not be sent; it stays in app.outbox',
        );
      }
    },
  };
}
