import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { flagsOf, roleAccessOf } from '@pool/contract/access-codes';
import type { Permission } from '@pool/contract/accounts';
import type { CustomerPaymentsPage } from '@pool/contract/customers';
import { renderInApp } from '@/testing/render.tsx';
import { operator, operatorId } from './operator-fixture.ts';
import { CustomerPaymentsPage as Screen } from './customer-payments-page.tsx';

const minerId = '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e599';
const rewardId = '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e521';
const payoutId = '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e522';
const customer: Permission = {
  id: '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e502',
  account_id: minerId,
  type: 'miner',
  account_name: 'carolfarm',
  role: 'owner',
  flags: flagsOf(roleAccessOf('miner', 'owner'), false),
};

const page: CustomerPaymentsPage = {
  items: [
    {
      id: rewardId,
      type: 'reward',
      direction: 'incoming',
      status: 'completed',
      amount: 48_500_001,
      created_at: '2026-11-25T00:05:00.000Z',
      counterparty: null,
      reward: {
        day: '2026-11-24',
        hash_rate: 2e14,
        rate: 50_000,
        gross: 50_000_001,
        fee_percent: 3,
        fee: 1_500_000,
        shared: 0,
        net: 48_500_001,
      },
      payout: null,
      operator_share: 1_000_001,
    },
    {
      id: payoutId,
      type: 'payout',
      direction: 'outgoing',
      status: 'completed',
      amount: 10_000_000,
      created_at: '2026-11-24T12:00:00.000Z',
      counterparty: null,
      reward: null,
      payout: null,
      operator_share: null,
    },
  ],
  total: 2,
  page: 1,
  per_page: 20,
};

/** The customer's detail, what the operator earned from it, and its payments with the operator's share. */
function serve(money: boolean) {
  const paths: string[] = [];
  const base = `/operators/${operatorId}/miners/${minerId}`;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, window.location.origin).pathname.replace('/api/backend/v0.1', '');
      paths.push(path);
      if (path === base) {
        return Response.json({
          id: minerId,
          account_name: 'carolfarm',
          title: null,
          comment: null,
          created_at: '2026-11-01T00:00:00.000Z',
          workers: null,
          hash_rate_15m: null,
          hash_rate_24h: null,
          fee_percent: money ? 3 : null,
          balance: money ? 38_500_001 : null,
          earned: money ? 1_000_001 : null,
          operator_id: operatorId,
        });
      }
      if (path === `/operators/${operatorId}/earned-from-miner`) {
        return Response.json({
          miner_id: minerId,
          amount: 1_000_001,
          from: null,
          to: null,
          days: [{ day: '2026-11-24', amount: 1_000_001 }],
        });
      }
      if (path === `${base}/payments`) return Response.json(page);
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
  return paths;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const render = (active: Permission) =>
  renderInApp(<Screen />, {
    at: `/customers/${minerId}/payments`,
    path: '/customers/:id/payments',
    entry: { active },
  });

describe('/customers/{id}/payments', () => {
  it('shows the operator’s share of each reward beside its amount, to the satoshi', async () => {
    serve(true);
    render(operator);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: "Operator's share" })).toBeInTheDocument();
    const reward = table.querySelector(`tr[data-payment="${rewardId}"]`) as HTMLElement;
    expect(within(reward).getByText('0.01000001 BTC')).toHaveAttribute('data-operator-share', '1000001');
    const payout = table.querySelector(`tr[data-payment="${payoutId}"]`) as HTMLElement;
    expect(payout.querySelector('[data-column="operator-share"]')).toHaveTextContent('—');
    expect(payout.querySelector('[data-operator-share]')).toBeNull();
  });

  it('asks for no payments for a role without the Payments section', async () => {
    const paths = serve(false);
    render(operator);
    await screen.findByText('Your role does not show payments.');
    // Nor for the earned figure: the role's detail answers null money before either call would.
    expect(paths).toEqual([`/operators/${operatorId}/miners/${minerId}`]);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is not the customer’s screen: a customer’s account never asks for the operator’s share', async () => {
    const paths = serve(true);
    const { container } = render(customer);
    await waitFor(() => expect(container).toBeEmptyDOMElement());
    expect(paths).toEqual([]);
  });
});
