import { describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { paths } from '@pool/contract/paths';
import { registerErrorHandling } from '../http/errors.ts';
import type { IdentityPublicClient, WhoamiResult } from '../identity-client/session.ts';
import { policyPlugin } from './policy-plugin.ts';
import { personOf } from './caller.ts';
import type { AccountAccess } from './account-access.ts';
import type { Role } from '@pool/contract/accounts';

const aliceId = '0b7d5c2e-1f0a-4c38-9d2e-6a1f2c3b4d04';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** Answers whoami from the cookie value, as the identity service would for these sessions. */
const sessions: Record<string, WhoamiResult> = {
  fresh: {
    status: 'active',
    session: {
      id: 's1',
      authenticated_at: minutesAgo(1),
      authenticator_assurance_level: 'aal2',
      authentication_methods: [{ method: 'totp', aal: 'aal2', completed_at: minutesAgo(1) }],
      identity: { id: aliceId, traits: { email: 'alice@demo.pool' } },
    },
  },
  stale: {
    status: 'active',
    session: {
      id: 's2',
      authenticated_at: minutesAgo(40),
      authenticator_assurance_level: 'aal2',
      authentication_methods: [{ method: 'totp', aal: 'aal2', completed_at: minutesAgo(40) }],
      identity: { id: aliceId, traits: { email: 'alice@demo.pool' } },
    },
  },
  halfway: { status: 'aal2_required' },
};
const identity: IdentityPublicClient = {
  whoami: async (cookie) => sessions[cookie?.replace('session=', '') ?? ''] ?? { status: 'anonymous' },
};

/** These routes act on no account; account grants are tested on a real database. */
const noAccounts: Pick<AccountAccess, 'grantsOn'> = { grantsOn: async () => [] };
const noWatchers = { byToken: async () => undefined, minerOf: async () => undefined };
/** The app.users rows the policy ensured, in order. */
const ensured: string[] = [];
const users = {
  ensure: async (userId: string, email: string) => {
    ensured.push(`${userId} ${email}`);
  },
};

async function appWithPolicy() {
  const app = Fastify();
  registerErrorHandling(app);
  await app.register(
    async (api) => {
      await api.register(policyPlugin, { identity, access: noAccounts, users, watchers: noWatchers });
      api.get('/open', { config: { policy: { caller: 'anyone' } } }, async (request) => ({
        caller: request.caller.kind,
      }));
      api.get('/mine', { config: { policy: { caller: 'person' } } }, async (request) => ({
        id: personOf(request.caller).userId,
      }));
      api.get('/users/:id', { config: { policy: { caller: 'person', selfParam: 'id' } } }, async () => ({ ok: true }));
      api.delete(
        '/users/:id',
        { config: { policy: { caller: 'person', selfParam: 'id', critical: true } } },
        async () => ({ ok: true }),
      );
    },
    { prefix: paths.apiVersion },
  );
  await app.ready();
  return app;
}

const call = async (method: 'GET' | 'DELETE', path: string, session?: string, app?: FastifyInstance) => {
  app ??= await appWithPolicy();
  const response = await app.inject({
    method,
    url: `${paths.apiVersion}${path}`,
    headers: session ? { cookie: `session=${session}` } : {},
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
};

/** An app with a platform read, a platform change and a treasury change, for a person of `role` on the platform. */
const platformApp = async (role: Role | undefined) => {
  const app = Fastify();
  registerErrorHandling(app);
  await app.register(
    async (api) => {
      await api.register(policyPlugin, {
        identity,
        access: noAccounts,
        users,
        watchers: noWatchers,
        platform: { roleOf: async (userId) => (userId === aliceId ? role : undefined) },
      });
      api.get('/platform/read', { config: { policy: { caller: 'person', platform: true } } }, async () => ({
        ok: true,
      }));
      api.delete(
        '/platform/change',
        { config: { policy: { caller: 'person', platform: true, manage: true, critical: true } } },
        async () => ({ ok: true }),
      );
      api.delete(
        '/platform/payout',
        { config: { policy: { caller: 'person', platform: true, treasury: true, critical: true } } },
        async () => ({ ok: true }),
      );
    },
    { prefix: paths.apiVersion },
  );
  await app.ready();
  return app;
};

describe('policy plugin', () => {
  it('refuses to start when a product route declares no policy', async () => {
    const app = Fastify();
    const boot = async () => {
      await app.register(
        async (api) => {
          await api.register(policyPlugin, { identity, access: noAccounts, users, watchers: noWatchers });
          api.get('/forgotten', async () => ({}));
        },
        { prefix: paths.apiVersion },
      );
      await app.ready();
    };
    await expect(boot()).rejects.toThrow('GET /api/backend/v0.1/forgotten declares no access policy');
  });

  it('lets anyone call an open route and still knows who they are', async () => {
    expect(await call('GET', '/open')).toEqual({ status: 200, body: { caller: 'anonymous' } });
    expect(await call('GET', '/open', 'fresh')).toEqual({ status: 200, body: { caller: 'person' } });
  });

  it('answers 401 without a session, and for a session that has not passed its second factor', async () => {
    expect((await call('GET', '/mine')).status).toBe(401);
    expect((await call('GET', '/mine', 'halfway')).status).toBe(401);
    expect(await call('GET', '/mine', 'fresh')).toEqual({ status: 200, body: { id: aliceId } });
  });

  it("refuses a call on another user's id", async () => {
    expect((await call('GET', `/users/${aliceId}`, 'fresh')).status).toBe(200);
    const other = await call('GET', '/users/0b7d5c2e-1f0a-4c38-9d2e-6a1f2c3b4d05', 'fresh');
    expect(other).toEqual({ status: 403, body: { error: { code: 'access_denied', message: 'Access denied' } } });
  });

  it('asks for additional authentication on a critical change after the window', async () => {
    expect((await call('DELETE', `/users/${aliceId}`, 'fresh')).status).toBe(200);
    expect(await call('DELETE', `/users/${aliceId}`, 'stale')).toEqual({
      status: 403,
      body: { error: { code: 'additional_authentication_required', message: 'Additional authentication required' } },
    });
  });

  it("writes an admitted person's row once, and nobody's for an open route or a refused call", async () => {
    const app = await appWithPolicy();
    ensured.length = 0;
    await call('GET', '/open', 'fresh', app);
    await call('GET', '/mine', undefined, app);
    await call('DELETE', `/users/${aliceId}`, 'stale', app);
    expect(ensured).toEqual([]);
    await call('GET', '/mine', 'fresh', app);
    await call('GET', `/users/${aliceId}`, 'fresh', app);
    expect(ensured).toEqual([`${aliceId} alice@demo.pool`]);
  });

  it('admits platform routes for people with a platform permission only; changes need a managing one', async () => {
    const none = await platformApp(undefined);
    expect((await call('GET', '/platform/read', 'fresh', none)).status).toBe(403);
    expect((await call('GET', '/platform/read', undefined, none)).status).toBe(401);
    const viewer = await platformApp('viewer');
    expect((await call('GET', '/platform/read', 'fresh', viewer)).status).toBe(200);
    expect((await call('DELETE', '/platform/change', 'fresh', viewer)).status).toBe(403);
    const admin = await platformApp('admin');
    expect((await call('DELETE', '/platform/change', 'fresh', admin)).status).toBe(200);
    expect((await call('DELETE', '/platform/change', 'stale', admin)).body).toEqual({
      error: { code: 'additional_authentication_required', message: 'Additional authentication required' },
    });
  });

  it('lets only managers and treasurers of the platform move its money out', async () => {
    for (const [role, status] of [
      ['viewer', 403],
      ['accountant', 403],
      ['treasurer', 200],
      ['admin', 200],
      ['owner', 200],
    ] as const) {
      const app = await platformApp(role);
      expect((await call('DELETE', '/platform/payout', 'fresh', app)).status, role).toBe(status);
    }
    // A treasurer still needs a recent second factor, and may not change the platform's settings.
    const treasurer = await platformApp('treasurer');
    expect((await call('DELETE', '/platform/payout', 'stale', treasurer)).status).toBe(403);
    expect((await call('DELETE', '/platform/change', 'fresh', treasurer)).status).toBe(403);
  });
});
