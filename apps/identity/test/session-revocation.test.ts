import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@pool/db/testing';
import { startIdentity, type RunningIdentity } from './support/harness.ts';
import { frontendApi } from './support/browser.ts';
import { csrfOf, enrolTotp, failure, register, signIn, strongPassword } from './support/flows.ts';
import { lastCodeFor } from './support/outbox.ts';

describe.each(testDatabaseKinds)('sessions end with credential changes on %s', (kind) => {
  let identity: RunningIdentity;

  beforeAll(async () => {
    identity = await startIdentity(kind);
  });
  afterAll(async () => identity?.close());

  /** The person registered (first browser) and signed in on a second browser. */
  async function twoBrowsers(email: string) {
    const earlier = frontendApi(identity.publicBase);
    await register(earlier.api, email);
    const current = frontendApi(identity.publicBase);
    await signIn(current.api, email);
    expect((await earlier.api.toSession()).active).toBe(true);
    return { earlier: earlier.api, current: current.api };
  }

  it('finding 9: changing the password ends the other sessions, not the current one', async () => {
    const { earlier, current } = await twoBrowsers('password-change@pool.test');
    const flow = await current.createBrowserSettingsFlow();
    const saved = await current.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: { method: 'password', password: 'Changed-2140-pw', csrf_token: csrfOf(flow) },
    });
    expect(saved.state).toBe('success');
    expect((await failure(earlier.toSession())).status).toBe(401);
    expect((await current.toSession()).active).toBe(true);
  });

  it('finding 9: changing the e-mail ends the other sessions, not the current one', async () => {
    const { earlier, current } = await twoBrowsers('email-change@pool.test');
    const flow = await current.createBrowserSettingsFlow();
    const saved = await current.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: {
        method: 'profile',
        traits: { email: 'email-changed@pool.test', terms_agreed: true },
        csrf_token: csrfOf(flow),
      },
    });
    expect(saved.state).toBe('success');
    expect((await failure(earlier.toSession())).status).toBe(401);
    expect((await current.toSession()).identity?.traits).toMatchObject({ email: 'email-changed@pool.test' });
  });

  it('a profile change that keeps the e-mail ends no session', async () => {
    const { earlier, current } = await twoBrowsers('same-email@pool.test');
    const flow = await current.createBrowserSettingsFlow();
    await current.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: {
        method: 'profile',
        traits: { email: 'same-email@pool.test', terms_agreed: true },
        csrf_token: csrfOf(flow),
      },
    });
    expect((await earlier.toSession()).active).toBe(true);
  });

  it('finding 9: recovering the account ends every earlier session; the recovered one stays', async () => {
    const email = 'recovered-sessions@pool.test';
    const earlier = frontendApi(identity.publicBase);
    await register(earlier.api, email);
    const { api } = frontendApi(identity.publicBase);
    const flow = await api.createBrowserRecoveryFlow();
    await api.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: 'code', email, csrf_token: csrfOf(flow) },
    });
    const code = (await lastCodeFor(identity, email)) ?? '';
    const done = await failure(
      api.updateRecoveryFlow({
        flow: flow.id,
        updateRecoveryFlowBody: { method: 'code', code, csrf_token: csrfOf(flow) },
      }),
    );
    expect(done.body.error.id).toBe('browser_location_change_required');
    expect((await failure(earlier.api.toSession())).status).toBe(401);
    expect((await api.toSession()).authentication_methods?.[0]?.method).toBe('code_recovery');
  });

  it('finding 12: revoking sessions needs the second factor the identity has', async () => {
    const email = 'revoke-aal@pool.test';
    const owner = frontendApi(identity.publicBase);
    await register(owner.api, email);
    await enrolTotp(owner.api);
    const ownerSession = await owner.api.toSession();

    const { api } = frontendApi(identity.publicBase);
    const flow = await api.createBrowserLoginFlow();
    const step = await failure(
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
    expect(step.status).toBe(422);

    const all = await failure(api.disableMyOtherSessions());
    expect(all.status).toBe(403);
    expect(all.body.error.id).toBe('session_aal2_required');
    const one = await failure(api.disableMySession({ id: ownerSession.id }));
    expect(one.status).toBe(403);
    expect(one.body.error.id).toBe('session_aal2_required');
    expect((await owner.api.toSession()).id).toBe(ownerSession.id);
  });
});
