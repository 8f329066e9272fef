import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@pool/db/testing';
import { startIdentity, type RunningIdentity } from './support/harness.ts';
import { frontendApi } from './support/browser.ts';
import { csrfOf, failure, messageIds, nodeNamed, register, signIn, strongPassword } from './support/flows.ts';

describe.each(testDatabaseKinds)('login contract on %s', (kind) => {
  let identity: RunningIdentity;
  const email = 'miner@pool.test';

  beforeAll(async () => {
    identity = await startIdentity(kind);
    await register(frontendApi(identity.publicBase).api, email);
  });
  afterAll(async () => identity?.close());

  it('answers an SPA with the flow and a browser with a 303 to the login UI', async () => {
    const { api, jar } = frontendApi(identity.publicBase);
    const flow = await api.createBrowserLoginFlow({ returnTo: `${identity.origin}/workers` });
    expect(flow).toMatchObject({ type: 'browser', state: 'choose_method', refresh: false, requested_aal: 'aal1' });
    expect(flow.ui.action).toBe(`${identity.publicBase}/self-service/login?flow=${flow.id}`);
    expect(flow.request_url).toBe(
      `${identity.publicBase}/self-service/login/browser?return_to=${encodeURIComponent(`${identity.origin}/workers`)}`,
    );
    expect(flow.return_to).toBe(`${identity.origin}/workers`);
    expect(flow.ui.nodes.map((node) => (node.attributes as { name: string }).name)).toEqual([
      'csrf_token',
      'identifier',
      'password',
      'method',
    ]);
    expect(nodeNamed(flow, 'identifier')?.meta.label).toMatchObject({ id: 1070002, text: 'E-Mail' });
    expect(nodeNamed(flow, 'method')?.meta.label?.id).toBe(1010022);
    expect(csrfOf(flow)).toHaveLength(88);
    expect(jar.cookie('csrf_token_')).toBeDefined();

    for (const accept of [undefined, '*/*', 'text/html']) {
      const response = await fetch(`${identity.publicBase}/self-service/login/browser`, {
        redirect: 'manual',
        headers: accept ? { accept } : {},
      });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toMatch(new RegExp(`^${identity.origin}/auth/login\\?flow=`));
    }
  });

  it('masks the anti-CSRF token differently on every render, and sets cookies HttpOnly, Lax, on /', async () => {
    const { api } = frontendApi(identity.publicBase);
    const flow = await api.createBrowserLoginFlow();
    const again = await api.getLoginFlow({ id: flow.id });
    expect(csrfOf(again)).not.toBe(csrfOf(flow));
    const raw = await fetch(`${identity.publicBase}/self-service/login/browser`, {
      headers: { accept: 'application/json' },
    });
    const cookie = raw.headers.getSetCookie().find((line) => line.startsWith('csrf_token_')) ?? '';
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('refuses aal2 without a session, a bad aal and a foreign return_to', async () => {
    const { api } = frontendApi(identity.publicBase);
    const aal2 = await failure(api.createBrowserLoginFlow({ aal: 'aal2' }));
    expect(aal2.status).toBe(401);
    expect(aal2.body.error.id).toBe('session_aal1_required');
    const bad = await failure(api.createBrowserLoginFlow({ aal: 'aal9' }));
    expect(bad.status).toBe(400);
    expect(bad.body.error.reason).toMatch(/^Unable to parse AuthenticationMethod Assurance Level \(AAL\)/);
    const foreign = await failure(api.createBrowserLoginFlow({ returnTo: 'https://evil.test/' }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.id).toBe('self_service_flow_return_to_forbidden');
  });

  it('keeps the identifier and clears the password after wrong credentials (4000006)', async () => {
    const { api } = frontendApi(identity.publicBase);
    const flow = await api.createBrowserLoginFlow();
    const wrong = await failure(
      api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: {
          method: 'password',
          identifier: email,
          password: 'Wrong-pass-1',
          csrf_token: csrfOf(flow),
        },
      }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.id).toBe(flow.id);
    expect(messageIds(wrong.body)).toEqual([4000006]);
    expect(nodeNamed(wrong.body, 'identifier')?.attributes).toMatchObject({ value: email });
    expect((nodeNamed(wrong.body, 'password')?.attributes as { value?: string }).value).toBeUndefined();
    const unknown = await failure(
      api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: {
          method: 'password',
          identifier: 'nobody@pool.test',
          password: 'Wrong-pass-1',
          csrf_token: csrfOf(flow),
        },
      }),
    );
    expect(messageIds(unknown.body)).toEqual([4000006]);
    const refetched = await api.getLoginFlow({ id: flow.id });
    expect(refetched.ui.messages?.map((message) => message.id)).toEqual([4000006]);
  });

  it('puts missing and empty fields on their nodes before checking the anti-CSRF token', async () => {
    const { api } = frontendApi(identity.publicBase);
    const flow = await api.createBrowserLoginFlow();
    const response = await fetch(`${identity.publicBase}/self-service/login?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ method: 'password', identifier: email, password: '' }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      ui: { nodes: { attributes: { name: string }; messages: { id: number; text: string }[] }[] };
    };
    const password = body.ui.nodes.find((node) => node.attributes.name === 'password');
    expect(password?.messages).toMatchObject([{ id: 4000003, text: 'length must be >= 1, but got 0' }]);
    const missing = await fetch(`${identity.publicBase}/self-service/login?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'password', password: 'x' }),
    });
    const missingBody = (await missing.json()) as typeof body;
    expect(missingBody.ui.nodes.find((node) => node.attributes.name === 'identifier')?.messages).toMatchObject([
      { id: 4000002, text: 'Property identifier is missing.' },
    ]);
  });

  it('answers an unknown method with 4010002 and a CSRF mismatch with 403 security_csrf_violation', async () => {
    const { api } = frontendApi(identity.publicBase);
    const flow = await api.createBrowserLoginFlow();
    const none = await failure(
      api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: 'totp', totp_code: '123456', csrf_token: csrfOf(flow) },
      }),
    );
    expect(none.status).toBe(400);
    expect(messageIds(none.body)).toEqual([4010002]);
    const forged = await failure(
      api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: {
          method: 'password',
          identifier: email,
          password: strongPassword,
          csrf_token: 'A'.repeat(88),
        },
      }),
    );
    expect(forged.status).toBe(403);
    expect(forged.body.error).toMatchObject({ id: 'security_csrf_violation', code: 403 });
    expect(forged.headers.get('ory-error-id')).toBe('security_csrf_violation');
    const stranger = frontendApi(identity.publicBase).api;
    const foreign = await failure(stranger.getLoginFlow({ id: flow.id }));
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.id).toBe('security_csrf_violation');
  });

  it('answers unknown and malformed flow ids with 404 and 400', async () => {
    const { api } = frontendApi(identity.publicBase);
    const unknown = await failure(api.getLoginFlow({ id: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.status).toBe(404);
    const malformed = await fetch(`${identity.publicBase}/self-service/login?flow=nope`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { reason: string } }).error.reason).toBe(
      'The flow query parameter is missing or malformed.',
    );
  });

  it('signs in with a session cookie, rotates the anti-CSRF cookie, and refuses a second login without refresh', async () => {
    const { api, jar } = frontendApi(identity.publicBase);
    const flow = await api.createBrowserLoginFlow();
    const before = jar.cookie('csrf_token_');
    const result = await api.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: {
        method: 'password',
        identifier: email.toUpperCase(),
        password: strongPassword,
        csrf_token: csrfOf(flow),
      },
    });
    expect(result.session.authenticator_assurance_level).toBe('aal1');
    expect(result.session.authentication_methods?.[0]).toMatchObject({ method: 'password', aal: 'aal1' });
    expect(result.continue_with).toEqual([
      { action: 'redirect_browser_to', redirect_browser_to: `${identity.origin}/` },
    ]);
    expect(result.session_token).toBeUndefined();
    expect(jar.cookie('ory_kratos_session')).toMatch(/^ory_st_/);
    expect(jar.cookie('csrf_token_')).not.toBe(before);

    const already = await failure(api.createBrowserLoginFlow());
    expect(already.status).toBe(400);
    expect(already.body.error.id).toBe('session_already_available');
    const stale = await failure(
      api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: {
          method: 'password',
          identifier: email,
          password: strongPassword,
          csrf_token: csrfOf(flow),
        },
      }),
    );
    expect(stale.status).toBe(400);
    expect(stale.body.ui.messages[0]).toMatchObject({ id: 4000001 });

    const refresh = await api.createBrowserLoginFlow({ refresh: true });
    expect(refresh.refresh).toBe(true);
    expect(refresh.ui.messages?.map((message) => message.id)).toEqual([1010003]);
    expect(nodeNamed(refresh, 'identifier')?.attributes).toMatchObject({ type: 'hidden', value: email });
    const refreshed = await api.updateLoginFlow({
      flow: refresh.id,
      updateLoginFlowBody: {
        method: 'password',
        identifier: email,
        password: strongPassword,
        csrf_token: csrfOf(refresh),
      },
    });
    expect(refreshed.session.id).toBe(result.session.id);
    expect(refreshed.session.authentication_methods).toHaveLength(2);
  });

  it('replaces an expired flow: 410 with use_flow_id and since in nanoseconds, the new flow saying 4010001', async () => {
    const { api } = frontendApi(identity.publicBase);
    const flow = await api.createBrowserLoginFlow();
    identity.clock.advance(61 * 60 * 1000);
    try {
      const expired = await failure(
        api.updateLoginFlow({
          flow: flow.id,
          updateLoginFlowBody: {
            method: 'password',
            identifier: email,
            password: strongPassword,
            csrf_token: csrfOf(flow),
          },
        }),
      );
      expect(expired.status).toBe(410);
      expect(expired.body.error).toMatchObject({
        id: 'self_service_flow_expired',
        code: 410,
        message: 'self-service flow expired',
      });
      expect(expired.body.since).toBeGreaterThan(59 * 1e9);
      expect(Number.isInteger(expired.body.since)).toBe(true);
      const replacement = await api.getLoginFlow({ id: expired.body.use_flow_id });
      expect(replacement.ui.messages?.[0]).toMatchObject({ id: 4010001, type: 'error' });
      const fetched = await failure(api.getLoginFlow({ id: flow.id }));
      expect(fetched.status).toBe(410);
      expect(fetched.body.use_flow_id).toBeUndefined();
      expect(fetched.body.error.details.redirect_to).toBe(`${identity.publicBase}/self-service/login/browser`);
    } finally {
      identity.clock.advance(-61 * 60 * 1000);
    }
  });

  it('accepts a classic form post and redirects the browser', async () => {
    const { api, jar } = frontendApi(identity.publicBase);
    const flow = await api.createBrowserLoginFlow();
    const wrong = await jar.fetch(`${identity.publicBase}/self-service/login?flow=${flow.id}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        method: 'password',
        identifier: email,
        password: 'nope-1234',
        csrf_token: csrfOf(flow),
      }).toString(),
    });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get('location')).toBe(`${identity.origin}/auth/login?flow=${flow.id}`);
    const right = await jar.fetch(`${identity.publicBase}/self-service/login?flow=${flow.id}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        method: 'password',
        identifier: email,
        password: strongPassword,
        csrf_token: csrfOf(flow),
      }).toString(),
    });
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe(`${identity.origin}/`);
    expect(jar.cookie('ory_kratos_session')).toBeDefined();
  });

  it('signs in through a native (API) flow with a session token', async () => {
    const { api } = frontendApi(identity.publicBase);
    const flow = await api.createNativeLoginFlow();
    expect(nodeNamed(flow, 'csrf_token')).toBeUndefined();
    const result = await api.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: { method: 'password', identifier: email, password: strongPassword, csrf_token: '' },
    });
    expect(result.session_token).toMatch(/^ory_st_/);
    const whoami = await api.toSession({ xSessionToken: result.session_token });
    expect(whoami.identity?.traits).toMatchObject({ email });
    await api.performNativeLogout({ performNativeLogoutBody: { session_token: result.session_token ?? '' } });
    expect((await failure(api.toSession({ xSessionToken: result.session_token }))).status).toBe(401);
  });

  it('signs in with the signIn helper used elsewhere', async () => {
    const { api } = frontendApi(identity.publicBase);
    expect((await signIn(api, email)).session.active).toBe(true);
  });
});
