import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@pool/db/testing';
import { startIdentity, type RunningIdentity } from './support/harness.ts';
import { frontendApi } from './support/browser.ts';
import { csrfOf, register } from './support/flows.ts';
import { lastCodeFor } from './support/outbox.ts';

describe.each(testDatabaseKinds)('changing the e-mail in settings (spec 2) on %s', (kind) => {
  let identity: RunningIdentity;

  beforeAll(async () => {
    identity = await startIdentity(kind);
  });
  afterAll(async () => identity?.close());

  it('mails a code to the new address and answers show_verification_ui, as Kratos does; the code verifies it', async () => {
    const { api } = frontendApi(identity.publicBase);
    await register(api, 'before.change@pool.test');
    const flow = await api.createBrowserSettingsFlow();
    const saved = await api.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: {
        method: 'profile',
        traits: { email: 'after.change@pool.test', terms_agreed: true },
        csrf_token: csrfOf(flow),
      },
    });
    expect(saved.state).toBe('success');
    const show = saved.continue_with?.find((entry) => entry.action === 'show_verification_ui');
    expect(show).toMatchObject({ flow: { verifiable_address: 'after.change@pool.test' } });
    const session = await api.toSession();
    expect(session.identity?.verifiable_addresses).toEqual([
      expect.objectContaining({ value: 'after.change@pool.test', verified: false, status: 'sent' }),
    ]);

    const code = await lastCodeFor(identity, 'after.change@pool.test');
    expect(code).toMatch(/^\d{6}$/);
    expect(await lastCodeFor(identity, 'before.change@pool.test')).not.toBe(code);
    const verificationId = show && 'flow' in show ? show.flow.id : '';
    const done = await api.updateVerificationFlow({
      flow: verificationId,
      updateVerificationFlowBody: { method: 'code', code: code ?? '' },
    });
    expect(done.state).toBe('passed_challenge');
    expect((await api.toSession()).identity?.verifiable_addresses?.[0]).toMatchObject({
      value: 'after.change@pool.test',
      verified: true,
    });
  });

  it('sends nothing when the profile keeps its e-mail', async () => {
    const { api } = frontendApi(identity.publicBase);
    await register(api, 'kept@pool.test');
    const before = await lastCodeFor(identity, 'kept@pool.test');
    const flow = await api.createBrowserSettingsFlow();
    const saved = await api.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: {
        method: 'profile',
        traits: { email: 'kept@pool.test', terms_agreed: true },
        csrf_token: csrfOf(flow),
      },
    });
    expect(saved.continue_with?.map((entry) => entry.action)).toEqual(['redirect_browser_to']);
    expect(await lastCodeFor(identity, 'kept@pool.test')).toBe(before);
  });
});
