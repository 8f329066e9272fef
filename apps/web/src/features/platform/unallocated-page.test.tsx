import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UnallocatedTransaction } from '@pool/contract/money';
import { renderInApp } from '@/testing/render.tsx';
import { UnallocatedPage } from './unallocated-page.tsx';

const api = '/api/backend/v0.1/platform/rewards/unallocated-funds';
const minerId = '3c1d2f4e-5a6b-4c7d-8e9f-000000000042';
const held: UnallocatedTransaction = {
  id: '3c1d2f4e-5a6b-4c7d-8e9f-000000000001',
  day: '2026-11-22',
  amount: 2_471,
  created_at: '2026-11-23T09:00:00.000Z',
  metadata: { pool_domain: 'pool.example', hash_rate: 45.3e12, account: 'davesolo' },
  refund: null,
};

/**
 * The platform API as the server answers: a refund goes to a live miner by name; a second refund of
 * the same transaction is a 409, whoever made the first.
 */
function serve({ refundedElsewhere = false } = {}) {
  let transaction = held;
  const refunds: { id: string; body: unknown }[] = [];
  const queries: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const address = new URL(url, window.location.origin);
      if (address.pathname === `${api}/${held.id}/refund` && init?.method === 'POST') {
        const body = JSON.parse(init.body as string) as { account_name: string };
        refunds.push({ id: held.id, body });
        if (refundedElsewhere || transaction.refund) {
          return Response.json(
            { error: { code: 'transaction_already_refunded', message: 'Transaction already refunded' } },
            { status: 409 },
          );
        }
        if (body.account_name !== 'dave_solo') {
          return Response.json(
            {
              error: {
                code: 'validation_failed',
                message: 'Validation failed',
                fields: [{ field: 'account_name', text: 'Miner not found' }],
              },
            },
            { status: 400 },
          );
        }
        transaction = {
          ...transaction,
          refund: { by: 'admin@demo.pool', at: '2026-11-23T10:00:00.000Z', to_account: 'dave_solo', miner_id: minerId },
        };
        return Response.json(transaction);
      }
      if (address.pathname === api) {
        queries.push(address.searchParams);
        const refunded = address.searchParams.get('refunded');
        const items = [transaction].filter(
          (item) => refunded === null || (refunded === 'true') === (item.refund !== null),
        );
        return Response.json({
          items,
          total: items.length,
          held: transaction.refund ? 0 : transaction.amount,
          page: 1,
          per_page: 20,
        });
      }
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
  return { refunds, queries };
}

describe('/platform/unallocated', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists what is held with pool domain, hashrate and account name, unrefunded first', async () => {
    const server = serve();
    renderInApp(<UnallocatedPage />, { at: '/platform/unallocated' });
    const row = await screen.findByRole('row', { name: /davesolo/ });
    expect(within(row).getByText('pool.example')).toBeInTheDocument();
    expect(within(row).getByText('45.3 TH/s')).toBeInTheDocument();
    expect(within(row).getByText('0.00002471 BTC')).toBeInTheDocument();
    expect(screen.getAllByText('0.00002471 BTC')).toHaveLength(2);
    expect(server.queries[0]?.get('refunded')).toBe('false');
  });

  it('refunds to the account name typed; an unknown name is a field error', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderInApp(<UnallocatedPage />, { at: '/platform/unallocated?refunded=all' });
    await user.click(await screen.findByRole('button', { name: 'Refund davesolo, 2026-11-22' }));
    const form = screen.getByRole('form', { name: 'Refund davesolo, 2026-11-22' });
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(within(form).getByText('Value required')).toBeInTheDocument();
    expect(server.refunds).toEqual([]);

    await user.type(within(form).getByLabelText('To account name'), 'nobody');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await within(form).findByText('Miner not found')).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('To account name'));
    await user.type(within(form).getByLabelText('To account name'), ' dave_solo ');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    const row = await screen.findByRole('row', { name: /Refunded to dave_solo/ });
    expect(row).toHaveTextContent('admin@demo.pool');
    expect(server.refunds.at(-1)?.body).toEqual({ account_name: 'dave_solo' });
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it("says 'Transaction already refunded' when another admin refunded it first", async () => {
    serve({ refundedElsewhere: true });
    const user = userEvent.setup();
    renderInApp(<UnallocatedPage />, { at: '/platform/unallocated' });
    await user.click(await screen.findByRole('button', { name: 'Refund davesolo, 2026-11-22' }));
    const form = screen.getByRole('form', { name: 'Refund davesolo, 2026-11-22' });
    await user.type(within(form).getByLabelText('To account name'), 'dave_solo');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Transaction already refunded');
  });
});
