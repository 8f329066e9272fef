import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import { TestBrowser } from './support/browser.ts';
import { testFactory, type TestPerson } from './support/factory.ts';
import { capturePrintedMail } from './support/printed-mail.ts';
import { startTestServer, type TestServer } from './support/server.ts';

interface AccessList {
  members: { id: string; email: string; role: string }[];
  invites: { email: string }[];
}

describe.each(testDatabaseKinds)('access to accounts and invitations on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  // Alice owns her miner and has two-factor; bob owns another miner and has none.
  let alice: TestPerson;
  let aliceMiner = '';
  let bobMiner = '';
  // One sign-in each for the whole file: the identity service refuses a TOTP code used before.
  let owner: TestBrowser;
  let stranger: TestBrowser;
  // Without SMTP the invitation link is printed once; the outbox keeps the mail without it.
  let mail: ReturnType<typeof capturePrintedMail>;
  const latestInviteToken = async (email: string) => mail.inviteToken(email);

  beforeAll(async () => {
    mail = capturePrintedMail();
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
    const factory = await testFactory(database, server);
    alice = await factory.newPerson({ totp: true });
    aliceMiner = (await factory.newMiner({ owner: alice, accountName: 'alice_hash' })).id;
    const bob = await factory.newPerson();
    bobMiner = (await factory.newMiner({ owner: bob })).id;
    owner = await factory.signIn(alice);
    stranger = await factory.signIn(bob);
  });
  afterAll(async () => {
    mail?.restore();
    await server?.close();
    await database?.close();
  });

  it('invites an e-mail with a role, lists it, and mails a link with a token kept only hashed', async () => {
    const invited = await owner.json(`/api/backend/v0.1/miners/${aliceMiner}/access`, {
      method: 'POST',
      body: JSON.stringify({ email: 'Viewer.One@Example.com', role: 'viewer' }),
    });
    expect(invited.status).toBe(204);
    const list = await owner.json<AccessList>(`/api/backend/v0.1/miners/${aliceMiner}/access`);
    expect(list.body.members).toEqual([expect.objectContaining({ email: alice.email, role: 'owner' })]);
    expect(list.body.invites).toEqual([expect.objectContaining({ email: 'viewer.one@example.com' })]);
    const token = await latestInviteToken('viewer.one@example.com');
    expect(token).toHaveLength(43);
    // A read of the table itself: what this test checks is what the database keeps.
    const stored = await database.query<{ token_hash: string }>('select token_hash from app.invites');
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
  });

  it("refuses another miner's owner: no reading, no inviting, no removing", async () => {
    const path = `/api/backend/v0.1/miners/${aliceMiner}/access`;
    expect((await stranger.json(path)).status).toBe(403);
    const invite = await stranger.json(path, {
      method: 'POST',
      body: JSON.stringify({ email: 'mallory@example.com', role: 'admin' }),
    });
    expect(invite.status).toBe(403);
    const list = await owner.json<AccessList>(path);
    const ownerPermission = list.body.members.find((member) => member.role === 'owner');
    expect((await stranger.json(`${path}/${ownerPermission?.id ?? ''}`, { method: 'DELETE' })).status).toBe(403);
    const after = await owner.json<AccessList>(path);
    expect(after.body.invites.map((invite) => invite.email)).not.toContain('mallory@example.com');
    expect(after.body.members).toEqual(list.body.members);
  });

  it('asks a person without two-factor for it before a critical change', async () => {
    const response = await stranger.json<{ error: { code: string } }>(`/api/backend/v0.1/miners/${bobMiner}/access`, {
      method: 'POST',
      body: JSON.stringify({ email: 'someone@example.com', role: 'viewer' }),
    });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('additional_authentication_required');
  });

  it('lets a new invitee agree to the terms, sign in by recovery code, and accept exactly once', async () => {
    await owner.json(`/api/backend/v0.1/miners/${aliceMiner}/access`, {
      method: 'POST',
      body: JSON.stringify({ email: 'new.person@example.com', role: 'manager' }),
    });
    const token = await latestInviteToken('new.person@example.com');
    const visitor = new TestBrowser(server.listeningOn);
    const info = await visitor.json<{ has_identity: boolean; role: string; account_name: string }>(
      `/api/backend/v0.1/invites/${token}`,
    );
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ has_identity: false, role: 'manager', account_name: 'alice_hash' });

    const activation = await visitor.json<{ recovery_flow_id: string; recovery_code: string }>(
      `/api/backend/v0.1/invites/${token}/activation`,
      { method: 'POST', body: JSON.stringify({ terms_agreed: true }) },
    );
    expect(activation.status).toBe(201);
    const flow = await visitor.json<{ ui: { nodes: { attributes: { name?: string; value?: unknown } }[] } }>(
      `/identity/self-service/recovery/flows?id=${activation.body.recovery_flow_id}`,
    );
    expect(flow.status).toBe(200);
    const csrf_token = flow.body.ui.nodes.find((node) => node.attributes.name === 'csrf_token')?.attributes.value;
    const recovered = await visitor.json(`/identity/self-service/recovery?flow=${activation.body.recovery_flow_id}`, {
      method: 'POST',
      body: JSON.stringify({ method: 'code', code: activation.body.recovery_code, csrf_token }),
    });
    expect(recovered.status).toBe(422);

    const accepted = await visitor.json<{ role: string }>('/api/backend/v0.1/invites/accept', {
      method: 'POST',
      body: JSON.stringify({ token }),
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ role: 'manager', account_id: aliceMiner });
    const again = await visitor.json('/api/backend/v0.1/invites/accept', {
      method: 'POST',
      body: JSON.stringify({ token }),
    });
    expect(again.status).toBe(404);
    const identity = await visitor.json<{ user: { email: string }; permissions: { role: string }[] }>(
      '/api/backend/v0.1/identity',
    );
    expect(identity.body.user.email).toBe('new.person@example.com');
    expect(identity.body.permissions.map((permission) => permission.role)).toEqual(['manager']);
  });

  it('refuses an invitation addressed to someone else', async () => {
    await owner.json(`/api/backend/v0.1/miners/${aliceMiner}/access`, {
      method: 'POST',
      body: JSON.stringify({ email: 'carol@example.com', role: 'viewer' }),
    });
    const token = await latestInviteToken('carol@example.com');
    const accepted = await stranger.json('/api/backend/v0.1/invites/accept', {
      method: 'POST',
      body: JSON.stringify({ token }),
    });
    expect(accepted.status).toBe(403);
  });
});
