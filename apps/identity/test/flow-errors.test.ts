import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@pool/db/testing';
import { startIdentity, type RunningIdentity } from './support/harness.ts';
import { frontendApi } from './support/browser.ts';
import { csrfOf, failure, register, strongPassword } from './support/flows.ts';

const hour = 60 * 60_000;

describe.each(testDatabaseKinds)('flow errors, expiry and session demands on %s', (kind) => {
  let identity: RunningIdentity;

  beforeAll(async () => {
    identity = await startIdentity(kind);
  });
  afterAll(async () => identity?.close());

  it('stores a browser error and serves it at /self-service/errors for the error UI', async () => {
    const response = await fetch(`${identity.publicBase}/self-service/login/browser?aal=aal2`, {
      redirect: 'manual',
      headers: { accept: 'text/html' },
    });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${identity.origin}/500`);
    const { api } = frontendApi(identity.publicBase);
    const stored = await api.getFlowError({ id: location.searchParams.get('id') ?? '' });
    expect(stored.error).toMatchObject({ id: 'session_aal1_required', code: 401 });
    const unknown = await failure(api.getFlowError({ id: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 404, message: 'Unable to locate the resource' });
  });

  it('replaces expired registration and settings flows with 410, the new flows saying 4040001 and 4050001', async () => {
    const { api } = frontendApi(identity.publicBase);
    const registration = await api.createBrowserRegistrationFlow();
    identity.clock.advance(hour + 60_000);
    try {
      const expired = await failure(
        api.updateRegistrationFlow({
          flow: registration.id,
          updateRegistrationFlowBody: {
            method: 'password',
            csrf_token: csrfOf(registration),
            password: strongPassword,
            traits: { email: 'late@pool.test', terms_agreed: true },
          },
        }),
      );
      expect(expired.status).toBe(410);
      expect((await api.getRegistrationFlow({ id: expired.body.use_flow_id })).ui.messages?.[0]?.id).toBe(4040001);
    } finally {
      identity.clock.advance(-(hour + 60_000));
    }
    await register(api, 'settings-late@pool.test');
    const settings = await api.createBrowserSettingsFlow();
    identity.clock.advance(hour + 60_000);
    try {
      // A fresh sign-in keeps the session privileged; only the flow is old.
      const expired = await failure(
        api.updateSettingsFlow({
          flow: settings.id,
          updateSettingsFlowBody: {
            method: 'profile',
            csrf_token: csrfOf(settings),
            traits: { email: 'settings-late@pool.test', terms_agreed: true },
          },
        }),
      );
      expect(expired.status).toBe(410);
      expect((await api.getSettingsFlow({ id: expired.body.use_flow_id })).ui.messages?.[0]?.id).toBe(4050001);
      const fetched = await failure(api.getSettingsFlow({ id: settings.id }));
      expect(fetched.status).toBe(410);
      expect(fetched.body.error.id).toBeUndefined();
    } finally {
      identity.clock.advance(-(hour + 60_000));
    }
  });

  it('sends an expired verification flow to a new one (303) saying 4070005', async () => {
    const { api } = frontendApi(identity.publicBase);
    const flow = await api.createBrowserVerificationFlow();
    identity.clock.advance(hour + 60_000);
    try {
      const next = await api.updateVerificationFlow({
        flow: flow.id,
        updateVerificationFlowBody: { method: 'code', email: 'someone@pool.test', csrf_token: csrfOf(flow) },
      });
      expect(next.id).not.toBe(flow.id);
      expect(next.ui.messages?.map((message) => message.id)).toEqual([4070005]);
    } finally {
      identity.clock.advance(-(hour + 60_000));
    }
  });

  it('restarts a recovery flow whose anti-CSRF token does not match (303 to a new flow)', async () => {
    const { api } = frontendApi(identity.publicBase);
    const flow = await api.createBrowserRecoveryFlow();
    const next = await api.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: 'code', email: 'someone@pool.test', csrf_token: 'forged' },
    });
    expect(next.id).not.toBe(flow.id);
    expect(next.state).toBe('choose_method');
  });

  it('guards settings: session_inactive to start, plain 401 to fetch, another identity is 403', async () => {
    const anonymous = frontendApi(identity.publicBase).api;
    const start = await failure(anonymous.createBrowserSettingsFlow());
    expect(start.status).toBe(401);
    expect(start.body.error.id).toBe('session_inactive');
    const owner = frontendApi(identity.publicBase).api;
    await register(owner, 'owner@pool.test');
    const flow = await owner.createBrowserSettingsFlow();
    const fetched = await failure(anonymous.getSettingsFlow({ id: flow.id }));
    expect(fetched.status).toBe(403);
    const intruder = frontendApi(identity.publicBase);
    await register(intruder.api, 'intruder@pool.test');
    const mismatch = await failure(
      intruder.api.updateSettingsFlow({
        flow: flow.id,
        updateSettingsFlowBody: {
          method: 'password',
          password: 'Another-2140-pass',
          csrf_token: csrfOf(await intruder.api.createBrowserSettingsFlow()),
        },
      }),
    );
    expect(mismatch.status).toBe(403);
    expect(mismatch.body.error.id).toBe('security_identity_mismatch');
    const browser = await fetch(`${identity.publicBase}/self-service/settings/browser`, { redirect: 'manual' });
    expect(browser.status).toBe(303);
    expect(browser.headers.get('location')).toBe(`${identity.origin}/auth/login`);
    expect((await failure(anonymous.disableMyOtherSessions())).status).toBe(401);
  });

  it('sends password managers to the settings page and a signed-in browser past the login page', async () => {
    const change = await fetch(`${identity.origin}/.well-known/change-password`, { redirect: 'manual' });
    expect(change.status).toBe(303);
    expect(change.headers.get('location')).toBe(`${identity.origin}/settings`);
    const { api, jar } = frontendApi(identity.publicBase);
    await register(api, 'classic@pool.test');
    const again = await jar.fetch(
      `${identity.publicBase}/self-service/login/browser?return_to=${encodeURIComponent(`${identity.origin}/workers`)}`,
      {
        redirect: 'manual',
        headers: { accept: 'text/html' },
      },
    );
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`${identity.origin}/workers`);
  });
});
