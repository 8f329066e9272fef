import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@pool/db/testing';
// The web app's own identity client, not the SDK the other contract tests use: the app reads the
// wire itself (to keep the SDK out of its entry chunk), so it is held to the same contract here.
import { createFlow, getFlow, submitFlow } from '../../web/src/lib/ory/flow-api.ts';
import { identityHttp, type IdentityApi } from '../../web/src/lib/ory/identity-http.ts';
import { startIdentity, type RunningIdentity } from './support/harness.ts';
import { CookieJar, frontendApi } from './support/browser.ts';
import { csrfOf, enrolTotp, strongPassword, totpCode } from './support/flows.ts';

describe.each(testDatabaseKinds)("the web app's identity client against the service on %s", (kind) => {
  let identity: RunningIdentity;
  const browser = () => {
    const jar = new CookieJar();
    return { jar, api: identityHttp(identity.publicBase, jar.fetch) };
  };

  beforeAll(async () => {
    identity = await startIdentity(kind);
  });
  afterAll(async () => identity?.close());

  async function signUp(api: IdentityApi, email: string) {
    const created = await createFlow(api, 'registration');
    if (created.type !== 'flow') throw new Error(`no registration flow: ${created.type}`);
    return submitFlow(api, 'registration', created.flow, {
      method: 'password',
      csrf_token: csrfOf(created.flow),
      password: strongPassword,
      traits: { email, terms_agreed: true },
    });
  }

  it('signs up and in, reads its session with string dates, lists and ends the others, and logs out', async () => {
    const first = browser();
    const signedUp = await signUp(first.api, 'web-client@pool.test');
    expect(signedUp).toMatchObject({
      type: 'signed-in',
      session: { identity: { traits: { email: 'web-client@pool.test' } } },
    });

    const second = browser();
    const login = await createFlow(second.api, 'login');
    if (login.type !== 'flow') throw new Error(`no login flow: ${login.type}`);
    expect((await getFlow(second.api, 'login', login.flow.id)).type).toBe('flow');
    const wrong = await submitFlow(second.api, 'login', login.flow, {
      method: 'password',
      identifier: 'web-client@pool.test',
      password: 'not-the-password-1',
      csrf_token: csrfOf(login.flow),
    });
    // A validation error is a 400 carrying the flow, which the client hands back as the flow to show.
    expect(wrong.type).toBe('flow');
    const signedIn = await submitFlow(second.api, 'login', login.flow, {
      method: 'password',
      identifier: 'web-client@pool.test',
      password: strongPassword,
      csrf_token: csrfOf(login.flow),
    });
    expect(signedIn.type).toBe('signed-in');

    const session = await first.api.toSession();
    expect(typeof session.authenticated_at).toBe('string');
    const others = await first.api.listMySessions();
    expect(others.map((other) => other.id)).not.toContain(session.id);
    expect(others).toHaveLength(1);
    await first.api.disableMySession(others[0]?.id ?? '');
    await expect(second.api.toSession()).rejects.toMatchObject({ response: { status: 401 } });

    const third = browser();
    const again = await createFlow(third.api, 'login');
    if (again.type !== 'flow') throw new Error(`no login flow: ${again.type}`);
    await submitFlow(third.api, 'login', again.flow, {
      method: 'password',
      identifier: 'web-client@pool.test',
      password: strongPassword,
      csrf_token: csrfOf(again.flow),
    });
    expect(await third.api.toSession()).toMatchObject({ active: true });
    await first.api.disableMyOtherSessions();
    await expect(third.api.toSession()).rejects.toMatchObject({ response: { status: 401 } });

    await first.api.logout();
    await expect(first.api.toSession()).rejects.toMatchObject({ response: { status: 401 } });
  });

  it('turns the answers a screen acts on into outcomes: already signed in, a second factor, no such flow, no service', async () => {
    const { api, jar } = browser();
    await signUp(api, 'web-client-2fa@pool.test');
    expect(await createFlow(api, 'registration')).toEqual({ type: 'already-signed-in' });
    expect((await getFlow(api, 'settings', '00000000-0000-4000-8000-000000000000')).type).toBe('restart');

    // Set up through the SDK, as the other contract tests do; the same cookies carry on here.
    const secret = await enrolTotp(frontendApi(identity.publicBase, jar).api);
    await api.logout();
    const login = await createFlow(api, 'login');
    if (login.type !== 'flow') throw new Error(`no login flow: ${login.type}`);
    const password = await submitFlow(api, 'login', login.flow, {
      method: 'password',
      identifier: 'web-client-2fa@pool.test',
      password: strongPassword,
      csrf_token: csrfOf(login.flow),
    });
    expect(password).toMatchObject({ type: 'location', errorId: 'browser_location_change_required' });
    await expect(api.toSession()).rejects.toMatchObject({ response: { status: 403 } });

    const second = await createFlow(api, 'login', { aal: 'aal2' });
    if (second.type !== 'flow') throw new Error(`no second-factor flow: ${second.type}`);
    const done = await submitFlow(api, 'login', second.flow, {
      method: 'totp',
      // The enrolment used the current step; the next one is still unused.
      totp_code: totpCode(secret, Date.now() + 30_000),
      csrf_token: csrfOf(second.flow),
    });
    expect(done.type).toBe('signed-in');
    expect((await api.toSession()).authenticator_assurance_level).toBe('aal2');

    const unreachable = identityHttp('http://127.0.0.1:9/identity');
    expect(await createFlow(unreachable, 'login')).toEqual({ type: 'unavailable', reason: 'unreachable' });
  });
});
