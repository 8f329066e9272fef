import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import { TestBrowser } from './support/browser.ts';
import { testFactory, type TestFactory, type TestMiner } from './support/factory.ts';
import { activate, csrfOf, onboardInvitee, recover, setPassword } from './support/onboarding.ts';
import { capturePrintedMail } from './support/printed-mail.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/** Regression tests of security review 1 on access control and invitations (findings 1, 5, 6, 7, 17, 18). */
const api = '/api/backend/v0.1';

interface AccessList {
  members: { id: string; user_id: string; email: string; role: string }[];
  invites: { id: string; email: string; role: string }[];
}

describe.each(testDatabaseKinds)('access control under attack on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  let factory: TestFactory;
  let mail: ReturnType<typeof capturePrintedMail>;
  /** Alice's miner; alice has two-factor, which critical changes need. */
  let alices: TestMiner;
  let aliceMiner = '';
  let poolId = '';
  let owner: TestBrowser;

  beforeAll(async () => {
    mail = capturePrintedMail();
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
    factory = await testFactory(database, server);
    alices = await factory.newMiner({ owner: await factory.newPerson({ totp: true }), accountName: 'alice_hash' });
    aliceMiner = alices.id;
    poolId = factory.pool.id;
    owner = await factory.signIn(alices.owner);
  });
  afterAll(async () => {
    mail?.restore();
    await server?.close();
    await database?.close();
  });

  const invite = async (by: TestBrowser, account: string, email: string, role: string) => {
    const response = await by.json(`${api}/${account}/access`, {
      method: 'POST',
      body: JSON.stringify({ email, role }),
    });
    expect(response.status, `inviting ${email}`).toBe(204);
    return mail.inviteToken(email);
  };
  const accept = (browser: TestBrowser, token: string) =>
    browser.json<{ role: string; error?: { code: string } }>(`${api}/invites/accept`, {
      method: 'POST',
      body: JSON.stringify({ token }),
    });
  const userIdOf = async (browser: TestBrowser) =>
    (await browser.json<{ identity: { id: string } }>('/identity/sessions/whoami')).body.identity.id;
  const membersOf = async (account: string) => (await owner.json<AccessList>(`${api}/${account}/access`)).body.members;
  /** The newest message the identity service's courier holds for the address, read over its admin API. */
  const courierMessage = async (recipient: string) => {
    const { baseUrl, headers } = server.identityAdmin;
    const response = await fetch(`${baseUrl()}/admin/courier/messages?recipient=${encodeURIComponent(recipient)}`, {
      headers,
    });
    const [message] = (await response.json()) as { body: string; created_at: string }[];
    return message;
  };

  /** Someone invited to alice's miner who onboards with password and TOTP, and accepts. */
  async function memberOfAlice(email: string, role: string): Promise<TestBrowser> {
    const token = await invite(owner, `miners/${aliceMiner}`, email, role);
    const { browser } = await onboardInvitee(server.listeningOn, token, email, 'Member-Secret-2207', { totp: true });
    expect((await accept(browser, token)).status).toBe(200);
    return browser;
  }

  it('finding 6: no app table keeps the raw invitation token; without SMTP the link is printed once', async () => {
    const email = 'outbox.check@example.com';
    const token = await invite(owner, `miners/${aliceMiner}`, email, 'viewer');
    expect(token).toHaveLength(43);
    expect(mail.printed.filter((text) => text.includes(token))).toHaveLength(1);

    // Reads of the tables themselves: what this finding is about is what the database keeps.
    const [outboxRow] = await database.query<{ body: string }>('select body from app.outbox where recipient = $1', [
      email,
    ]);
    expect(outboxRow?.body).toContain('alice_hash');
    const tables = await database.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'app' and table_type = 'BASE TABLE'",
    );
    expect(tables.length).toBeGreaterThan(5);
    for (const { table_name } of tables) {
      const rows = await database.query(`select 1 from app."${table_name}" t where strpos(t::text, $1) > 0`, [token]);
      expect(rows, `app.${table_name}`).toEqual([]);
    }
    // The printed link works.
    expect((await new TestBrowser(server.listeningOn).json(`${api}/invites/${token}`)).status).toBe(200);
  });

  it('finding 5: a leaked link activated again gets no recovery code once the invitee set a password', async () => {
    const email = 'carol.takeover@example.test';
    // 1. Alice invites; 2. the invitee activates, recovers and sets a password, and does not accept.
    const token = await invite(owner, `miners/${aliceMiner}`, email, 'viewer');
    const invitee = new TestBrowser(server.listeningOn);
    const first = await activate(invitee, token);
    expect(first.status).toBe(201);
    expect(await recover(invitee, first.body.recovery_flow_id, first.body.recovery_code)).toBe(422);
    await setPassword(invitee, 'Invitee-secret-77');

    // 3. Someone else with the link activates again: no new recovery code for the invitee's identity.
    const attacker = new TestBrowser(server.listeningOn);
    const second = await activate(attacker, token);
    expect(second.status).toBe(409);
    expect(second.body).not.toHaveProperty('recovery_code');
    // Nor for the invitee's own browser: an identity with a password signs in instead.
    expect((await activate(invitee, token)).status).toBe(409);
    const info = await attacker.json<{ has_identity: boolean }>(`${api}/invites/${token}`);
    expect(info.body.has_identity).toBe(true);

    // 4. The invitee's password still works, and the invitation is theirs to accept.
    const signedIn = new TestBrowser(server.listeningOn);
    await signedIn.signIn(email, 'Invitee-secret-77');
    expect((await accept(signedIn, token)).body.role).toBe('viewer');
  });

  it('finding 5: only the browser that started an activation resumes it before a password is set', async () => {
    const token = await invite(owner, `miners/${aliceMiner}`, 'resume.later@example.test', 'viewer');
    const invitee = new TestBrowser(server.listeningOn);
    expect((await activate(invitee, token)).status).toBe(201);
    // The invitee closed the tab before using the code; another browser with the link gets nothing.
    expect((await activate(new TestBrowser(server.listeningOn), token)).status).toBe(409);
    const resumed = await activate(invitee, token);
    expect(resumed.status).toBe(201);
    expect(await recover(invitee, resumed.body.recovery_flow_id, resumed.body.recovery_code)).toBe(422);
  });

  it('finding 5: two browsers activating the same invitation at once get one recovery code between them', async () => {
    const token = await invite(owner, `miners/${aliceMiner}`, 'double.click@example.test', 'viewer');
    const answers = await Promise.all(
      [0, 1, 2].map(() => activate(new TestBrowser(server.listeningOn), token).then((answer) => answer.status)),
    );
    expect(answers.sort()).toEqual([201, 409, 409]);
  });

  it("finding 18: accepting needs the invitation's address verified on the signed-in identity", async () => {
    const email = 'unverified.invitee@example.com';
    const person = new TestBrowser(server.listeningOn);
    await person.register(email, 'Stratum-Eleven-93');
    const token = await invite(owner, `miners/${aliceMiner}`, email, 'manager');

    const refused = await accept(person, token);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('access_denied');
    expect((await membersOf(`miners/${aliceMiner}`)).map((member) => member.email)).not.toContain(email);

    // The person verifies the address with the code the identity service mails, then accepts.
    const since = new Date();
    const flow = await person.json<{ id: string; ui: { nodes: [] } }>('/identity/self-service/verification/browser');
    const csrf_token = csrfOf(flow.body);
    const sent = await person.json(`/identity/self-service/verification?flow=${flow.body.id}`, {
      method: 'POST',
      body: JSON.stringify({ method: 'code', email, csrf_token }),
    });
    expect(sent.status).toBe(200);
    let code = '';
    for (let tries = 0; tries < 50 && !code; tries += 1) {
      const message = await courierMessage(email);
      if (message && Date.parse(message.created_at) >= since.getTime())
        code = message.body.match(/\b(\d{6})\b/)?.[1] ?? '';
      if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const verified = await person.json<{ state: string }>(`/identity/self-service/verification?flow=${flow.body.id}`, {
      method: 'POST',
      body: JSON.stringify({ method: 'code', code, csrf_token }),
    });
    expect(verified.body.state).toBe('passed_challenge');
    expect((await accept(person, token)).status).toBe(200);
  });

  it('finding 7: removing a member deletes the watcher links and invitations they made; the link then gets 401', async () => {
    // 1. Alice invites an admin, who onboards with two-factor and accepts.
    const member = await memberOfAlice('removed.admin@example.com', 'admin');
    const memberId = await userIdOf(member);
    // 2. The admin makes a watcher link and invites a friend; alice makes a link of her own.
    const link = await member.json<{ token: string }>(`${api}/identity/${memberId}/watchers`, {
      method: 'POST',
      body: JSON.stringify({ miner_id: aliceMiner, name: 'Kept by the admin', access: ['Workers', 'Payments'] }),
    });
    expect(link.status).toBe(201);
    const friendToken = await invite(member, `miners/${aliceMiner}`, 'friend.of.admin@example.com', 'viewer');
    const own = await owner.json<{ token: string }>(`${api}/miners/${aliceMiner}/watchers`, {
      method: 'POST',
      body: JSON.stringify({ name: "Alice's own", access: ['Workers'] }),
    });
    expect(own.status).toBe(201);
    const watch = (token: string) =>
      fetch(`${server.listeningOn}${api}/miners/${aliceMiner}/workers`, { headers: { 'x-watcher-token': token } });
    expect((await watch(link.body.token)).status).toBe(200);

    // 3. Alice removes the admin.
    const list = await owner.json<AccessList>(`${api}/miners/${aliceMiner}/access`);
    const permission = list.body.members.find((entry) => entry.user_id === memberId);
    const removed = await owner.json(`${api}/miners/${aliceMiner}/access/${permission?.id ?? ''}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(204);

    // 4. The admin reads nothing; 5. nor does the link they made, nor their invitation.
    expect((await member.json(`${api}/miners/${aliceMiner}/workers`)).status).toBe(403);
    expect((await watch(link.body.token)).status).toBe(401);
    expect((await new TestBrowser(server.listeningOn).json(`${api}/invites/${friendToken}`)).status).toBe(404);
    const after = await owner.json<AccessList>(`${api}/miners/${aliceMiner}/access`);
    expect(after.body.invites.map((entry) => entry.email)).not.toContain('friend.of.admin@example.com');
    // Alice's own link lives on.
    expect((await watch(own.body.token)).status).toBe(200);
  });

  it('finding 7: leaving a pool drops what the member made on its accounts, except where they still manage', async () => {
    const { access, watchers } = factory.repositories;
    const bobs = await factory.newMiner();
    const leaver = await factory.newPerson({ email: 'left.the.pool@example.com' });
    const staffGrant = await factory.grant(leaver, factory.pool, 'admin');
    // They also administer bob's miner on their own account.
    await factory.grant(leaver, bobs, 'admin');
    await factory.newWatcher(alices, { by: leaver, name: 'on alice' });
    await factory.newWatcher(bobs, { by: leaver, name: 'on bob' });
    await factory.newInvite(factory.pool, { email: 'pool.friend@example.com', role: 'viewer', by: leaver });
    await factory.newInvite(alices, { email: 'alice.friend@example.com', role: 'viewer', by: leaver });
    await factory.newInvite(bobs, { email: 'bob.friend@example.com', role: 'viewer', by: leaver });

    expect(await access.remove({ type: 'pool', id: poolId }, staffGrant)).toBe(true);
    const theirLinks = async (miner: TestMiner) =>
      (await watchers.ofMiner(miner.id)).filter((link) => link.created_by?.id === leaver.id).map((link) => link.name);
    expect([...(await theirLinks(alices)), ...(await theirLinks(bobs))]).toEqual(['on bob']);
    const now = new Date();
    const pending = [
      ...(await access.pendingInvites({ type: 'pool', id: poolId }, now)),
      ...(await access.pendingInvites({ type: 'miner', id: aliceMiner }, now)),
      ...(await access.pendingInvites({ type: 'miner', id: bobs.id }, now)),
    ].map((invite) => invite.email);
    expect(pending.filter((email) => email.endsWith('.friend@example.com'))).toEqual(['bob.friend@example.com']);
  });

  it('finding 17: an invited admin cannot delete the miner account', async () => {
    const member = await memberOfAlice('deleting.admin@example.com', 'admin');
    const deleted = await member.json<{ error: { code: string } }>(`${api}/miners/${aliceMiner}`, { method: 'DELETE' });
    expect(deleted.status).toBe(403);
    expect(deleted.body.error.code).toBe('access_denied');
    expect(await factory.repositories.accounts.lookupMiner('alice_hash')).toEqual({
      id: aliceMiner,
      account_name: 'alice_hash',
    });
  });

  it('finding 1: a pool viewer cannot raise itself to admin, demote the staff, nor invite a pool admin', async () => {
    // The pool admin, with two-factor (critical changes need it), invites X as a viewer.
    const staffPerson = await factory.newPerson({ totp: true });
    await factory.grant(staffPerson, factory.pool, 'admin');
    const staff = await factory.signIn(staffPerson);
    const email = 'pool.viewer@example.com';
    const token = await invite(staff, `pools/${poolId}`, email, 'viewer');
    const { browser: viewer } = await onboardInvitee(server.listeningOn, token, email, 'Pool-Viewer-5521', {
      totp: true,
    });
    expect((await accept(viewer, token)).body.role).toBe('viewer');

    const identity = await viewer.json<{ permissions: { type: string; role: string }[] }>(`${api}/identity`);
    expect(identity.body.permissions).toEqual([expect.objectContaining({ type: 'pool', role: 'viewer' })]);
    // A pool viewer sees every section, the access list included...
    const list = await viewer.json<AccessList>(`${api}/pools/${poolId}/access`);
    expect(list.status).toBe(200);
    const own = list.body.members.find((member) => member.email === email);
    const staffPermission = list.body.members.find((member) => member.email === staffPerson.email);
    // ...and changes nothing.
    const promote = await viewer.json(`${api}/pools/${poolId}/access/${own?.id ?? ''}`, {
      method: 'PUT',
      body: JSON.stringify({ role: 'admin' }),
    });
    expect(promote.status).toBe(403);
    const demote = await viewer.json(`${api}/pools/${poolId}/access/${staffPermission?.id ?? ''}`, {
      method: 'PUT',
      body: JSON.stringify({ role: 'viewer' }),
    });
    expect(demote.status).toBe(403);
    const outsider = await viewer.json(`${api}/pools/${poolId}/access`, {
      method: 'POST',
      body: JSON.stringify({ email: 'outsider@example.com', role: 'admin' }),
    });
    expect(outsider.status).toBe(403);
    const aliceLink = await viewer.json(`${api}/miners/${aliceMiner}/watchers`, {
      method: 'POST',
      body: JSON.stringify({ name: 'Not yours', access: ['Workers'] }),
    });
    expect(aliceLink.status).toBe(403);
    expect((await viewer.json(`${api}/miners/${aliceMiner}`, { method: 'DELETE' })).status).toBe(403);

    const after = await staff.json<AccessList>(`${api}/pools/${poolId}/access`);
    expect(after.body.members.map(({ email: who, role }) => ({ who, role }))).toEqual(
      expect.arrayContaining([
        { who: staffPerson.email, role: 'admin' },
        { who: email, role: 'viewer' },
      ]),
    );
    expect(after.body.invites.map((entry) => entry.email)).not.toContain('outsider@example.com');

    // A pool admin demotes nobody by demoting itself, and a pool offers only admin and viewer.
    const selfDemotion = await staff.json(`${api}/pools/${poolId}/access/${staffPermission?.id ?? ''}`, {
      method: 'PUT',
      body: JSON.stringify({ role: 'viewer' }),
    });
    expect(selfDemotion.status).toBe(403);
    const manager = await staff.json<{ error: { fields: { field: string }[] } }>(`${api}/pools/${poolId}/access`, {
      method: 'POST',
      body: JSON.stringify({ email: 'pool.manager@example.com', role: 'manager' }),
    });
    expect(manager.status).toBe(400);
    expect(manager.body.error.fields).toEqual([expect.objectContaining({ field: 'role' })]);
  });

  it('finding 1: nobody changes their own role on a miner either', async () => {
    const member = await memberOfAlice('self.promoter@example.com', 'admin');
    const memberId = await userIdOf(member);
    const list = await owner.json<AccessList>(`${api}/miners/${aliceMiner}/access`);
    const own = list.body.members.find((entry) => entry.user_id === memberId);
    const changed = await member.json(`${api}/miners/${aliceMiner}/access/${own?.id ?? ''}`, {
      method: 'PUT',
      body: JSON.stringify({ role: 'viewer' }),
    });
    expect(changed.status).toBe(403);
    const after = (await membersOf(`miners/${aliceMiner}`)).find((entry) => entry.id === own?.id);
    expect(after?.role).toBe('admin');
  });
});
