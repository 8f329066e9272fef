import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { testDatabaseKinds } from '@pool/db/testing';
import { startIdentity, type RunningIdentity } from './support/harness.ts';
import { frontendApi } from './support/browser.ts';
import { csrfOf, failure, register, signIn, strongPassword } from './support/flows.ts';

describe.each(testDatabaseKinds)('rate limits on %s', (kind) => {
  let identity: RunningIdentity;
  const email = 'limited@pool.test';

  beforeAll(async () => {
    identity = await startIdentity(kind, {
      rateLimits: {
        login: { perIp: { limit: 100, windowMs: 60_000 }, perIdentifier: { limit: 3, windowMs: 60_000 } },
        recovery: { perIp: { limit: 100, windowMs: 60_000 }, perAddress: { limit: 2, windowMs: 60_000 } },
      },
    });
    await register(frontendApi(identity.publicBase).api, email);
  });
  afterAll(async () => identity?.close());

  it('refuses an identifier after its failures with 429 and Retry-After, whatever the password', async () => {
    const { api } = frontendApi(identity.publicBase);
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await failure(signIn(api, email, `Wrong-2140-${attempt}`))).status).toBe(400);
    const limited = await failure(signIn(api, email));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await failure(signIn(api, email.toUpperCase()))).status).toBe(429);
    identity.clock.advance(61_000);
    expect((await signIn(api, email, strongPassword)).session.active).toBe(true);
  });

  it('limits recovery codes sent to one address', async () => {
    const send = async () => {
      const { api } = frontendApi(identity.publicBase);
      const flow = await api.createBrowserRecoveryFlow();
      return api.updateRecoveryFlow({
        flow: flow.id,
        updateRecoveryFlowBody: { method: 'code', email, csrf_token: csrfOf(flow) },
      });
    };
    await send();
    await send();
    const limited = await failure(send());
    expect(limited.status).toBe(429);
  });
});

describe('courier over SMTP', () => {
  let identity: RunningIdentity;
  let smtp: SMTPServer;
  const received: { to: string; body: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let body = '';
        stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((address) => address.address).join(','), body });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    identity = await startIdentity('pglite', {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      smtpFrom: 'Pool <no-reply@pool.test>',
    });
  });
  afterAll(async () => {
    await identity?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the verification code by SMTP and marks the message sent', async () => {
    await register(frontendApi(identity.publicBase).api, 'mailed@pool.test');
    await identity.service.flushBackground();
    expect(received.map((message) => message.to)).toEqual(['mailed@pool.test']);
    expect(received[0]?.body).toMatch(/Please verify your email address/);
    expect(received[0]?.body).toMatch(/\b\d{6}\b/);
    const rows = await identity.database.query<{ status: string }>('select status from identity.courier_messages');
    expect(rows).toEqual([{ status: 'sent' }]);
  });

  it('mails a new-device notice when an identity signs in from a browser it never used', async () => {
    await signIn(frontendApi(identity.publicBase).api, 'mailed@pool.test');
    await identity.service.flushBackground();
    expect(received).toHaveLength(1);
    const { api, jar } = frontendApi(identity.publicBase);
    const flow = await api.createBrowserLoginFlow();
    const response = await jar.fetch(`${identity.publicBase}/self-service/login?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (X11; Linux) Firefox/140.0' },
      body: JSON.stringify({
        method: 'password',
        identifier: 'mailed@pool.test',
        password: strongPassword,
        csrf_token: csrfOf(flow),
      }),
    });
    expect(response.status).toBe(200);
    await identity.service.flushBackground();
    expect(received.at(-1)?.body).toMatch(/New sign-in to your account/);
  });
});
