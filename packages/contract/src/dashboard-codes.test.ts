import { describe, expect, it } from 'vitest';
import { flagsOf, roleAccessOf } from './access-codes.ts';
import { roles, type Permission } from './accounts.ts';
import { accessOfViewer, dashboardContentOf } from './dashboard-codes.ts';

const onMiner = (role: Permission['role'], access = roleAccessOf('miner', role)): Permission => ({
  id: 'p',
  account_id: 'a',
  role,
  flags: flagsOf(access, false),
  type: 'miner',
  account_name: 'alice',
});

describe('what the dashboard shows for a role (spec 6)', () => {
  it.each([
    ['admin', true, ['Payments', 'Transfers', 'Referrals']],
    ['owner', true, ['Payments', 'Transfers', 'Referrals']],
    ['manager', true, ['Payments', 'Transfers', 'Referrals']],
    ['accountant', false, ['Payments', 'Transfers', 'Referrals']],
    ['treasurer', false, ['Payments', 'Transfers', 'Referrals']],
    ['viewer', true, []],
  ] as const)('a %s of a miner: mining data %s, financial sections %j', (role, mining, financial) => {
    expect(dashboardContentOf(accessOfViewer(onMiner(role), false))).toEqual({ mining, financial });
  });

  it('gives every role of a pool everything, whatever its name', () => {
    for (const role of roles) {
      expect(dashboardContentOf(roleAccessOf('pool', role)).mining).toBe(true);
    }
  });

  it('reads a watcher link by the sections it was given, not by its stand-in viewer role', () => {
    const payments = onMiner('viewer', { type: 'other', access: ['Payments'] });
    expect(dashboardContentOf(accessOfViewer(payments, true))).toEqual({ mining: false, financial: ['Payments'] });
    const workers = onMiner('viewer', { type: 'other', access: ['Workers'] });
    expect(dashboardContentOf(accessOfViewer(workers, true))).toEqual({ mining: true, financial: [] });
  });
});
