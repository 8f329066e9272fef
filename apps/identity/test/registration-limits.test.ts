import { ResponseError } from '@ory/client-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@pool/db/testing';
import { startIdentity, type RunningIdentity } from './support/harness.ts';
import { frontendApi } from './support/browser.ts';
import { csrfOf, failure, register, strongPassword } from './support/flows.ts';
import { requestFrom } from './support/burst.ts';
import { messagesFor } from './support/outbox.ts';

const minute = 60_000;

/** 200, or the status, Retry-After and error id of a refused call. */
async function outcome(call: Promise<unknown>) {
  try {
    await call;
    return { status: 200, retryAfter: null, id: undefined };
  } catch (error) {
    if (!(error instanceof ResponseError)) throw error;
    const body = (await error.response.json()) as { error: { id?: string } };
    return { status: error.response.status, retryAfter: error.response.headers.get('retry-after'), id: body.error.id };
  }
}

describe.each(testDatabaseKinds)('registration limits on %s', (kind) => {
  let identity: RunningIdentity;

  beforeAll(async () => {
    identity = await startIdentity(kind, {
      rateLimits: {
        registration: { perIp: { limit: 3, windowMs: 10 * minute }, global: { limit: 5, windowMs: 10 * minute } },
        verification: { perIp: { limit: 100, windowMs: 10 * minute }, perAddress: { limit: 2, windowMs: 10 * minute } },
      },
    });
  });
  afterAll(async () => identity?.close());

  it('finding 10: a burst of registrations from one IP gets 429 after the limit, with Retry-After', async () => {
    // A fresh browser for each: a signed-in one could not register again anyway.
    const browser = () => frontendApi(identity.publicBase).api;
    const answers = [];
    for (let person = 0; person < 6; person++)
      answers.push(await outcome(register(browser(), `burst-${person}@pool.test`)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429, 429]);
    for (const limited of answers.slice(3)) {
      expect(limited.id).toBe('rate_limit_exceeded');
      expect(Number(limited.retryAfter)).toBeGreaterThan(0);
    }
    // Nobody was created and nobody was mailed past the limit; a known address is refused alike.
    expect(await messagesFor(identity, 'burst-3@pool.test')).toEqual([]);
    expect((await failure(register(browser(), 'burst-0@pool.test'))).status).toBe(429);
    const listed = (await (
      await identity.admin('/admin/identities?credentials_identifier=burst-4@pool.test')
    ).json()) as unknown[];
    expect(listed).toEqual([]);
  });

  it('finding 10: registrations are bounded for the whole service, whatever the IP', async () => {
    identity.clock.advance(11 * minute);
    try {
      const registerFrom = async (address: string, email: string) => {
        const flow = await requestFrom(address, `${identity.publicBase}/self-service/registration/api`);
        const { id } = flow.body as { id: string };
        return requestFrom(address, `${identity.publicBase}/self-service/registration?flow=${id}`, {
          method: 'POST',
          body: { method: 'password', password: strongPassword, traits: { email, terms_agreed: true } },
        });
      };
      const statuses = [];
      for (const [address, email] of [
        ['127.0.0.1', 'global-1@pool.test'],
        ['127.0.0.1', 'global-2@pool.test'],
        ['127.0.0.1', 'global-3@pool.test'],
        ['127.0.0.2', 'global-4@pool.test'],
        ['127.0.0.2', 'global-5@pool.test'],
        ['127.0.0.3', 'global-6@pool.test'],
      ] as const)
        statuses.push((await registerFrom(address, email)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      identity.clock.advance(-11 * minute);
    }
  });

  it("finding 10: the verification mail of a registration counts against the address's verification sends", async () => {
    identity.clock.advance(22 * minute);
    try {
      const email = 'mailed-once@pool.test';
      const { api } = frontendApi(identity.publicBase);
      await register(api, email);
      expect((await messagesFor(identity, email)).length).toBe(1);
      const flow = await api.createBrowserVerificationFlow();
      await api.updateVerificationFlow({
        flow: flow.id,
        updateVerificationFlowBody: { method: 'code', email, csrf_token: csrfOf(flow) },
      });
      const again = await api.createBrowserVerificationFlow();
      const limited = await failure(
        api.updateVerificationFlow({
          flow: again.id,
          updateVerificationFlowBody: { method: 'code', email, csrf_token: csrfOf(again) },
        }),
      );
      expect(limited.status).toBe(429);
      expect((await messagesFor(identity, email)).length).toBe(2);
    } finally {
      identity.clock.advance(-22 * minute);
    }
  });
});
