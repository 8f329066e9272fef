import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import type { RunningServer } from '../src/server.ts';
import { demoPassword, demoPeople } from '../src/demo/people.ts';
import { TestBrowser } from './support/browser.ts';
import { capturePrintedMail } from './support/printed-mail.ts';
import { startTestServer } from './support/server.ts';

const alice = demoPeople.find((person) => person.email === 'alice@demo.pool');
const bob = demoPeople.find((person) => person.email === 'bob@demo.pool');

describe.each(testDatabaseKinds)('access to accounts and invitations on %s', (kind) => {
  let database: Database;
  let server: RunningServer;
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
    const rows = await database.query<{ id: string; account_name: string }>('select id, account_name from app.miners');
    aliceMiner = rows.find((row) => row.account_name === 'alice_hash')?.id ?? '';
    bobMiner = rows.find((row) => row.account_name === 'bob_mining')?.id ?? '';
    owner = await signedIn(alice);
    stranger = await signedIn(bob);
  });
  afterAll(async () => {
    mail?.restore();
    await server?.close();
    await database?.close();
  });

  async function signedIn(person: typeof alice): Promise<TestBrowser> {
    const browser = new TestBrowser(server.listeningOn);
    await browser.signIn(person?.email ?? '', demoPassword, person?.totpSecret);
    return browser;
  }

  it('invites an e-mail with a role, lists it, and mails a link with a token kept only hashed', async () => {
    const invited = await owner.json(`/api/backend/v0.1/miners/${aliceMiner}/access`, {
      method: 'POST',
      body: JSON.stringify({ email: 'Viewer.One@Example.com', role: 'viewer' }),
    });
    expect(invited.status).toBe(204);
    const list = await owner.json<{ members: { email: string; role: string }[]; invites: { email: string }[] }>(
      `/api/backend/v0.1/miners/${aliceMiner}/access`,
    );
    expect(list.body.members).toEqual([expect.objectContaining({ email: 'alice@demo.pool', role: 'owner' })]);
    expect(list.body.invites).toEqual([expect.objectContaining({ email: 'viewer.one@example.com' })]);
    const token = await latestInviteToken('viewer.one@example.com');
    expect(token).toHaveLength(43);
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
    const [ownerPermission] = await database.query<{ id: string }>(
      "select id from app.permissions where account_id = $1 and role = 'owner'",
      [aliceMiner],
    );
    expect((await stranger.json(`${path}/${ownerPermission?.id ?? ''}`, { method: 'DELETE' })).status).toBe(403);
    expect(await database.query("select 1 from app.invites where email = 'mallory@example.com'")).toEqual([]);
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
    const grants = await database.query<{ role: string }>(
      "select p.role from app.permissions p join app.users u on u.id = p.user_id where u.email = 'new.person@example.com'",
    );
    expect(grants).toEqual([{ role: 'manager' }]);
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
