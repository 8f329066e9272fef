import { describe, expect, it, vi } from 'vitest';
import type { Permission } from '@pool/contract/accounts';
import type { IdentityInfo } from '@pool/contract/identity';
import type { PoolConfig } from '@pool/contract/pool-config';
import { flagsOf, roleAccessOf } from '@pool/contract/access-codes';
import { ApiError } from '@/lib/api-client.ts';
import { ConfigError } from '@/lib/config/get-pool-config.ts';
import { guards, type RouteGuard } from './route-guard.ts';
import { runEntry, type EntryDeps } from './run-entry.ts';

const config: PoolConfig = {
  name: 'Demo pool',
  addresses: [{ type: 'auth', address: 'http://localhost/identity' }],
  settings: {
    default_language: 'en',
    available_languages: ['en', 'ru', 'cn'],
    password_min_length: 8,
    default_fee_percent: 0.9,
  },
  page_settings: {
    tax_calculator: true,
    mining_report: false,
    extra_currencies: [],
    app_theme: 'default',
    legal_entity_tax_percent: 25,
  },
  exchange_rates: { price_service_url: null, refresh_ms: 300_000 },
  payouts: { network: 'mainnet', explorer_tx_url: 'https://mempool.space/tx/{txid}' },
};

function permission(type: Permission['type'], role: Permission['role'], id: string): Permission {
  const base = { id, account_id: id, role, flags: flagsOf(roleAccessOf(type, role), false) };
  if (type === 'miner') return { ...base, type, account_name: 'alice_hash' };
  if (type === 'pool') return { ...base, type, pool_name: 'demo' };
  if (type === 'operator') return { ...base, type, operator_name: 'northhash' };
  return { ...base, type };
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function identityWith(permissions: Permission[]): IdentityInfo {
  return {
    user: { id: uuid(1), email: 'alice@demo.pool', language: null },
    permissions,
    credentials: { totp: false, lookup_secret: false, webauthn: false },
    verification: {},
  };
}

function deps(overrides: Partial<EntryDeps> = {}): EntryDeps {
  const identity = identityWith([permission('miner', 'owner', uuid(10))]);
  return {
    loadConfig: vi.fn(async () => config),
    checkSession: vi.fn(async () => ({ status: 'authenticated' as const, session: {} as never })),
    loadPermissions: vi.fn(async () => identity),
    loadUserInfo: vi.fn(async () => identity),
    rememberedPermissionId: () => undefined,
    resetPlatformState: vi.fn(),
    checkWatcher: vi.fn(async () => ({
      name: 'Farm monitor',
      permissions: [
        {
          type: 'miner' as const,
          account_id: uuid(20),
          account_name: 'alice_hash',
          flags: flagsOf({ type: 'other', access: ['Workers'] }, false),
        },
      ],
    })),
    ...overrides,
  };
}

async function redirectOf(path: string, guard: RouteGuard, entryDeps: EntryDeps): Promise<string | undefined> {
  try {
    await runEntry(new URL(path, 'http://localhost'), guard, entryDeps);
    return undefined;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('location') ?? undefined;
    throw thrown;
  }
}

describe('route entry order (spec 2)', () => {
  it('lets a signed-in miner with a role into the main area, after every step', async () => {
    const entry = deps();
    const data = await runEntry(new URL('http://localhost/'), guards.main, entry);
    expect(data.active?.type).toBe('miner');
    expect(entry.loadUserInfo).toHaveBeenCalledOnce();
    expect(entry.resetPlatformState).toHaveBeenCalledOnce();
  });

  it('fails with the configuration error before anything else', async () => {
    const entry = deps({
      loadConfig: async () => {
        throw new ConfigError('Empty configuration');
      },
    });
    await expect(runEntry(new URL('http://localhost/?promocode=X'), guards.main, entry)).rejects.toThrow(
      'Empty configuration',
    );
    expect(entry.checkSession).not.toHaveBeenCalled();
  });

  it('sends a promocode link to registration with every query parameter, before the session check', async () => {
    const entry = deps();
    expect(await redirectOf('/workers?promocode=WELCOME&utm_source=x&reg', guards.main, entry)).toBe(
      '/auth/registration?promocode=WELCOME&utm_source=x&reg',
    );
    expect(entry.checkSession).not.toHaveBeenCalled();
  });

  it('does not redirect a promocode link already on registration', async () => {
    expect(await redirectOf('/auth/registration?promocode=W', guards.auth, deps())).toBeUndefined();
  });

  it('sends an anonymous visitor to login with the query kept', async () => {
    const entry = deps({ checkSession: async () => ({ status: 'anonymous' }) });
    expect(await redirectOf('/payments?period=P1D', guards.main, entry)).toBe('/auth/login?period=P1D');
    expect(entry.loadPermissions).not.toHaveBeenCalled();
  });

  it('sends an anonymous visitor to registration when the query has reg', async () => {
    const entry = deps({ checkSession: async () => ({ status: 'anonymous' }) });
    expect(await redirectOf('/?reg=1', guards.main, entry)).toBe('/auth/registration?reg=1');
  });

  it('asks for the second factor when the session needs it', async () => {
    const entry = deps({ checkSession: async () => ({ status: 'second-factor-required' }) });
    expect(await redirectOf('/', guards.main, entry)).toBe('/auth/login?aal=aal2&refresh=true');
  });

  it('goes to login when the role check fails with an authorisation error', async () => {
    const entry = deps({
      loadPermissions: async () => {
        throw new ApiError(401, 'unauthorized', 'Unauthorized');
      },
    });
    expect(await redirectOf('/', guards.main, entry)).toBe('/auth/login');
  });

  it('sends an identity without permissions to the account-name step', async () => {
    const entry = deps({ loadPermissions: async () => identityWith([]) });
    expect(await redirectOf('/', guards.main, entry)).toBe('/auth/name');
    expect(entry.loadUserInfo).not.toHaveBeenCalled();
  });

  it('opens a section only with access to it (spec 5)', async () => {
    const viewer = identityWith([permission('miner', 'viewer', uuid(10))]);
    const entry = deps({ loadPermissions: async () => viewer, loadUserInfo: async () => viewer });
    expect(await redirectOf('/workers', { ...guards.main, section: 'Workers' }, entry)).toBeUndefined();
    expect(await redirectOf('/payments', { ...guards.main, section: 'Payments' }, entry)).toBe('/');
    expect(await redirectOf('/access-control', { ...guards.main, section: 'AccessControl' }, entry)).toBe('/');
  });

  it('gives a pool-type role every section and a platform-type role none', async () => {
    const pool = identityWith([permission('pool', 'viewer', uuid(11))]);
    const poolDeps = deps({ loadPermissions: async () => pool, loadUserInfo: async () => pool });
    expect(await redirectOf('/referrals', { ...guards.main, section: 'Referrals' }, poolDeps)).toBeUndefined();

    const platform = identityWith([permission('platform', 'admin', uuid(12))]);
    const platformDeps = deps({ loadPermissions: async () => platform, loadUserInfo: async () => platform });
    expect(await redirectOf('/platform', guards.platform, platformDeps)).toBeUndefined();
    expect(await redirectOf('/', guards.main, platformDeps)).toBe('/platform');
  });

  it('keeps the platform area to platform accounts and resets its state elsewhere', async () => {
    const entry = deps();
    expect(await redirectOf('/platform', guards.platform, entry)).toBe('/');
    const platform = identityWith([permission('platform', 'admin', uuid(12))]);
    const platformDeps = deps({ loadPermissions: async () => platform, loadUserInfo: async () => platform });
    await runEntry(new URL('http://localhost/platform'), guards.platform, platformDeps);
    expect(platformDeps.resetPlatformState).not.toHaveBeenCalled();
  });

  it('opens /users to the platform and to the pool admins and owners, and to no other role', async () => {
    const as = (type: Permission['type'], role: Permission['role']) => {
      const identity = identityWith([permission(type, role, uuid(13))]);
      return deps({ loadPermissions: async () => identity, loadUserInfo: async () => identity });
    };
    expect(await redirectOf('/users', guards.poolUsers, as('platform', 'admin'))).toBeUndefined();
    expect(await redirectOf('/users', guards.poolUsers, as('pool', 'admin'))).toBeUndefined();
    expect(await redirectOf('/users', guards.poolUsers, as('pool', 'owner'))).toBeUndefined();
    expect(await redirectOf('/users', guards.poolUsers, as('pool', 'viewer'))).toBe('/');
    expect(await redirectOf('/users', guards.poolUsers, as('miner', 'owner'))).toBe('/');
    // The rest of the platform area stays the platform's.
    expect(await redirectOf('/platform', guards.platform, as('pool', 'admin'))).toBe('/');
  });

  it('opens the tax calculator and mining report only when the pool setting is on', async () => {
    expect(await redirectOf('/tax-calculator', { ...guards.main, pageSetting: 'tax_calculator' }, deps())).toBe(
      undefined,
    );
    expect(await redirectOf('/mining-report', { ...guards.main, pageSetting: 'mining_report' }, deps())).toBe('/');
  });

  it('uses the remembered account when it is still present', async () => {
    const both = identityWith([permission('pool', 'admin', uuid(11)), permission('miner', 'owner', uuid(10))]);
    const entry = deps({
      loadPermissions: async () => both,
      loadUserInfo: async () => both,
      rememberedPermissionId: () => uuid(10),
    });
    expect((await runEntry(new URL('http://localhost/'), guards.main, entry)).active?.type).toBe('miner');
  });

  it('skips session and role on auth routes', async () => {
    const entry = deps();
    await runEntry(new URL('http://localhost/auth/login'), guards.auth, entry);
    expect(entry.checkSession).not.toHaveBeenCalled();
    expect(entry.loadPermissions).not.toHaveBeenCalled();
  });

  it("opens a watcher page with the link's permission as the active account, without a session", async () => {
    const entry = deps();
    const data = await runEntry(new URL('http://localhost/watch/tok3n/workers'), guards.watcher, entry);
    expect(entry.checkWatcher).toHaveBeenCalledWith('tok3n');
    expect(entry.checkSession).not.toHaveBeenCalled();
    expect(data.active).toMatchObject({ type: 'miner', account_name: 'alice_hash', role: 'viewer' });
    expect(data.watcher?.token).toBe('tok3n');
  });

  it('sends a watcher link with a failed or missing token to main (spec 5)', async () => {
    const failing = deps({
      checkWatcher: async () => {
        throw new ApiError(404, 'not_found', 'Not found');
      },
    });
    expect(await redirectOf('/watch/revoked', guards.watcher, failing)).toBe('/');
    expect(await redirectOf('/watch/', guards.watcher, deps())).toBe('/');
  });

  it('keeps a watcher to the sections its link opens (spec 6)', async () => {
    expect(await redirectOf('/watch/tok3n/workers', { ...guards.watcher, section: 'Workers' }, deps())).toBeUndefined();
    expect(await redirectOf('/watch/tok3n/payments', { ...guards.watcher, section: 'Payments' }, deps())).toBe(
      '/watch/tok3n',
    );
  });
});
