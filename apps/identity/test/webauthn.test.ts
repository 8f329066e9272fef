import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrontendApi } from '@ory/client-fetch';
import { testDatabaseKinds } from '@pool/db/testing';
import { startIdentity, type RunningIdentity } from './support/harness.ts';
import { frontendApi } from './support/browser.ts';
import { attributesOf, csrfOf, failure, messageIds, nodeNamed, register } from './support/flows.ts';
import { SoftwareAuthenticator } from './support/authenticator.ts';

describe.each(testDatabaseKinds)('WebAuthn security keys on %s', (kind) => {
  let identity: RunningIdentity;
  const rpId = '127.0.0.1';

  beforeAll(async () => {
    identity = await startIdentity(kind);
  });
  afterAll(async () => identity?.close());

  async function addKey(api: FrontendApi, key: SoftwareAuthenticator, name: string) {
    const flow = await api.createBrowserSettingsFlow();
    const trigger = attributesOf(flow, 'webauthn_register_trigger');
    expect(trigger).toMatchObject({ type: 'button', onclickTrigger: 'oryWebAuthnRegistration' });
    return api.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: {
        method: 'webauthn',
        webauthn_register: key.register(String(trigger.value), rpId),
        webauthn_register_displayname: name,
        csrf_token: csrfOf(flow),
      },
    });
  }

  async function passwordStep(api: FrontendApi, email: string) {
    const flow = await api.createBrowserLoginFlow();
    const step = await failure(
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
    expect(step.status).toBe(422);
  }

  it('serves the WebAuthn script with the integrity its node announces, under the base and at the root', async () => {
    const { api } = frontendApi(identity.publicBase);
    await register(api, 'script@pool.test');
    const flow = await api.createBrowserSettingsFlow();
    const script = attributesOf(flow, 'webauthn_script');
    expect(script.src).toBe(`${identity.publicBase}/.well-known/ory/webauthn.js`);
    for (const url of [String(script.src), `${identity.origin}/.well-known/ory/webauthn.js`]) {
      const response = await fetch(url);
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=UTF-8');
      const body = await response.text();
      expect(body).toContain('window.oryWebAuthnLogin');
      expect(script.integrity).toBe(`sha512-${createHash('sha512').update(body).digest('base64')}`);
    }
    expect(await api.getWebAuthnJavaScript()).toContain('oryWebAuthnRegistration');
  });

  it('registers keys (none and packed attestation) and signs in at aal2 with an assertion', async () => {
    const { api } = frontendApi(identity.publicBase);
    await register(api, 'keys@pool.test');
    const none = new SoftwareAuthenticator(identity.origin, 'none');
    const packed = new SoftwareAuthenticator(identity.origin, 'packed');
    expect((await addKey(api, none, 'Blue key')).state).toBe('success');
    const saved = await addKey(api, packed, 'Red key');
    const removals = saved.ui.nodes.filter((node) => (node.attributes as { name?: string }).name === 'webauthn_remove');
    expect(removals.map((node) => node.meta.label?.text)).toEqual([
      'Remove security key "Blue key"',
      'Remove security key "Red key"',
    ]);
    expect((removals[0]?.attributes as { value: string }).value).toBe(none.credentialId.toString('hex'));

    const { api: other } = frontendApi(identity.publicBase);
    await passwordStep(other, 'keys@pool.test');
    const login = await other.createBrowserLoginFlow({ aal: 'aal2' });
    expect(nodeNamed(login, 'webauthn_login_trigger')?.meta.label?.id).toBe(1010008);
    const options = String(attributesOf(login, 'webauthn_login_trigger').value);
    const forged = await failure(
      other.updateLoginFlow({
        flow: login.id,
        updateLoginFlowBody: {
          method: 'webauthn',
          identifier: 'keys@pool.test',
          webauthn_login: packed.assert(options, rpId, 'bm90LXRoZS1jaGFsbGVuZ2U'),
          csrf_token: csrfOf(login),
        },
      }),
    );
    expect(messageIds(forged.body)).toEqual([4000043]);
    const done = await other.updateLoginFlow({
      flow: login.id,
      updateLoginFlowBody: {
        method: 'webauthn',
        identifier: 'keys@pool.test',
        webauthn_login: packed.assert(options, rpId),
        csrf_token: csrfOf(login),
      },
    });
    expect(done.session.authenticator_assurance_level).toBe('aal2');
    expect(done.session.authentication_methods?.map((entry) => entry.method)).toEqual(['password', 'webauthn']);

    const settings = await api.createBrowserSettingsFlow();
    const removed = await api.updateSettingsFlow({
      flow: settings.id,
      updateSettingsFlowBody: {
        method: 'webauthn',
        webauthn_remove: none.credentialId.toString('hex'),
        csrf_token: csrfOf(settings),
      },
    });
    expect(
      removed.ui.nodes.filter((node) => (node.attributes as { name?: string }).name === 'webauthn_remove'),
    ).toHaveLength(1);
  });

  it('says 4000013 when no security key is set up', async () => {
    const { api } = frontendApi(identity.publicBase);
    await register(api, 'nokey@pool.test');
    const flow = await api.createBrowserLoginFlow({ aal: 'aal2' });
    const refused = await failure(
      api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: 'webauthn', identifier: '', webauthn_login: '{}', csrf_token: csrfOf(flow) },
      }),
    );
    expect(messageIds(refused.body)).toEqual([4000013]);
  });
});
