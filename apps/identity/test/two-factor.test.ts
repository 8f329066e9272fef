import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrontendApi, SettingsFlow } from '@ory/client-fetch';
import { testDatabaseKinds } from '@pool/db/testing';
import { startIdentity, type RunningIdentity } from './support/harness.ts';
import { frontendApi } from './support/browser.ts';
import {
  attributesOf,
  csrfOf,
  enrolTotp,
  failure,
  messageIds,
  nodeMessageIds,
  nodeNamed,
  register,
  signIn,
  totpCode,
} from './support/flows.ts';

const minute = 60_000;

/** Password, then the 422 pointing at the aal2 login, then the second factor. */
async function passwordThen422(identity: RunningIdentity, api: FrontendApi, email: string) {
  const flow = await api.createBrowserLoginFlow({ returnTo: `${identity.origin}/payments` });
  return failure(
    api.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: {
        method: 'password',
        identifier: email,
        password: 'Stratum-2140-mine',
        csrf_token: csrfOf(flow),
      },
    }),
  );
}

describe.each(testDatabaseKinds)('second factor contract on %s', (kind) => {
  let identity: RunningIdentity;

  beforeAll(async () => {
    identity = await startIdentity(kind);
  });
  afterAll(async () => identity?.close());

  it('enrols TOTP from the flow-bound secret, shown as a QR image node and a text node', async () => {
    const { api } = frontendApi(identity.publicBase);
    await register(api, 'totp-enrol@pool.test');
    const flow = await api.createBrowserSettingsFlow();
    const qr = nodeNamed(flow, 'totp_qr');
    expect(qr).toMatchObject({ type: 'img', group: 'totp', meta: { label: { id: 1050005 } } });
    expect((qr?.attributes as { src: string }).src).toMatch(/^data:image\/png;base64,/);
    const secretNode = nodeNamed(flow, 'totp_secret_key');
    expect(secretNode).toMatchObject({ type: 'text', meta: { label: { id: 1050017 } } });
    const secret = String((secretNode?.attributes as { text: { id: number; text: string } }).text.text);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect((await api.createBrowserSettingsFlow()).id).not.toBe(flow.id);
    const other = await api.createBrowserSettingsFlow();
    expect((attributesOf(other, 'totp_secret_key').text as { text: string }).text).not.toBe(secret);

    const wrong = await failure(
      api.updateSettingsFlow({
        flow: flow.id,
        updateSettingsFlowBody: { method: 'totp', totp_code: '000000', csrf_token: csrfOf(flow) },
      }),
    );
    expect(wrong.status).toBe(400);
    expect(nodeMessageIds(wrong.body, 'totp_code')).toEqual([4000008]);
    expect(messageIds(wrong.body)).toEqual([]);

    const saved = await api.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: { method: 'totp', totp_code: totpCode(secret), csrf_token: csrfOf(flow) },
    });
    expect(saved.state).toBe('success');
    expect(saved.ui.messages).toMatchObject([{ id: 1050001, type: 'success' }]);
    expect(nodeNamed(saved, 'totp_unlink')).toBeDefined();
    expect(saved.continue_with?.[0]).toMatchObject({ action: 'redirect_browser_to' });
    const session = await api.toSession();
    expect(session.authenticator_assurance_level).toBe('aal2');
  });

  it('takes a 2FA person from password (422, aal1 cookie, whoami 403) to aal2 with a TOTP code', async () => {
    const first = frontendApi(identity.publicBase);
    await register(first.api, 'two-step@pool.test');
    const secret = await enrolTotp(first.api);

    const { api, jar } = frontendApi(identity.publicBase);
    const step = await passwordThen422(identity, api, 'two-step@pool.test');
    expect(step.status).toBe(422);
    expect(step.body.error.id).toBe('browser_location_change_required');
    expect(step.body.redirect_browser_to).toBe(
      `${identity.publicBase}/self-service/login/browser?aal=aal2&return_to=${encodeURIComponent(`${identity.origin}/payments`)}`,
    );
    expect(jar.cookie('ory_kratos_session')).toBeDefined();
    const whoami = await failure(api.toSession());
    expect(whoami.status).toBe(403);
    expect(whoami.body.error.id).toBe('session_aal2_required');
    expect(whoami.body.redirect_browser_to).toBe(`${identity.publicBase}/self-service/login/browser?aal=aal2`);

    const flow = await api.createBrowserLoginFlow({ aal: 'aal2', returnTo: `${identity.origin}/payments` });
    expect(flow.requested_aal).toBe('aal2');
    expect(flow.ui.messages?.map((message) => message.id)).toEqual([1010004]);
    expect(nodeNamed(flow, 'password')).toBeUndefined();
    expect(nodeNamed(flow, 'totp_code')?.meta.label?.id).toBe(1010006);
    expect(nodeNamed(flow, 'lookup_secret')).toBeUndefined();

    const wrong = await failure(
      api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: 'totp', totp_code: '000000', csrf_token: csrfOf(flow) },
      }),
    );
    expect(messageIds(wrong.body)).toEqual([4000008]);
    expect(nodeMessageIds(wrong.body, 'totp_code')).toEqual([]);

    // The enrolment used the current step: the next one is the code that is still unused.
    const code = totpCode(secret, Date.now() + 30_000);
    const done = await api.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: { method: 'totp', totp_code: code, csrf_token: csrfOf(flow) },
    });
    expect(done.session.authenticator_assurance_level).toBe('aal2');
    expect(done.continue_with).toEqual([
      { action: 'redirect_browser_to', redirect_browser_to: `${identity.origin}/payments` },
    ]);
    const session = await api.toSession();
    expect(session.authenticator_assurance_level).toBe('aal2');
    expect(session.authentication_methods?.map((entry) => entry.method)).toEqual(['password', 'totp']);

    // Stricter than Kratos: the same code does not work twice, even within its window.
    const other = frontendApi(identity.publicBase).api;
    expect((await passwordThen422(identity, other, 'two-step@pool.test')).status).toBe(422);
    const again = await other.createBrowserLoginFlow({ aal: 'aal2' });
    const replay = await failure(
      other.updateLoginFlow({
        flow: again.id,
        updateLoginFlowBody: { method: 'totp', totp_code: code, csrf_token: csrfOf(again) },
      }),
    );
    expect(messageIds(replay.body)).toEqual([4000008]);
  });

  it('regenerates, confirms, reveals and disables lookup codes; a used code is refused with 4000012', async () => {
    const { api } = frontendApi(identity.publicBase);
    await register(api, 'lookup@pool.test');
    let flow: SettingsFlow = await api.createBrowserSettingsFlow();
    expect(nodeNamed(flow, 'lookup_secret_regenerate')?.meta.label?.id).toBe(1050008);
    const early = await failure(
      api.updateSettingsFlow({
        flow: flow.id,
        updateSettingsFlowBody: { method: 'lookup_secret', lookup_secret_confirm: true, csrf_token: csrfOf(flow) },
      }),
    );
    expect(early.body.ui.messages[0]).toMatchObject({
      id: 4000001,
      text: 'You must (re-)generate recovery backup codes before you can save them.',
    });
    flow = await api.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: { method: 'lookup_secret', lookup_secret_regenerate: true, csrf_token: csrfOf(flow) },
    });
    expect(flow.state).toBe('show_form');
    const list = attributesOf(flow, 'lookup_secret_codes').text as {
      id: number;
      context: { secrets: { id: number; text: string }[] };
    };
    expect(list.id).toBe(1050015);
    const codes = list.context.secrets.map((secret) => secret.text);
    expect(codes).toHaveLength(12);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{8}$/);
    flow = await api.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: { method: 'lookup_secret', lookup_secret_confirm: true, csrf_token: csrfOf(flow) },
    });
    expect(flow.state).toBe('success');
    const stored = await identity.database.query<{ config: { codes: { hash: string }[] } }>(
      "select config from identity.credentials where type = 'lookup_secret'",
    );
    expect(JSON.stringify(stored)).not.toContain(codes[0]);

    const { api: other } = frontendApi(identity.publicBase);
    expect((await passwordThen422(identity, other, 'lookup@pool.test')).status).toBe(422);
    const login = await other.createBrowserLoginFlow({ aal: 'aal2' });
    expect(nodeNamed(login, 'lookup_secret')?.meta.label?.id).toBe(1010007);
    const invalid = await failure(
      other.updateLoginFlow({
        flow: login.id,
        updateLoginFlowBody: { method: 'lookup_secret', lookup_secret: 'zzzzzzzz', csrf_token: csrfOf(login) },
      }),
    );
    expect(messageIds(invalid.body)).toEqual([4000016]);
    const done = await other.updateLoginFlow({
      flow: login.id,
      updateLoginFlowBody: { method: 'lookup_secret', lookup_secret: codes[0] ?? '', csrf_token: csrfOf(login) },
    });
    expect(done.session.authenticator_assurance_level).toBe('aal2');

    const { api: third } = frontendApi(identity.publicBase);
    expect((await passwordThen422(identity, third, 'lookup@pool.test')).status).toBe(422);
    const reuse = await third.createBrowserLoginFlow({ aal: 'aal2' });
    const used = await failure(
      third.updateLoginFlow({
        flow: reuse.id,
        updateLoginFlowBody: { method: 'lookup_secret', lookup_secret: codes[0] ?? '', csrf_token: csrfOf(reuse) },
      }),
    );
    expect(messageIds(used.body)).toEqual([4000012]);

    let settings = await api.createBrowserSettingsFlow();
    settings = await api.updateSettingsFlow({
      flow: settings.id,
      updateSettingsFlowBody: { method: 'lookup_secret', lookup_secret_reveal: true, csrf_token: csrfOf(settings) },
    });
    expect(settings.state).toBe('show_form');
    const revealed = (attributesOf(settings, 'lookup_secret_codes').text as { context: { secrets: { id: number }[] } })
      .context.secrets;
    expect(revealed.filter((secret) => secret.id === 1050014)).toHaveLength(1);
    settings = await api.updateSettingsFlow({
      flow: settings.id,
      updateSettingsFlowBody: { method: 'lookup_secret', lookup_secret_disable: true, csrf_token: csrfOf(settings) },
    });
    expect(settings.state).toBe('success');
    expect(nodeNamed(settings, 'lookup_secret_regenerate')).toBeDefined();
  });

  it('asks for a recent sign-in (403 session_refresh_required) to change settings after 15 minutes', async () => {
    const { api } = frontendApi(identity.publicBase);
    await register(api, 'privileged@pool.test');
    const flow = await api.createBrowserSettingsFlow();
    identity.clock.advance(16 * minute);
    try {
      const refused = await failure(
        api.updateSettingsFlow({
          flow: flow.id,
          updateSettingsFlowBody: { method: 'password', password: 'Another-2140-pass', csrf_token: csrfOf(flow) },
        }),
      );
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({
        id: 'session_refresh_required',
        reason: 'The login session is too old and thus not allowed to update these fields. Please re-authenticate.',
      });
      expect(refused.body.redirect_browser_to).toBe(
        `${identity.publicBase}/self-service/login/browser?refresh=true&return_to=${encodeURIComponent(`${identity.publicBase}/self-service/settings?flow=${flow.id}`)}`,
      );
      const refresh = await api.createBrowserLoginFlow({ refresh: true });
      await api.updateLoginFlow({
        flow: refresh.id,
        updateLoginFlowBody: {
          method: 'password',
          identifier: 'privileged@pool.test',
          password: 'Stratum-2140-mine',
          csrf_token: csrfOf(refresh),
        },
      });
      const saved = await api.updateSettingsFlow({
        flow: flow.id,
        updateSettingsFlowBody: {
          method: 'password',
          password: 'Another-2140-pass',
          csrf_token: csrfOf(await api.getSettingsFlow({ id: flow.id })),
        },
      });
      expect(saved.state).toBe('success');
    } finally {
      identity.clock.advance(-16 * minute);
    }
    expect(
      (await signIn(frontendApi(identity.publicBase).api, 'privileged@pool.test', 'Another-2140-pass')).session.active,
    ).toBe(true);
  });

  it('keeps settings and the session list from an aal1 session of a 2FA identity (403 session_aal2_required)', async () => {
    const first = frontendApi(identity.publicBase);
    await register(first.api, 'aal-guard@pool.test');
    await enrolTotp(first.api);
    const { api } = frontendApi(identity.publicBase);
    expect((await passwordThen422(identity, api, 'aal-guard@pool.test')).status).toBe(422);
    const settings = await failure(api.createBrowserSettingsFlow());
    expect(settings.status).toBe(403);
    expect(settings.body.error.id).toBe('session_aal2_required');
    expect(settings.body.redirect_browser_to).toMatch(/\/self-service\/login\/browser\?aal=aal2&return_to=/);
    expect((await failure(api.listMySessions())).body.error.id).toBe('session_aal2_required');
  });
});
