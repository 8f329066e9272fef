import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@pool/db/testing';
import { startIdentity, type RunningIdentity } from './support/harness.ts';
import { frontendApi } from './support/browser.ts';
import {
  attributesOf,
  csrfOf,
  failure,
  messageIds,
  nodeMessageIds,
  nodeNamed,
  strongPassword,
} from './support/flows.ts';

describe.each(testDatabaseKinds)('registration contract on %s', (kind) => {
  let identity: RunningIdentity;

  beforeAll(async () => {
    identity = await startIdentity(kind, { passwordMinLength: 10 });
  });
  afterAll(async () => identity?.close());

  async function attempt(traits: Record<string, unknown>, password?: string) {
    const { api } = frontendApi(identity.publicBase);
    const flow = await api.createBrowserRegistrationFlow();
    return failure(
      api.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: {
          method: 'password',
          csrf_token: csrfOf(flow),
          traits,
          password: password as string,
        },
      }),
    );
  }

  it('offers the traits and a new password whose minimum length is configuration', async () => {
    const { api } = frontendApi(identity.publicBase);
    const flow = await api.createBrowserRegistrationFlow();
    expect(nodeNamed(flow, 'traits.email')).toMatchObject({
      group: 'default',
      attributes: { type: 'email', required: true, autocomplete: 'email' },
      meta: { label: { id: 1070002, text: 'E-Mail' } },
    });
    expect(nodeNamed(flow, 'traits.terms_agreed')?.attributes).toMatchObject({ type: 'checkbox', required: true });
    expect(nodeNamed(flow, 'password')?.meta.label?.id).toBe(1070001);
    expect(nodeNamed(flow, 'method')?.meta.label?.id).toBe(1040001);
    const raw = (await (
      await fetch(`${identity.publicBase}/self-service/registration/browser`, {
        headers: { accept: 'application/json' },
      })
    ).json()) as {
      ui: { nodes: { attributes: { name: string; minlength?: number; autocomplete?: string } }[] };
    };
    expect(raw.ui.nodes.find((node) => node.attributes.name === 'password')?.attributes).toMatchObject({
      minlength: 10,
      autocomplete: 'new-password',
    });
  });

  it('puts trait problems on their nodes and echoes the traits, never the password', async () => {
    const missing = await attempt({}, strongPassword);
    expect(missing.status).toBe(400);
    expect(nodeMessageIds(missing.body, 'traits.email')).toEqual([4000002]);
    expect(nodeMessageIds(missing.body, 'traits.terms_agreed')).toEqual([4000002]);
    const refused = await attempt({ email: 'not-an-email', terms_agreed: false }, strongPassword);
    expect(nodeMessageIds(refused.body, 'traits.email')).toEqual([4000040]);
    expect(nodeNamed(refused.body, 'traits.terms_agreed')?.messages).toMatchObject([
      { id: 4000029, text: 'must be equal to constant true' },
    ]);
    expect(attributesOf(refused.body, 'traits.email').value).toBe('not-an-email');
    expect(attributesOf(refused.body, 'password').value).toBeUndefined();
    const noPassword = await attempt({ email: 'a@pool.test', terms_agreed: true });
    expect(nodeMessageIds(noPassword.body, 'password')).toEqual([4000002]);
  });

  it('applies the password policy with Kratos message ids', async () => {
    const traits = { email: 'policy@pool.test', terms_agreed: true };
    expect(nodeNamed((await attempt(traits, 'short1')).body, 'password')?.messages).toMatchObject([
      {
        id: 4000032,
        text: 'The password must be at least 10 characters long, but got 6.',
        context: { min_length: 10, actual_length: 6 },
      },
    ]);
    expect(nodeMessageIds((await attempt(traits, `${'a'.repeat(72)}1`)).body, 'password')).toEqual([4000033]);
    expect(nodeMessageIds((await attempt(traits, 'no-digits-at-all')).body, 'password')).toEqual([4000005]);
    expect(nodeMessageIds((await attempt(traits, 'policy@pool.test1')).body, 'password')).toEqual([4000031]);
    expect(nodeMessageIds((await attempt(traits, 'password123')).body, 'password')).toEqual([4000034]);
  });

  it('creates the identity, signs it in, starts verification and keeps the sign-up data', async () => {
    const { api, jar } = frontendApi(identity.publicBase);
    const flow = await api.createBrowserRegistrationFlow();
    const result = await api.updateRegistrationFlow({
      flow: flow.id,
      updateRegistrationFlowBody: {
        method: 'password',
        csrf_token: csrfOf(flow),
        password: strongPassword,
        traits: { email: 'New.Miner@pool.test', terms_agreed: true },
        transient_payload: { promo_code: 'WELCOME10' },
      },
    });
    expect(result.identity.traits).toEqual({ email: 'New.Miner@pool.test', terms_agreed: true });
    expect(result.session?.authentication_methods?.[0]?.method).toBe('password');
    expect(jar.cookie('ory_kratos_session')).toBeDefined();
    expect(result.continue_with?.map((item) => item.action)).toEqual(['show_verification_ui', 'redirect_browser_to']);
    const verification = result.continue_with?.[0] as { flow: { id: string; verifiable_address: string; url: string } };
    expect(verification.flow.verifiable_address).toBe('new.miner@pool.test');
    const verificationFlow = await api.getVerificationFlow({ id: verification.flow.id });
    expect(verificationFlow.state).toBe('sent_email');
    const admin = (await (await identity.admin(`/admin/identities/${result.identity.id}`)).json()) as {
      metadata_admin: unknown;
    };
    expect(admin.metadata_admin).toEqual({ sign_up: { promo_code: 'WELCOME10' } });

    const again = await failure(api.createBrowserRegistrationFlow());
    expect(again.body.error.id).toBe('session_already_available');
    const duplicate = await attempt({ email: 'new.miner@POOL.test', terms_agreed: true }, strongPassword);
    expect(messageIds(duplicate.body)).toEqual([4000007]);
  });

  it('answers the profile step of a two-step registration with 400 and the credential form', async () => {
    const { api } = frontendApi(identity.publicBase);
    const flow = await api.createBrowserRegistrationFlow();
    const step = await failure(
      api.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: {
          method: 'profile',
          csrf_token: csrfOf(flow),
          traits: { email: 'two@pool.test', terms_agreed: true },
        },
      }),
    );
    expect(step.status).toBe(400);
    expect(messageIds(step.body)).toEqual([1040009]);
    expect(attributesOf(step.body, 'traits.email')).toMatchObject({ type: 'hidden', value: 'two@pool.test' });
    expect(attributesOf(step.body, 'screen')).toMatchObject({ value: 'previous' });
    const done = await api.updateRegistrationFlow({
      flow: flow.id,
      updateRegistrationFlowBody: {
        method: 'password',
        csrf_token: csrfOf(flow),
        password: strongPassword,
        traits: { email: 'two@pool.test', terms_agreed: true },
      },
    });
    expect(done.identity.traits).toMatchObject({ email: 'two@pool.test' });
  });
});
