import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@pool/db/testing';
import { startIdentity, type RunningIdentity } from './support/harness.ts';
import { frontendApi } from './support/browser.ts';
import { csrfOf, failure, register, signIn, totpCode } from './support/flows.ts';

const alice = {
  id: '0b7d5c2e-1f0a-4c38-9d2e-6a1f2c3b4d04',
  email: 'alice@demo.pool',
  password: 'Hashrate-2140',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};
const bob = { id: '0b7d5c2e-1f0a-4c38-9d2e-6a1f2c3b4d05', email: 'bob@demo.pool', password: 'Hashrate-2140' };

describe.each(testDatabaseKinds)('admin API and demo identities on %s', (kind) => {
  let identity: RunningIdentity;

  beforeAll(async () => {
    identity = await startIdentity(kind);
    await identity.service.seedDemo([alice, bob]);
    await identity.service.seedDemo([alice, bob]);
  });
  afterAll(async () => identity?.close());

  it('listens on loopback only and refuses calls without its bearer token', async () => {
    expect(new URL(identity.service.admin.baseUrl).hostname).toBe('127.0.0.1');
    const anonymous = await fetch(`${identity.service.admin.baseUrl}/admin/identities`);
    expect(anonymous.status).toBe(401);
    const wrong = await fetch(`${identity.service.admin.baseUrl}/admin/identities`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.status).toBe(401);
    expect((await fetch(`${identity.publicBase}/admin/identities`)).status).toBe(404);
  });

  it("seeds the demo people once, with their fixed ids, passwords and alice's TOTP", async () => {
    const list = (await (await identity.admin('/admin/identities')).json()) as {
      id: string;
      traits: { email: string };
    }[];
    expect(list.map((entry) => entry.id).sort()).toEqual([alice.id, bob.id]);
    const { api } = frontendApi(identity.publicBase);
    expect((await signIn(api, bob.email, bob.password)).session.active).toBe(true);
    const { api: second } = frontendApi(identity.publicBase);
    const step = await failure(signIn(second, alice.email, alice.password));
    expect(step.status).toBe(422);
    const flow = await second.createBrowserLoginFlow({ aal: 'aal2', refresh: true });
    const done = await second.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: { method: 'totp', totp_code: totpCode(alice.totpSecret), csrf_token: csrfOf(flow) },
    });
    expect(done.session.authenticator_assurance_level).toBe('aal2');
  });

  it('shows which credentials an identity has, never their secrets, and resets a second factor', async () => {
    const response = await identity.admin(`/admin/identities/${alice.id}`);
    const body = (await response.json()) as { credentials: Record<string, { type: string; identifiers: string[] }> };
    expect(Object.keys(body.credentials).sort()).toEqual(['password', 'totp']);
    expect(body.credentials.password?.identifiers).toEqual([alice.email]);
    expect(JSON.stringify(body)).not.toMatch(/hashed_password|totp_url|JBSWY/);
    expect(
      (await identity.admin(`/admin/identities/${alice.id}/credentials/password`, { method: 'DELETE' })).status,
    ).toBe(400);
    expect((await identity.admin(`/admin/identities/${alice.id}/credentials/totp`, { method: 'DELETE' })).status).toBe(
      204,
    );
    const after = (await (await identity.admin(`/admin/identities/${alice.id}`)).json()) as {
      credentials: Record<string, unknown>;
    };
    expect(Object.keys(after.credentials)).toEqual(['password']);
    expect((await signIn(frontendApi(identity.publicBase).api, alice.email, alice.password)).session.active).toBe(true);
    expect((await identity.admin('/admin/identities/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it("lists and revokes an identity's sessions, at once", async () => {
    const { api } = frontendApi(identity.publicBase);
    await signIn(api, bob.email, bob.password);
    const sessions = (await (await identity.admin(`/admin/identities/${bob.id}/sessions?active=true`)).json()) as {
      id: string;
    }[];
    expect(sessions.length).toBeGreaterThanOrEqual(1);
    const mine = await api.toSession();
    expect((await identity.admin(`/admin/sessions/${mine.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await failure(api.toSession())).status).toBe(401);
    await signIn(api, bob.email, bob.password);
    expect((await identity.admin(`/admin/identities/${bob.id}/sessions`, { method: 'DELETE' })).status).toBe(204);
    expect((await failure(api.toSession())).status).toBe(401);
  });

  it('creates an invitation: an identity without password and a recovery code that leads to settings', async () => {
    const created = await identity.admin('/admin/identities', {
      method: 'POST',
      body: JSON.stringify({ schema_id: 'default', traits: { email: 'invited@pool.test', terms_agreed: true } }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const codeResponse = await identity.admin('/admin/recovery/code', {
      method: 'POST',
      body: JSON.stringify({ identity_id: id, expires_in: '12h' }),
    });
    expect(codeResponse.status).toBe(201);
    const invitation = (await codeResponse.json()) as {
      recovery_link: string;
      recovery_code: string;
      expires_at: string;
    };
    expect(invitation.recovery_code).toMatch(/^\d{6}$/);
    expect(Date.parse(invitation.expires_at) - Date.now()).toBeGreaterThan(11 * 3_600_000);

    const { api, jar } = frontendApi(identity.publicBase);
    const opened = await jar.fetch(invitation.recovery_link, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(opened.status).toBe(303);
    const flowId = new URL(opened.headers.get('location') ?? '').searchParams.get('flow') ?? '';
    const flow = await api.getRecoveryFlow({ id: flowId });
    expect(flow.state).toBe('sent_email');
    const done = await failure(
      api.updateRecoveryFlow({
        flow: flowId,
        updateRecoveryFlowBody: { method: 'code', code: invitation.recovery_code, csrf_token: csrfOf(flow) },
      }),
    );
    expect(done.status).toBe(422);
    expect((await api.toSession()).identity?.id).toBe(id);
  });

  it('deletes an identity with its sessions; the courier outbox is readable', async () => {
    const { api } = frontendApi(identity.publicBase);
    const { identity: created } = await register(api, 'leaving@pool.test');
    expect((await identity.admin(`/admin/identities/${created.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await failure(api.toSession())).status).toBe(401);
    expect((await identity.admin(`/admin/identities/${created.id}`, { method: 'DELETE' })).status).toBe(404);
    await identity.service.flushBackground();
    const outbox = (await (await identity.admin('/admin/courier/messages?recipient=leaving@pool.test')).json()) as {
      template_type: string;
      status: string;
    }[];
    expect(outbox).toMatchObject([{ template_type: 'verification_code_valid', status: 'queued' }]);
  });
});
