import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import type {
  DeletionRequest,
  PoolUser,
  PoolUserInvite,
  PoolUserPermission,
  PoolUserSession,
  PoolUsersPage,
} from '@pool/contract/pool-users';
import type { TestBrowser } from './support/browser.ts';
import { testFactory, type TestFactory, type TestMiner, type TestPerson } from './support/factory.ts';
import { capturePrintedMail } from './support/printed-mail.ts';
import { startTestServer, type TestServer } from './support/server.ts';

interface ErrorAnswer {
  error: { code: string; message: string };
}

describe.each(testDatabaseKinds)('pool users (spec 6, issue 17) on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  let factory: TestFactory;
  let mail: ReturnType<typeof capturePrintedMail>;
  // The pool's admin and a platform admin, both with two-factor: they make critical changes.
  let poolAdmin: TestPerson;
  let staff: TestBrowser;
  let platform: TestBrowser;
  // A pool admin without two-factor: reads, but never passes the step-up.
  let unverified: TestBrowser;
  let alice: TestPerson;
  let aliceMiner: TestMiner;
  let pool = '';
  const api = (path: string) => `/api/backend/v0.1/pools/${pool}${path}`;

  /** The identity as the identity service's admin API answers it: what the product may not write itself. */
  const identityOf = async (id: string) => {
    const response = await fetch(`${server.identityAdmin.baseUrl()}/admin/identities/${id}`, {
      headers: server.identityAdmin.headers,
    });
    return { status: response.status, body: (await response.json()) as { credentials?: Record<string, unknown> } };
  };

  beforeAll(async () => {
    mail = capturePrintedMail();
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
    factory = await testFactory(database, server);
    pool = factory.pool.id;
    poolAdmin = await factory.newPerson({ email: 'staff@pool.test', totp: true });
    await factory.grant(poolAdmin, factory.pool, 'admin');
    staff = await factory.signIn(poolAdmin);
    const platformAdmin = await factory.newPerson({ email: 'platform@pool.test', totp: true });
    await factory.grant(platformAdmin, factory.platform, 'admin');
    platform = await factory.signIn(platformAdmin);
    const plainAdmin = await factory.newPerson({ email: 'plain.admin@pool.test' });
    await factory.grant(plainAdmin, factory.pool, 'admin');
    unverified = await factory.signIn(plainAdmin);
    alice = await factory.newPerson({ email: 'alice@miners.test' });
    aliceMiner = await factory.newMiner({ owner: alice, accountName: 'alice_hash' });
    for (const name of ['bob', 'carol', 'dave']) {
      await factory.newMiner({
        owner: await factory.newPerson({ email: `${name}@miners.test` }),
        accountName: `${name}_rig`,
      });
    }
  });
  afterAll(async () => {
    mail?.restore();
    await server?.close();
    await database?.close();
  });

  it('lists the pool users a page at a time, and finds them by part of an e-mail or of an account name', async () => {
    const all = await staff.json<PoolUsersPage>(api('/users?per_page=100'));
    expect(all.status).toBe(200);
    expect(all.body.items.map((user) => user.email)).toEqual(
      expect.arrayContaining(['alice@miners.test', 'bob@miners.test', 'staff@pool.test', 'platform@pool.test']),
    );
    expect(all.body.total).toBe(all.body.items.length);
    expect(all.body.items.find((user) => user.email === 'alice@miners.test')?.accounts).toEqual([
      { account_type: 'miner', account_name: 'alice_hash', role: 'owner' },
    ]);

    const byEmail = await staff.json<PoolUsersPage>(api('/users?search=CAROL@'));
    expect(byEmail.body.items.map((user) => user.email)).toEqual(['carol@miners.test']);
    const byAccount = await staff.json<PoolUsersPage>(api('/users?search=alice_h'));
    expect(byAccount.body.items.map((user) => user.email)).toEqual(['alice@miners.test']);
    // The search's own wildcards are taken literally: "_rig" is not "any character, then rig".
    const literal = await staff.json<PoolUsersPage>(api('/users?search=%25'));
    expect(literal.body).toMatchObject({ items: [], total: 0 });

    const first = await staff.json<PoolUsersPage>(api('/users?search=miners.test&per_page=2'));
    const second = await staff.json<PoolUsersPage>(api('/users?search=miners.test&per_page=2&page=2'));
    expect(first.body.total).toBe(4);
    expect(second.body).toMatchObject({ total: 4, page: 2, per_page: 2 });
    expect([...first.body.items, ...second.body.items].map((user) => user.email)).toEqual([
      'alice@miners.test',
      'bob@miners.test',
      'carol@miners.test',
      'dave@miners.test',
    ]);
  });

  it("shows a user's e-mail and its verification, second factors, last sign-in, roles and sessions", async () => {
    const aliceBrowser = await factory.signIn(alice);
    const user = await staff.json<PoolUser>(api(`/users/${alice.id}`));
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({
      id: alice.id,
      email: 'alice@miners.test',
      email_verified: true,
      second_factors: { totp: false, lookup_secret: false, webauthn: false },
      actions: [],
    });
    expect(Date.now() - Date.parse(user.body.last_sign_in_at ?? '')).toBeLessThan(60_000);
    const staffSelf = await platform.json<PoolUser>(api(`/users/${poolAdmin.id}`));
    expect(staffSelf.body.second_factors.totp).toBe(true);

    const permissions = await staff.json<PoolUserPermission[]>(api(`/users/${alice.id}/permissions`));
    expect(permissions.body).toEqual([
      expect.objectContaining({
        account_type: 'miner',
        account_id: aliceMiner.id,
        account_name: 'alice_hash',
        role: 'owner',
      }),
    ]);
    const sessions = await staff.json<PoolUserSession[]>(api(`/users/${alice.id}/sessions`));
    expect(sessions.body.length).toBeGreaterThanOrEqual(1);
    expect(sessions.body[0]).toMatchObject({ active: true, authenticator_assurance_level: 'aal1' });
    expect((await aliceBrowser.json('/api/backend/v0.1/identity')).status).toBe(200);
  });

  it('answers 404 for a person with no role in the pool, so staff learn nothing about them', async () => {
    const outsider = await factory.newPerson({ email: 'outsider@elsewhere.test' });
    expect((await staff.json(api(`/users/${outsider.id}`))).status).toBe(404);
    expect((await staff.json(api(`/users/${outsider.id}/sessions`))).status).toBe(404);
    const list = await staff.json<PoolUsersPage>(api('/users?search=outsider'));
    expect(list.body.total).toBe(0);
  });

  it('closes one session of a user through the identity service, and records who did it', async () => {
    const bob = await factory.newPerson({ email: 'bob.two@miners.test' });
    await factory.newMiner({ owner: bob, accountName: 'bob_two' });
    const laptop = await factory.signIn(bob);
    const phone = await factory.signIn(bob);
    const sessions = await staff.json<PoolUserSession[]>(api(`/users/${bob.id}/sessions`));
    expect(sessions.body.filter((session) => session.active)).toHaveLength(2);
    const newest = sessions.body[0]?.id ?? '';

    // Without a recent second factor nothing happens.
    const refused = await unverified.json<ErrorAnswer>(api(`/sessions/${newest}`), { method: 'DELETE' });
    expect(refused.body.error.code).toBe('additional_authentication_required');
    expect((await phone.json('/api/backend/v0.1/identity')).status).toBe(200);

    expect((await staff.json(api(`/sessions/${newest}`), { method: 'DELETE' })).status).toBe(204);
    // The newest sign-in was the phone's; the laptop stays signed in.
    expect((await phone.json('/api/backend/v0.1/identity')).status).toBe(401);
    expect((await laptop.json('/api/backend/v0.1/identity')).status).toBe(200);
    const after = await staff.json<PoolUserSession[]>(api(`/users/${bob.id}/sessions`));
    expect(after.body.filter((session) => session.active)).toHaveLength(1);

    const user = await staff.json<PoolUser>(api(`/users/${bob.id}`));
    expect(user.body.actions).toEqual([
      expect.objectContaining({
        action: 'session_closed',
        actor_email: 'staff@pool.test',
        detail: { session_id: newest },
      }),
    ]);
    // A session that is not a pool user's, or none at all, is not found (an id one digit off the closed one's).
    const unknown = `${newest.slice(0, -1)}${newest.endsWith('0') ? '1' : '0'}`;
    expect((await staff.json(api(`/sessions/${unknown}`), { method: 'DELETE' })).status).toBe(404);
  });

  it("resets a user's second factor for a lost phone: factors removed, sessions ended, a password sign-in sets one up again", async () => {
    const erin = await factory.newPerson({ email: 'erin@miners.test', totp: true });
    await factory.newMiner({ owner: erin, accountName: 'erin_rig' });
    const erinBrowser = await factory.signIn(erin);
    expect(Object.keys((await identityOf(erin.id)).body.credentials ?? {})).toContain('totp');

    const reset = await platform.json<{ removed: string[] }>(api(`/users/${erin.id}/2fa/reset`), { method: 'POST' });
    expect(reset.status).toBe(200);
    expect(reset.body.removed).toContain('totp');
    expect(Object.keys((await identityOf(erin.id)).body.credentials ?? {})).toEqual(['password']);
    expect((await erinBrowser.json('/api/backend/v0.1/identity')).status).toBe(401);

    // Erin signs in with her password alone now; her identity shows no second factor to set up again.
    await erinBrowser.signIn(erin.email, erin.password);
    const info = await erinBrowser.json<{ credentials: Record<string, boolean> }>('/api/backend/v0.1/identity');
    expect(info.body.credentials).toEqual({ totp: false, lookup_secret: false, webauthn: false });

    const user = await staff.json<PoolUser>(api(`/users/${erin.id}`));
    expect(user.body.second_factors.totp).toBe(false);
    expect(user.body.actions[0]).toMatchObject({
      action: 'second_factor_reset',
      actor_email: 'platform@pool.test',
      detail: { factors: reset.body.removed },
    });
    // Nothing left to reset.
    const again = await staff.json<ErrorAnswer>(api(`/users/${erin.id}/2fa/reset`), { method: 'POST' });
    expect(again.status).toBe(409);
  });

  it('never resets one’s own second factor this way', async () => {
    const own = await staff.json<ErrorAnswer>(api(`/users/${poolAdmin.id}/2fa/reset`), { method: 'POST' });
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('access_denied');
    expect(Object.keys((await identityOf(poolAdmin.id)).body.credentials ?? {})).toContain('totp');
  });

  it('lists the invitations to the user’s e-mail and resends one with a new link; the old one stops working', async () => {
    const invite = await factory.newInvite(aliceMiner, { email: 'carol@miners.test', role: 'viewer', by: alice });
    const carol = (await staff.json<PoolUsersPage>(api('/users?search=carol@'))).body.items[0]?.id ?? '';
    const invites = await staff.json<PoolUserInvite[]>(api(`/users/${carol}/invites`));
    expect(invites.body).toEqual([
      expect.objectContaining({ id: invite.id, account_name: 'alice_hash', role: 'viewer', state: 'pending' }),
    ]);

    const resent = await staff.json<PoolUserInvite>(api(`/users/${carol}/invites`), {
      method: 'POST',
      body: JSON.stringify({ invite_id: invite.id }),
    });
    expect(resent.status).toBe(200);
    expect(Date.parse(resent.body.expires_at) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    const token = mail.inviteToken('carol@miners.test');
    expect(token).toHaveLength(43);
    expect(token).not.toBe(invite.token);
    const anyone = await factory.signIn(alice);
    expect((await anyone.json(`/api/backend/v0.1/invites/${invite.token}`)).status).toBe(404);
    expect((await anyone.json(`/api/backend/v0.1/invites/${token}`)).status).toBe(200);

    const user = await staff.json<PoolUser>(api(`/users/${carol}`));
    expect(user.body.actions[0]).toMatchObject({
      action: 'invite_resent',
      actor_email: 'staff@pool.test',
      detail: { invite_id: invite.id, account_name: 'alice_hash', role: 'viewer' },
    });
    // An invitation to someone else is not this user's to resend.
    const other = await factory.newInvite(aliceMiner, { email: 'nobody@miners.test', role: 'viewer', by: alice });
    const foreign = await staff.json(api(`/users/${carol}/invites`), {
      method: 'POST',
      body: JSON.stringify({ invite_id: other.id }),
    });
    expect(foreign.status).toBe(404);
  });

  it('deletes a user on request: identity, sessions and roles gone, the request and the record kept', async () => {
    const frank = await factory.newPerson({ email: 'frank@miners.test' });
    await factory.newMiner({ owner: frank, accountName: 'frank_rig' });
    const frankBrowser = await factory.signIn(frank);
    expect((await staff.json(api(`/users/${frank.id}/deletion-request`))).status).toBe(404);

    const deleted = await staff.json<DeletionRequest>(api(`/users/${frank.id}/user`), { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({
      state: 'completed',
      email: 'frank@miners.test',
      requested_by_email: 'staff@pool.test',
    });
    expect((await identityOf(frank.id)).status).toBe(404);
    expect((await frankBrowser.json('/api/backend/v0.1/identity')).status).toBe(401);
    expect((await staff.json(api(`/users/${frank.id}`))).status).toBe(404);
    const request = await platform.json<DeletionRequest>(api(`/users/${frank.id}/deletion-request`));
    expect(request.body).toEqual(deleted.body);
    expect(request.body.completed_at).not.toBeNull();

    const own = await staff.json<ErrorAnswer>(api(`/users/${poolAdmin.id}/user`), { method: 'DELETE' });
    expect(own.status).toBe(403);
    expect((await identityOf(poolAdmin.id)).status).toBe(200);
  });

  it('refuses a miner owner, a pool viewer, and a platform admin acting on another pool', async () => {
    const owner = await factory.signIn(alice);
    expect((await owner.json(api('/users'))).status).toBe(403);
    const viewer = await factory.newPerson({ email: 'viewer@pool.test' });
    await factory.grant(viewer, factory.pool, 'viewer');
    expect((await (await factory.signIn(viewer)).json(api('/users'))).status).toBe(403);
    const elsewhere = '00000000-0000-4000-8000-000000000001';
    expect((await platform.json(`/api/backend/v0.1/pools/${elsewhere}/users`)).status).toBe(403);
  });
});
