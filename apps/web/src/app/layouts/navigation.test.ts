import { describe, expect, it } from 'vitest';
import { flagsOf, roleAccessOf } from '@pool/contract/access-codes';
import type { Permission } from '@pool/contract/accounts';
import type { PageSettings } from '@pool/contract/pool-config';
import { navigationOf } from './navigation.ts';

const settings: PageSettings = {
  tax_calculator: false,
  mining_report: true,
  extra_currencies: [],
  app_theme: 'default',
  legal_entity_tax_percent: 25,
};

function miner(role: Permission['role']): Permission {
  return {
    id: 'p',
    account_id: 'a',
    role,
    flags: flagsOf(roleAccessOf('miner', role), false),
    type: 'miner',
    account_name: 'alice',
  };
}

describe('navigation', () => {
  it('shows a viewer the mining screens only', () => {
    const links = navigationOf('main', miner('viewer'), settings).map((item) => item.to);
    expect(links).toContain('/workers');
    expect(links).not.toContain('/payments');
    expect(links).not.toContain('/access-control');
  });

  it('shows a viewer no financial link, not even profit sharing', () => {
    const links = navigationOf('main', miner('viewer'), settings).map((item) => item.to);
    for (const financial of ['/payments', '/transfers', '/referrals', '/profit-sharing']) {
      expect(links).not.toContain(financial);
    }
  });

  it.each(['accountant', 'treasurer'] as const)('shows a %s the financial screens and no mining one', (role) => {
    const links = navigationOf('main', miner(role), settings).map((item) => item.to);
    expect(links).toEqual(expect.arrayContaining(['/', '/payments', '/transfers', '/referrals', '/profit-sharing']));
    expect(links).not.toContain('/workers');
    expect(links).not.toContain('/access-control');
  });

  it('follows the pool page settings', () => {
    const links = navigationOf('main', miner('owner'), settings).map((item) => item.to);
    expect(links).toContain('/mining-report');
    expect(links).not.toContain('/tax-calculator');
  });

  it('shows a platform account the platform area', () => {
    const platform: Permission = {
      id: 'x',
      account_id: 'y',
      role: 'admin',
      flags: flagsOf(roleAccessOf('platform', 'admin'), false),
      type: 'platform',
    };
    expect(navigationOf('platform', platform, settings).map((item) => item.to)).toEqual([
      '/platform',
      '/platform/payouts',
      '/platform/unallocated',
      '/users',
      '/promocodes',
    ]);
  });

  it.each([
    ['admin', true],
    ['owner', true],
    ['viewer', false],
  ] as const)('shows a pool %s the pool users: %s, in the main navigation on /users too', (role, shown) => {
    const pool: Permission = {
      id: 'x',
      account_id: 'y',
      role,
      flags: flagsOf(roleAccessOf('pool', role), false),
      type: 'pool',
      pool_name: 'Headframe Pool',
    };
    for (const area of ['main', 'platform'] as const) {
      const links = navigationOf(area, pool, settings).map((item) => item.to);
      expect(links.includes('/users')).toBe(shown);
      expect(links).not.toContain('/platform/payouts');
    }
    expect(navigationOf('main', miner('owner'), settings).map((item) => item.to)).not.toContain('/users');
  });
});
