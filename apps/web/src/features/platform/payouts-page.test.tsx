import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BlockchainRequest, PayoutBatch, PayoutSchedules } from '@pool/contract/payouts';
import { toast } from '@/components/toast/toast-store.ts';
import { renderInApp } from '@/testing/render.tsx';
import { PayoutsPage } from './payouts-page.tsx';

const api = '/api/backend/v0.1/platform/payouts';
const batchId = '9c1e7a20-0000-4000-8000-0000000000b1';
const txid = 'c3'.repeat(32);

function request(index: number, status: BlockchainRequest['status'], account: string): BlockchainRequest {
  return {
    id: `9c1e7a20-0000-4000-8000-00000000000${index}`,
    payment_id: `9c1e7a20-0000-4000-8000-00000000010${index}`,
    miner_id: `9c1e7a20-0000-4000-8000-00000000020${index}`,
    account_name: account,
    address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    amount: 250_000,
    status,
    day: '2026-11-24',
    batch_id: status === 'created' ? null : batchId,
    txid: null,
    confirmations: 0,
    failure: status === 'failed' ? 'refused by the wallet' : null,
    created_at: '2026-11-24T14:00:00.000Z',
    updated_at: '2026-11-24T14:00:00.000Z',
  };
}
const requests = [
  request(1, 'created', 'alice_hash'),
  request(2, 'failed', 'bob_mining'),
  request(3, 'completed', 'carol'),
  // Taken into a batch, not yet sent: its transaction may have left the wallet already.
  { ...request(4, 'created', 'dave_solo'), batch_id: batchId },
];
const schedules: PayoutSchedules = {
  current: {
    id: '9c1e7a20-0000-4000-8000-0000000000c1',
    date: '2026-11-25',
    time: '14:00',
    fee_level: 'MEDIUM',
    fee_per_vbyte: 12,
    processed: false,
    processed_at: null,
    batch_id: null,
  },
  past: [],
  mode: 'manual',
  network: 'regtest',
};
const batch: PayoutBatch = {
  id: batchId,
  schedule_id: null,
  status: 'created',
  mode: 'manual',
  fee_level: 'MEDIUM',
  fee_per_vbyte: null,
  txid: null,
  count: 1,
  total: 250_000,
  created_at: '2026-11-24T14:00:00.000Z',
  sent_at: null,
  completed_at: null,
  failure: null,
};

function serve() {
  const calls: { method: string; url: URL; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, window.location.origin);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(init.body as string) : undefined });
      if (url.pathname === `${api}/schedule`) return Response.json(schedules);
      if (url.pathname === `${api}/batches`) return Response.json({ items: [batch] });
      if (url.pathname === `${api}/blockchain-requests`) {
        const statuses = url.searchParams.getAll('status');
        const items = requests.filter((item) => statuses.length === 0 || statuses.includes(item.status));
        return Response.json({ items, total: items.length, page: 1, per_page: 20 });
      }
      if (url.pathname.endsWith('/reverse')) {
        return Response.json(
          { error: { code: 'payout_already_processed', message: 'Payout already processed' } },
          { status: 409 },
        );
      }
      if (url.pathname === `${api}/batches/${batchId}/txid`) return Response.json({ ...batch, status: 'sent', txid });
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
  return calls;
}

const rowOf = (account: string) => screen.getByRole('row', { name: new RegExp(account) });

describe('/platform/payouts', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offers resend on failed and reverse on created or failed requests only, and keeps status filters in the URL', async () => {
    const calls = serve();
    const user = userEvent.setup();
    const { router } = renderInApp(<PayoutsPage />, { at: '/platform/payouts' });
    await screen.findByText('alice_hash');
    expect(
      within(rowOf('alice_hash'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Reverse']);
    expect(
      within(rowOf('bob_mining'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Resend', 'Reverse']);
    expect(within(rowOf('carol')).queryAllByRole('button')).toEqual([]);
    expect(within(rowOf('dave_solo')).queryAllByRole('button')).toEqual([]);

    const chips = screen.getByRole('group', { name: 'Filter by status' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All', 'Waiting to be sent', 'Sent, awaiting confirmations', 'Confirmed', 'Canceled', 'Failed']);
    await user.click(within(chips).getByRole('button', { name: 'Failed' }));
    await user.click(within(chips).getByRole('button', { name: 'Waiting to be sent' }));
    expect(router.state.location.search).toBe('?status=created&status=failed');
    await vi.waitFor(() => expect(calls.at(-1)?.url.searchParams.getAll('status')).toEqual(['created', 'failed']));
    await vi.waitFor(() => expect(screen.queryByText('carol')).not.toBeInTheDocument());
  });

  it("shows 'Payout already processed' as a toast when a request was sent meanwhile", async () => {
    serve();
    const error = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    renderInApp(<PayoutsPage />, { at: '/platform/payouts' });
    await user.click(await screen.findByRole('button', { name: 'Reverse the payout of alice_hash for 2026-11-24' }));
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Payout already processed'));
  });

  it('records a txid of 64 hex characters for a manual batch, refusing anything else', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderInApp(<PayoutsPage />, { at: '/platform/payouts' });
    const field = await screen.findByLabelText('Transaction id (txid)');
    await user.type(field, 'abc');
    await user.click(screen.getByRole('button', { name: 'Record txid' }));
    expect(await screen.findByText('64 hexadecimal characters')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, txid.toUpperCase());
    await user.click(screen.getByRole('button', { name: 'Record txid' }));
    await vi.waitFor(() => expect(calls.find((call) => call.method === 'POST')).toMatchObject({ body: { txid } }));
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `${api}/batches/${batchId}/export`,
    );
  });
});
