import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AccessList } from '@pool/contract/access-management';
import { renderInApp } from '@/testing/render.tsx';
import type { ManagedAccount } from './access-api.ts';
import { MembersSection } from './members-section.tsx';

const poolId = '6c1d9a45-9f1f-4d2f-8b66-3a7a4eac2b01';
const staffId = '6c1d9a45-9f1f-4d2f-8b66-3a7a4eac2b02';
const flags = {
  section_payments_read: true,
  section_workers_read: true,
  section_virtual_mining_read: true,
  section_referrals_read: true,
  section_permissions_read: true,
  total_fee_hide: false,
};
const pool: ManagedAccount = {
  id: 'p1',
  type: 'pool',
  account_id: poolId,
  pool_name: 'Headframe Pool',
  role: 'admin',
  flags,
};
const list: AccessList = {
  members: [
    {
      id: '6c1d9a45-9f1f-4d2f-8b66-3a7a4eac2b03',
      user_id: staffId,
      email: 'staff@demo.pool',
      role: 'admin',
      created_at: '2026-03-01T12:00:00.000Z',
    },
    {
      id: '6c1d9a45-9f1f-4d2f-8b66-3a7a4eac2b04',
      user_id: '6c1d9a45-9f1f-4d2f-8b66-3a7a4eac2b05',
      email: 'viewer@demo.pool',
      role: 'viewer',
      created_at: '2026-03-02T12:00:00.000Z',
    },
  ],
  invites: [],
};

function renderSection(account: ManagedAccount, canManage: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(list)),
  );
  return renderInApp(<MembersSection account={account} canManage={canManage} userId={staffId} />);
}

describe('people with access on the access-control screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('finding 1: a pool offers admin and viewer, and nobody a way to change their own role', async () => {
    renderSection(pool, true);
    const staffRow = (await screen.findByText('staff@demo.pool')).closest('li');
    expect(staffRow && within(staffRow).queryByRole('combobox')).toBeNull();
    const viewerRow = screen.getByText('viewer@demo.pool').closest('li');
    const options = (element: HTMLElement) =>
      within(element)
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(viewerRow && options(viewerRow)).toEqual(['admin', 'viewer']);
    expect(options(screen.getByLabelText('Role', { exact: true }))).toEqual([
      'admin — sees every section and manages access',
      'viewer — sees every section, changes nothing',
    ]);
  });

  it('finding 1: a pool role that does not manage sees the people and changes nothing', async () => {
    renderSection({ ...pool, role: 'viewer' }, false);
    await screen.findByText('viewer@demo.pool');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
