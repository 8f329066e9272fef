import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@pool/db/testing';
import { startIdentity, type RunningIdentity } from './support/harness.ts';
import { frontendApi } from './support/browser.ts';
import { csrfOf, failure, messageIds, nodeNamed, register, signIn, strongPassword } from './support/flows.ts';
import { lastCodeFor, messagesFor } from './support/outbox.ts';

describe.each(testDatabaseKinds)('recovery and verification contract on %s', (kind) => {
  let identity: RunningIdentity;
  const email = 'recover@pool.test';

  beforeAll(async () => {
    identity = await startIdentity(kind);
    await register(frontendApi(identity.publicBase).api, email);
  });
  afterAll(async () => identity?.close());

  async function sendRecovery(address: string) {
    const { api, jar } = frontendApi(identity.publicBase);
    const flow = await api.createBrowserRecoveryFlow();
    const sent = await api.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: 'code', email: address, csrf_token: csrfOf(flow) },
    });
    return { api, jar, flow: sent };
  }

  it('answers known and unknown addresses alike, and mails a code only to the known one', async () => {
    const known = await sendRecovery(email);
    const unknown = await sendRecovery('nobody@pool.test');
    for (const { flow } of [known, unknown]) {
      expect(flow.state).toBe('sent_email');
      expect(flow.ui.messages?.map((message) => message.id)).toEqual([1060003]);
      expect(nodeNamed(flow, 'code')?.attributes).toMatchObject({ type: 'text', pattern: '[0-9]+', maxlength: 6 });
    }
    const shape = (flow: typeof known.flow) => ({
      ...flow,
      id: '',
      ui: {
        ...flow.ui,
        action: '',
        nodes: flow.ui.nodes.map((node) => ({
          ...node,
          attributes: {
            ...node.attributes,
            value:
              (node.attributes as { name?: string }).name === 'email' ||
              (node.attributes as { name?: string }).name === 'csrf_token'
                ? ''
                : (node.attributes as { value?: unknown }).value,
          },
        })),
      },
      request_url: '',
      issued_at: undefined,
      expires_at: undefined,
    });
    expect(shape(unknown.flow)).toEqual(shape(known.flow));
    expect(await lastCodeFor(identity, email)).toMatch(/^\d{6}$/);
    expect(await messagesFor(identity, 'nobody@pool.test')).toEqual([]);
  });

  it('answers a wrong code with 200 and 4060006, a right one with 422 to a new settings flow', async () => {
    const { api, jar, flow } = await sendRecovery(email);
    const code = await lastCodeFor(identity, email);
    const wrong = await api.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: {
        method: 'code',
        code: code === '000000' ? '111111' : '000000',
        csrf_token: csrfOf(flow),
      },
    });
    expect(messageIds(wrong)).toEqual([4060006]);
    const before = jar.cookie('csrf_token_');
    const done = await failure(
      api.updateRecoveryFlow({
        flow: flow.id,
        updateRecoveryFlowBody: { method: 'code', code: code ?? '', csrf_token: csrfOf(flow) },
      }),
    );
    expect(done.status).toBe(422);
    expect(done.body.error.id).toBe('browser_location_change_required');
    expect(done.body.redirect_browser_to).toMatch(new RegExp(`^${identity.origin}/settings\\?flow=`));
    expect(jar.cookie('csrf_token_')).not.toBe(before);
    const session = await api.toSession();
    expect(session.authentication_methods?.[0]).toMatchObject({ method: 'code_recovery', aal: 'aal1' });
    expect(session.identity?.verifiable_addresses?.[0]?.verified).toBe(true);
    const settingsId = new URL(done.body.redirect_browser_to).searchParams.get('flow') ?? '';
    const settings = await api.getSettingsFlow({ id: settingsId });
    expect(settings.ui.messages?.[0]).toMatchObject({ id: 1060001, type: 'success' });
    const saved = await api.updateSettingsFlow({
      flow: settings.id,
      updateSettingsFlowBody: { method: 'password', password: 'Recovered-2140-pw', csrf_token: csrfOf(settings) },
    });
    expect(saved.state).toBe('success');
    expect((await signIn(frontendApi(identity.publicBase).api, email, 'Recovered-2140-pw')).session.active).toBe(true);

    // The finished flow cannot be used again: the client is sent to a new one carrying 4060001.
    const retried = await api.updateRecoveryFlowRaw({
      flow: flow.id,
      updateRecoveryFlowBody: { method: 'code', code: code ?? '', csrf_token: csrfOf(flow) },
    });
    const replacement = await retried.value();
    expect(replacement.id).not.toBe(flow.id);
    expect(replacement.ui.messages?.map((message) => message.id)).toEqual([4060001]);
  });

  it('sends a JSON client to a new flow (303) when the flow expired', async () => {
    const { api, flow } = await sendRecovery(email);
    identity.clock.advance(61 * 60_000);
    try {
      const raw = await fetch(`${identity.publicBase}/self-service/recovery?flow=${flow.id}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ method: 'code', code: '123456' }),
      });
      expect(raw.status).toBe(303);
      expect(raw.headers.get('location')).toMatch(
        new RegExp(`^${identity.publicBase}/self-service/recovery/flows\\?id=`),
      );
      const followed = await api.updateRecoveryFlow({
        flow: flow.id,
        updateRecoveryFlowBody: { method: 'code', code: '123456', csrf_token: csrfOf(flow) },
      });
      expect(followed.ui.messages?.map((message) => message.id)).toEqual([4060005]);
    } finally {
      identity.clock.advance(-61 * 60_000);
    }
  });

  it('refuses recovery while signed in (session_already_available)', async () => {
    const { api } = frontendApi(identity.publicBase);
    await signIn(api, 'recover@pool.test', 'Recovered-2140-pw');
    const refused = await failure(api.createBrowserRecoveryFlow());
    expect(refused.status).toBe(400);
    expect(refused.body.error.id).toBe('session_already_available');
  });

  it('verifies an address with a mailed code; a wrong code is a 200, a finished flow is replaced (410)', async () => {
    const { api } = frontendApi(identity.publicBase);
    await register(api, 'verify@pool.test', strongPassword);
    const flow = await api.createBrowserVerificationFlow({ returnTo: `${identity.origin}/workers` });
    expect(flow.state).toBe('choose_method');
    const sent = await api.updateVerificationFlow({
      flow: flow.id,
      updateVerificationFlowBody: { method: 'code', email: 'verify@pool.test', csrf_token: csrfOf(flow) },
    });
    expect(sent.state).toBe('sent_email');
    expect(sent.ui.messages?.map((message) => message.id)).toEqual([1080003]);
    const wrong = await api.updateVerificationFlow({
      flow: flow.id,
      updateVerificationFlowBody: { method: 'code', code: '000001' },
    });
    expect(messageIds(wrong)).toEqual([4070006]);
    const code = await lastCodeFor(identity, 'verify@pool.test');
    const done = await api.updateVerificationFlow({
      flow: flow.id,
      updateVerificationFlowBody: { method: 'code', code: code ?? '' },
    });
    expect(done.state).toBe('passed_challenge');
    expect(done.ui).toMatchObject({ method: 'GET', action: `${identity.origin}/workers` });
    expect(done.ui.messages?.map((message) => message.id)).toEqual([1080002]);
    expect(done.ui.nodes).toMatchObject([
      { type: 'a', attributes: { id: 'continue', href: `${identity.origin}/workers` } },
    ]);
    expect((await api.toSession()).identity?.verifiable_addresses?.[0]).toMatchObject({
      verified: true,
      status: 'completed',
    });
    const replaced = await failure(
      api.updateVerificationFlow({ flow: flow.id, updateVerificationFlowBody: { method: 'code', code: code ?? '' } }),
    );
    expect(replaced.status).toBe(410);
    expect(replaced.body.error.id).toBe('self_service_flow_replaced');
    const next = await api.getVerificationFlow({ id: replaced.body.use_flow_id });
    expect(next.ui.messages?.map((message) => message.id)).toEqual([4070002]);
  });

  it('redirects a verification submit without Accept: application/json, even with a JSON body', async () => {
    const { api, jar } = frontendApi(identity.publicBase);
    const flow = await api.createBrowserVerificationFlow();
    const response = await jar.fetch(`${identity.publicBase}/self-service/verification?flow=${flow.id}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'code', email: 'verify@pool.test', csrf_token: csrfOf(flow) }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${identity.origin}/auth/verification?flow=${flow.id}`);
  });
});
