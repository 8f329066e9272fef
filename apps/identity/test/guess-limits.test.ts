import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@pool/db/testing';
import { startIdentity, type RunningIdentity } from './support/harness.ts';
import { frontendApi } from './support/browser.ts';
import { csrfOf, enrolTotp, failure, register, wrongTotpCode } from './support/flows.ts';
import { lastCodeFor } from './support/outbox.ts';
import { burst, statusCounts } from './support/burst.ts';

const minute = 60_000;

/** Thirty distinct six-digit codes, none of them `real`. */
const wrongCodes = (real: string, count = 30) =>
  Array.from({ length: count + 1 }, (_, index) => String(100_000 + index * 7919))
    .filter((code) => code !== real)
    .slice(0, count);

describe.each(testDatabaseKinds)('guess limits under concurrency on %s', (kind) => {
  let identity: RunningIdentity;

  beforeAll(async () => {
    // Per-IP limits out of the way: what is tested is the bound per code, flow and identity.
    identity = await startIdentity(kind, {
      rateLimits: {
        recovery: { perIp: { limit: 1000, windowMs: 10 * minute }, perAddress: { limit: 5, windowMs: 10 * minute } },
        verification: {
          perIp: { limit: 1000, windowMs: 10 * minute },
          perAddress: { limit: 5, windowMs: 10 * minute },
        },
      },
    });
  });
  afterAll(async () => identity?.close());

  async function sendRecovery(flowId: string, csrf: string, jar: ReturnType<typeof frontendApi>['jar'], email: string) {
    const [answer] = await burst(`${identity.publicBase}/self-service/recovery?flow=${flowId}`, jar, [
      { method: 'code', email, csrf_token: csrf },
    ]);
    expect(answer?.status).toBe(200);
    await identity.service.flushBackground();
  }

  it('finding 2: 30 concurrent recovery guesses and a decoy address on one flow evaluate at most 5', async () => {
    const victim = 'victim@pool.test';
    await register(frontendApi(identity.publicBase).api, victim);
    const { api, jar } = frontendApi(identity.publicBase);
    const flow = await api.createBrowserRecoveryFlow();
    const csrf = csrfOf(flow);
    const url = `${identity.publicBase}/self-service/recovery?flow=${flow.id}`;
    await sendRecovery(flow.id, csrf, jar, victim);
    const real = (await lastCodeFor(identity, victim)) ?? '';
    expect(real).toMatch(/^\d{6}$/);

    const first = await burst(
      url,
      jar,
      wrongCodes(real).map((code) => ({ method: 'code', code, csrf_token: csrf })),
    );
    const counts = statusCounts(first);
    expect((counts[200] ?? 0) + (counts[429] ?? 0)).toBe(30);
    expect(counts[200] ?? 0).toBeLessThanOrEqual(5);
    for (const answer of first.filter((candidate) => candidate.status === 429))
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);

    // The decoy: a second send on the same flow must not open a fresh allowance for the victim's code.
    await sendRecovery(flow.id, csrf, jar, 'decoy123@x.test');
    const second = await burst(
      url,
      jar,
      wrongCodes(real).map((code) => ({ method: 'code', code, csrf_token: csrf })),
    );
    expect(second.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);

    // Even once every limiter window has passed, the victim's code does not sign anybody in.
    identity.clock.advance(11 * minute);
    try {
      const [last] = await burst(url, jar, [{ method: 'code', code: real, csrf_token: csrf }]);
      expect(last?.status).not.toBe(422);
      expect((await failure(api.toSession())).status).toBe(401);
    } finally {
      identity.clock.advance(-11 * minute);
    }
  });

  it('finding 2: a send on the flow invalidates its earlier codes', async () => {
    const victim = 'victim-two@pool.test';
    await register(frontendApi(identity.publicBase).api, victim);
    const { api, jar } = frontendApi(identity.publicBase);
    const flow = await api.createBrowserRecoveryFlow();
    const csrf = csrfOf(flow);
    await sendRecovery(flow.id, csrf, jar, victim);
    const real = (await lastCodeFor(identity, victim)) ?? '';
    await sendRecovery(flow.id, csrf, jar, 'decoy456@x.test');
    const [answer] = await burst(`${identity.publicBase}/self-service/recovery?flow=${flow.id}`, jar, [
      { method: 'code', code: real, csrf_token: csrf },
    ]);
    expect(answer?.status).toBe(200);
    expect((await failure(api.toSession())).status).toBe(401);
  });

  it('finding 2: 30 concurrent verification guesses evaluate at most 5, and the code is dead afterwards', async () => {
    const email = 'unverified@pool.test';
    const { api } = frontendApi(identity.publicBase);
    await register(api, email);
    const flow = await api.createBrowserVerificationFlow();
    await api.updateVerificationFlow({
      flow: flow.id,
      updateVerificationFlowBody: { method: 'code', email, csrf_token: csrfOf(flow) },
    });
    const real = (await lastCodeFor(identity, email)) ?? '';
    const url = `${identity.publicBase}/self-service/verification?flow=${flow.id}`;
    const answers = await burst(
      url,
      undefined,
      wrongCodes(real).map((code) => ({ method: 'code', code })),
    );
    const counts = statusCounts(answers);
    expect((counts[200] ?? 0) + (counts[429] ?? 0)).toBe(30);
    expect(counts[200] ?? 0).toBeLessThanOrEqual(5);

    identity.clock.advance(11 * minute);
    try {
      const [last] = await burst(url, undefined, [{ method: 'code', code: real }]);
      expect(last?.status).toBe(200);
      expect((last?.body as { state: string }).state).not.toBe('passed_challenge');
      expect((await api.toSession()).identity?.verifiable_addresses?.[0]?.verified).toBe(false);
    } finally {
      identity.clock.advance(-11 * minute);
    }
  });

  it('finding 4: a burst of 30 TOTP guesses on an aal2 login flow evaluates at most 5', async () => {
    const email = 'totp-burst@pool.test';
    const owner = frontendApi(identity.publicBase);
    await register(owner.api, email);
    const secret = await enrolTotp(owner.api);

    const { api, jar } = frontendApi(identity.publicBase);
    const password = await api.createBrowserLoginFlow();
    const step = await failure(
      api.updateLoginFlow({
        flow: password.id,
        updateLoginFlowBody: {
          method: 'password',
          identifier: email,
          password: 'Stratum-2140-mine',
          csrf_token: csrfOf(password),
        },
      }),
    );
    expect(step.status).toBe(422);
    const flow = await api.createBrowserLoginFlow({ aal: 'aal2' });
    const code = wrongTotpCode(secret);
    const answers = await burst(
      `${identity.publicBase}/self-service/login?flow=${flow.id}`,
      jar,
      Array.from({ length: 30 }, () => ({ method: 'totp', totp_code: code, csrf_token: csrfOf(flow) })),
    );
    const counts = statusCounts(answers);
    expect((counts[400] ?? 0) + (counts[429] ?? 0)).toBe(30);
    expect(counts[400] ?? 0).toBeLessThanOrEqual(5);
    const limited = answers.find((answer) => answer.status === 429);
    expect(limited?.body).toMatchObject({ error: { code: 429, id: 'rate_limit_exceeded' } });
    expect(Number(limited?.retryAfter)).toBeGreaterThan(0);
  });
});
