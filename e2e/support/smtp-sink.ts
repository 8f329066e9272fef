import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { mailFolder, smtpPort } from './environment.ts';

/**
 * A mail server for the journeys: the product and the identity service send through SMTP_URL to
 * it, and it keeps each message, decoded, as a JSON file the tests read.
 */
export async function startSmtpSink(): Promise<() => Promise<void>> {
  rmSync(mailFolder, { recursive: true, force: true });
  mkdirSync(mailFolder, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = [mail.to ?? []].flat().flatMap((address) => address.value.map((entry) => entry.address ?? ''));
          count += 1;
          writeFileSync(
            join(mailFolder, `${Date.now()}-${count}.json`),
            JSON.stringify({ to, subject: mail.subject ?? '', text: mail.text ?? '', at: new Date().toISOString() }),
          );
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(smtpPort, '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
