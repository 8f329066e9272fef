import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { flagsOf, roleAccessOf } from '@pool/contract/access-codes';
import type { Permission } from '@pool/contract/accounts';
import type { Payment } from '@pool/contract/money';
import { renderInApp } from '@/testing/render.tsx';
import { TransfersPage } from './transfers-page.tsx';

const minerId = '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e5f6';
const alice: Permission = {
  id: '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e501',
  account_id: minerId,
  type: 'miner',
  account_name: 'alice_hash',
  role: 'owner',
  flags: flagsOf(roleAccessOf('miner', 'owner'), false),
};
const moved: Payment = {
  id: '00000000-0000-4000-8000-000000000001',
  type: 'virtual_mining_transfer',
  direction: 'outgoing',
  status: 'completed',
  amount: 1_000,
  created_at: '2026-11-23T09:00:00.000Z',
  counterparty: 'bob_hash',
  reward: null,
  payout: null,
};

function serve() {
  const queries: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const address = new URL(url, window.location.origin);
      queries.push(address.searchParams);
      const types = address.searchParams.getAll('type');
      const items = [moved].filter((item) => types.includes(item.type));
      return Response.json({ items, total: items.length, page: 1, per_page: 20 });
    }),
  );
  return queries;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('transfers screen', () => {
  it('asks for the four transfer types by default, and filters by one of them', async () => {
    const queries = serve();
    const user = userEvent.setup();
    renderInApp(<TransfersPage />, { at: '/transfers', entry: { active: alice } });
    expect(await screen.findByRole('row', { name: /bob_hash/ })).toBeInTheDocument();
    expect(queries[0]?.getAll('type')).toEqual([
      'transfer',
      'virtual_mining_transfer',
      'virtual_mining_reward',
      'virtual_mining_topup',
    ]);
    // Only the transfer types are offered: no rewards or payouts here.
    expect(screen.queryByRole('button', { name: 'Reward' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Virtual mining top-up' }));
    await waitFor(() => expect(queries.at(-1)?.getAll('type')).toEqual(['virtual_mining_topup']));
    expect(await screen.findByText('No payments match these filters.')).toBeInTheDocument();
  });
});
