import { describe, expect, it } from 'vitest';
import { roleAccessOf } from '@pool/contract/access';
import { roles, type Role } from '@pool/contract/accounts';
import type { Grant } from './account-access.ts';
import { grantAdmits } from './grant-rules.ts';

const grant = (via: Grant['via'], role: Role): Grant => ({
  via,
  role,
  access: roleAccessOf(via, role),
  totalFeeHide: false,
});

describe('what one grant admits', () => {
  it('finding 1: a pool role sees every section, yet only a pool admin or owner manages', () => {
    for (const role of roles) {
      expect(grantAdmits(grant('pool', role), { section: 'AccessControl' }, 'miner'), role).toBe(true);
      const manages = role === 'admin' || role === 'owner';
      for (const kind of ['miner', 'operator', 'pool'] as const) {
        expect(grantAdmits(grant('pool', role), { section: 'AccessControl', manage: true }, kind), role).toBe(manages);
      }
    }
  });

  it('lets only admins and owners manage through a miner or an operator permission', () => {
    for (const via of ['miner', 'operator'] as const) {
      expect(roles.filter((role) => grantAdmits(grant(via, role), { manage: true }, 'miner')).sort()).toEqual([
        'admin',
        'owner',
      ]);
    }
  });

  it('finding 17: closes a miner for its owner and pool management only', () => {
    const closes = (via: Grant['via']) =>
      roles.filter((role) => grantAdmits(grant(via, role), { manage: true, ownerOnly: true }, 'miner')).sort();
    expect(closes('miner')).toEqual(['owner']);
    expect(closes('operator')).toEqual([]);
    expect(closes('pool')).toEqual(['admin', 'owner']);
  });

  it('still needs the section of the route', () => {
    expect(grantAdmits(grant('miner', 'viewer'), { section: 'Payments' }, 'miner')).toBe(false);
    expect(grantAdmits(grant('miner', 'accountant'), { section: 'Payments' }, 'miner')).toBe(true);
  });

  it('sets a miner’s fee through pool management only, never the miner’s own owner or its operator', () => {
    const setsFees = (via: Grant['via']) =>
      roles
        .filter((role) =>
          grantAdmits(grant(via, role), { section: 'Payments', manage: true, poolStaff: true }, 'miner'),
        )
        .sort();
    expect(setsFees('miner')).toEqual([]);
    expect(setsFees('operator')).toEqual([]);
    expect(setsFees('pool')).toEqual(['admin', 'owner']);
  });
});
