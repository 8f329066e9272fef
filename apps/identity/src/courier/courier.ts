import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { CourierRepository } from './repository.ts';
import type { Email } from './templates.ts';

const maxSendAttempts = 5;
const retryEveryMs = 30_000;

export interface Courier {
  /** Queues the message in the outbox and, with SMTP, sends it without making the caller wait. */
  send(email: Email): Promise<void>;
  /** Sends what is queued (SMTP only); returns once the attempt is over. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Kratos's courier: every message lands in `identity.courier_messages`. With SMTP it is sent
 * from there (retried up to five times); without, it stays there for an operator to read, and the
 * log says so: recipient, subject and template, never the body, which holds codes and links.
 */
export function createCourier(options: {
  messages: CourierRepository;
  smtpUrl?: string;
  from: string;
  logger: FastifyBaseLogger;
  now: () => Date;
  /** Development only: the log line also carries the body. */
  logBodies?: boolean;
}): Courier {
  const { messages, logger, now } = options;
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  let flushing: Promise<void> | undefined;
  let closed = false;

  async function sendQueued(): Promise<void> {
    if (!transport) return;
    const queued = await messages.queued(maxSendAttempts, 50);
    for (const message of queued) {
      if (closed) return;
      try {
        await transport.sendMail({
          from: options.from,
          to: message.recipient,
          subject: message.subject,
          text: message.body,
        });
        await messages.recordAttempt(message, 'sent', message.sendCount + 1, now());
      } catch (error) {
        const sendCount = message.sendCount + 1;
        logger.warn({ err: error, messageId: message.id, sendCount }, 'courier could not send an e-mail');
        await messages.recordAttempt(message, sendCount >= maxSendAttempts ? 'abandoned' : 'queued', sendCount, now());
      }
    }
  }

  function flush(): Promise<void> {
    flushing ??= sendQueued()
      .catch((error: unknown) => logger.error({ err: error }, 'courier failed'))
      .finally(() => {
        flushing = undefined;
      });
    return flushing;
  }

  const retry = transport ? setInterval(() => void flush(), retryEveryMs) : undefined;
  retry?.unref();

  return {
    async send(email) {
      const messageId = await messages.queue(email, now());
      if (transport) void flush();
      else
        logger.info(
          {
            messageId,
            to: email.recipient,
            subject: email.subject,
            template: email.templateType,
            ...(options.logBodies ? { body: email.body } : {}),
          },
          'e-mail queued in identity.courier_messages (no SMTP_URL)',
        );
    },
    flush,
    async close() {
      closed = true;
      if (retry) clearInterval(retry);
      await flushing;
      transport?.close();
    },
  };
}
