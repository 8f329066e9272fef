import { describe, expect, it } from 'vitest';
import { flagsOf, roleAccessOf, sectionAllowed, sections } from './access.ts';
import { roles } from './accounts.ts';

describe('role access (spec 5 and 6)', () => {
  it('gives pool-type roles every section and platform-type roles none, whatever the role', () => {
    for (const role of roles) {
      for (const section of sections) {
        expect(sectionAllowed(roleAccessOf('pool', role), section)).toBe(true);
        expect(sectionAllowed(roleAccessOf('platform', role), section)).toBe(false);
      }
    }
  });

  it('lets other roles open only the sections of their list', () => {
    const viewer = roleAccessOf('miner', 'viewer');
    expect(sections.filter((section) => sectionAllowed(viewer, section))).toEqual(['Workers']);
    const accountant = roleAccessOf('operator', 'accountant');
    expect(sections.filter((section) => sectionAllowed(accountant, section))).toEqual([
      'Payments',
      'Transfers',
      'Referrals',
    ]);
    const manager = roleAccessOf('miner', 'manager');
    expect(sections.filter((section) => sectionAllowed(manager, section))).toEqual([
      'Payments',
      'Workers',
      'Transfers',
      'Referrals',
    ]);
    expect(sections.filter((section) => sectionAllowed(roleAccessOf('miner', 'admin'), section))).toEqual([
      ...sections,
    ]);
  });

  it('derives the permission flags from the sections', () => {
    expect(flagsOf(roleAccessOf('miner', 'viewer'), true)).toEqual({
      section_payments_read: false,
      section_workers_read: true,
      section_virtual_mining_read: false,
      section_referrals_read: false,
      section_permissions_read: false,
      total_fee_hide: true,
    });
  });
});
