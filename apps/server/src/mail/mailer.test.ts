import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { applyMigrations, type Database } from '@pool/db/database';
import { openTestDatabase } from '@pool/db/testing';
import { schema } from '../db/schema.ts';
import { appMigrations } from '../server.ts';
import { invitationMail } from '../modules/access/invitation-mail.ts';
import { createMailer } from './mailer.ts';
import { outboxRepository } from './outbox-repository.ts';

const token = 'dOn_z63oZd4oQm1Wm9S0f4v7sKq2cYx8h5TnL0aBcDe';
const quiet = { info: () => {}, warn: () => {} };
const invitation = (to: string) =>
  invitationMail({
    to,
    poolName: 'Headframe Pool',
    accountName: 'alice_hash',
    role: 'viewer',
    inviteId: '5b0f7c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b',
    link: `http://localhost:8080/invitation?token=${token}`,
    expiresAt: new Date('2026-03-08T12:00:00Z'),
  });

describe('product mail', () => {
  let database: Database;
  let smtp: SMTPServer;
  let smtpUrl = '';
  const received: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await applyMigrations(database, appMigrations);
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail.text ?? '');
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
    await database?.close();
  });

  const outboxOf = (recipient: string) => outboxRepository(database.orm(schema)).to(recipient);

  it('finding 6: sends the invitation link over SMTP and keeps the outbox copy without it', async () => {
    const printed: string[] = [];
    const mailer = createMailer({
      outbox: outboxRepository(database.orm(schema)),
      smtpUrl,
      from: 'no-reply@pool.test',
      log: quiet,
      print: (text) => printed.push(text),
    });
    await mailer.send(invitation('smtp@example.com'));
    expect(received.some((text) => text.includes(`invitation?token=${token}`))).toBe(true);
    const [row] = await outboxOf('smtp@example.com');
    expect(row?.sentAt).not.toBeNull();
    expect(row?.body).not.toContain(token);
    expect(row?.body).toContain('invitation 5b0f7c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b');
    expect(printed).toEqual([]);
  });

  it('finding 6: without SMTP prints the link once and stores the mail without it', async () => {
    const printed: string[] = [];
    const mailer = createMailer({
      outbox: outboxRepository(database.orm(schema)),
      smtpUrl: undefined,
      from: 'no-reply@pool.test',
      log: quiet,
      print: (text) => printed.push(text),
    });
    await mailer.send(invitation('no-smtp@example.com'));
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(`invitation?token=${token}`);
    const [row] = await outboxOf('no-smtp@example.com');
    expect(row?.sentAt).toBeNull();
    expect(row?.body).not.toContain(token);
  });

  it('finding 6: a mail the SMTP server refused stays in the outbox without its link', async () => {
    const printed: string[] = [];
    const warnings: string[] = [];
    const mailer = createMailer({
      outbox: outboxRepository(database.orm(schema)),
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'no-reply@pool.test',
      log: { info: () => {}, warn: (_object, message) => warnings.push(message) },
      print: (text) => printed.push(text),
    });
    await mailer.send(invitation('down@example.com'));
    const [row] = await outboxOf('down@example.com');
    expect(row?.sentAt).toBeNull();
    expect(row?.body).not.toContain(token);
    expect(printed).toEqual([]);
    expect(warnings).toEqual([expect.stringContaining('invite again')]);
  });
});
