import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@pool/db/testing';
import { startIdentity, type RunningIdentity } from './support/harness.ts';
import { frontendApi } from './support/browser.ts';
import { failure, register, signIn } from './support/flows.ts';

describe.each(testDatabaseKinds)('sessions and logout contract on %s', (kind) => {
  let identity: RunningIdentity;
  const email = 'sessions@pool.test';

  beforeAll(async () => {
    identity = await startIdentity(kind);
    await register(frontendApi(identity.publicBase).api, email);
  });
  afterAll(async () => identity?.close());

  it('answers whoami without a session with 401 and no error id', async () => {
    const { api } = frontendApi(identity.publicBase);
    const anonymous = await failure(api.toSession());
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({
      error: {
        code: 401,
        status: 'Unauthorized',
        reason: 'No valid session credentials found in the request.',
        message: 'The request could not be authorized',
      },
    });
    expect((await failure(api.listMySessions())).body.error.id).toBeUndefined();
  });

  it('shows the session with its identity, never its credentials, and names the identity in a header', async () => {
    const { api } = frontendApi(identity.publicBase);
    await signIn(api, email);
    const raw = await api.toSessionRaw({});
    const session = await raw.value();
    expect(raw.raw.headers.get('x-kratos-authenticated-identity-id')).toBe(session.identity?.id);
    expect(session.identity?.schema_url).toBe(`${identity.publicBase}/schemas/ZGVmYXVsdA`);
    expect(session.identity?.verifiable_addresses?.[0]).toMatchObject({ value: email, via: 'email', verified: false });
    expect(session.identity?.recovery_addresses?.[0]).toMatchObject({ value: email, via: 'email' });
    expect(JSON.stringify(session)).not.toMatch(/hashed_password|credentials/);
    const schema = await fetch(session.identity?.schema_url ?? '');
    expect(
      ((await schema.json()) as { properties: { traits: { required: string[] } } }).properties.traits.required,
    ).toEqual(['email', 'terms_agreed']);
    expect((await failure(api.toSession({ tokenizeAs: 'jwt' }))).status).toBe(400);
  });

  it('lists the other sessions, revokes one, then all others, each taking effect at once', async () => {
    const browsers = [
      frontendApi(identity.publicBase),
      frontendApi(identity.publicBase),
      frontendApi(identity.publicBase),
    ];
    const sessions = [];
    for (const browser of browsers) sessions.push((await signIn(browser.api, email)).session);
    const [mine, second, third] = browsers.map((browser) => browser.api);
    if (!mine || !second || !third) throw new Error('three browsers');

    const listed = await mine.listMySessionsRaw({ perPage: 500 });
    const others = await listed.value();
    expect(others.map((session) => session.id)).not.toContain(sessions[0]?.id);
    expect(others.map((session) => session.id)).toEqual(expect.arrayContaining([sessions[1]?.id, sessions[2]?.id]));
    expect(Number(listed.raw.headers.get('x-total-count'))).toBe(others.length);

    await mine.disableMySession({ id: sessions[1]?.id ?? '' });
    expect((await failure(second.toSession())).status).toBe(401);
    await mine.disableMySession({ id: '00000000-0000-4000-8000-000000000000' });
    const current = await failure(mine.disableMySession({ id: sessions[0]?.id ?? '' }));
    expect(current.status).toBe(400);
    expect(current.body.error.message).toBe('cannot revoke current session');

    const revoked = await mine.disableMyOtherSessions();
    expect(revoked.count).toBeGreaterThanOrEqual(1);
    expect((await failure(third.toSession())).status).toBe(401);
    expect((await mine.toSession()).id).toBe(sessions[0]?.id);
    expect(await mine.listMySessions()).toEqual([]);
  });

  it('logs out with the logout token: 204 for JSON, the cookie gone, the session dead', async () => {
    const { api, jar } = frontendApi(identity.publicBase);
    await signIn(api, email);
    const stolen = jar.cookie('ory_kratos_session');
    const logout = await api.createBrowserLogoutFlow({ returnTo: `${identity.origin}/auth/login` });
    expect(logout.logout_token).toMatch(/^ory_lo_/);
    expect(logout.logout_url).toBe(
      `${identity.publicBase}/self-service/logout?token=${logout.logout_token}&return_to=${encodeURIComponent(`${identity.origin}/auth/login`)}`,
    );
    expect((await failure(api.updateLogoutFlow({ token: 'ory_lo_wrong' }))).status).toBe(403);
    const raw = await api.updateLogoutFlowRaw({ token: logout.logout_token });
    expect(raw.raw.status).toBe(204);
    expect(jar.cookie('ory_kratos_session')).toBeUndefined();
    const replayed = await fetch(`${identity.publicBase}/sessions/whoami`, {
      headers: { cookie: `ory_kratos_session=${stolen}` },
    });
    expect(replayed.status).toBe(401);
    const noSession = await failure(api.createBrowserLogoutFlow());
    expect(noSession.status).toBe(401);
    expect(noSession.body.error.id).toBe('session_inactive');
  });

  it('sends a classic browser back to return_to after logout, and needs a token', async () => {
    const { api, jar } = frontendApi(identity.publicBase);
    await signIn(api, email);
    const logout = await api.createBrowserLogoutFlow();
    const missing = await jar.fetch(`${identity.publicBase}/self-service/logout`, {
      headers: { accept: 'application/json' },
    });
    expect(missing.status).toBe(400);
    const response = await jar.fetch(logout.logout_url, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${identity.origin}/`);
  });
});
