import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { flagsOf, roleAccessOf } from '@pool/contract/access-codes';
import type { Permission } from '@pool/contract/accounts';
import type { Payment, PaymentsPage } from '@pool/contract/money';
import { english, renderInApp, testPoolConfig } from '@/testing/render.tsx';
import { PaymentsPage as PaymentsScreen } from './payments-page.tsx';

const minerId = '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e5f6';
const alice: Permission = {
  id: '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e501',
  account_id: minerId,
  type: 'miner',
  account_name: 'alice_hash',
  role: 'owner',
  flags: flagsOf(roleAccessOf('miner', 'owner'), false),
};

/** A reward as the run books it: 120 TH/s × 45.5 sat = 5460 sat gross, 0.9 % fee 49 sat, 5411 net. */
function reward(index: number, day: string): Payment {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    type: 'reward',
    direction: 'incoming',
    status: 'completed',
    amount: 5411,
    created_at: `${day}T09:00:00.000Z`,
    counterparty: null,
    reward: {
      day,
      hash_rate: 120e12,
      rate: 45.5,
      gross: 5460,
      fee_percent: 0.9,
      fee: 49,
      shared: 0,
      net: 5411,
    },
    payout: null,
  };
}
const transfer: Payment = {
  id: '00000000-0000-4000-8000-000000000099',
  type: 'virtual_mining_transfer',
  direction: 'outgoing',
  status: 'completed',
  amount: 1200,
  created_at: '2026-11-20T09:00:00.000Z',
  counterparty: 'bob_mining',
  reward: null,
  payout: null,
};
const payments: Payment[] = [
  ...Array.from({ length: 24 }, (_, index) => reward(index + 1, `2026-10-${String(31 - index).padStart(2, '0')}`)),
  transfer,
];

/** The product API's payments of alice's miner: filtered and paged as asked, as the server does. */
function servePayments() {
  const asked: { url: URL; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, window.location.origin);
      asked.push({ url, headers: (init?.headers ?? {}) as Record<string, string> });
      if (url.pathname.endsWith(`/miners/${minerId}/payments`)) {
        const types = url.searchParams.getAll('type');
        const direction = url.searchParams.get('direction');
        const status = url.searchParams.get('status');
        const page = Number(url.searchParams.get('page') ?? 1);
        const perPage = Number(url.searchParams.get('per_page') ?? 20);
        const items = payments.filter(
          (payment) =>
            (types.length === 0 || types.includes(payment.type)) &&
            (!direction || payment.direction === direction) &&
            (!status || payment.status === status),
        );
        return Response.json({
          items: items.slice((page - 1) * perPage, page * perPage),
          total: items.length,
          page,
          per_page: perPage,
        } satisfies PaymentsPage);
      }
      if (url.pathname.endsWith(`/miners/${minerId}/payments/export`)) {
        return new Response('id,type\n', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': `attachment; filename="payments-alice_hash-${url.searchParams.get('days')}d-2026-11-23.csv"`,
          },
        });
      }
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
  const lists = () => asked.filter((call) => call.url.pathname.endsWith('/payments'));
  return { lists, lastList: () => lists().at(-1), asked };
}

const rows = () => screen.queryAllByRole('row').filter((row) => row.hasAttribute('data-payment'));

describe("the payments of alice's miner", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists 20 a page, newest first, with the type in words and the amount in BTC, and pages on', async () => {
    const user = userEvent.setup();
    const server = servePayments();
    const { router } = renderInApp(<PaymentsScreen />, { at: '/payments', entry: { active: alice } });
    await waitFor(() => expect(rows()).toHaveLength(20));
    const first = rows()[0];
    expect(within(first!).getByText(english.payments.types.reward)).toBeInTheDocument();
    expect(within(first!).getByText(/0\.00005411 BTC/)).toBeInTheDocument();
    expect(screen.getByText('1–20 of 25')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: english.pager.next }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(router.state.location.search).toBe('?page=2');
    expect(server.lastList()?.url.searchParams.get('page')).toBe('2');
    expect(screen.getByText('21–25 of 25')).toBeInTheDocument();
    const last = rows().at(-1);
    expect(within(last!).getByText(english.payments.types.virtual_mining_transfer)).toBeInTheDocument();
    expect(within(last!).getByText('bob_mining')).toBeInTheDocument();
    expect(within(last!).getByText(english.payments.directions.outgoing)).toBeInTheDocument();
  });

  it('filters by types, direction and status, keeps them in the address, and asks the server with repeated types', async () => {
    const user = userEvent.setup();
    const server = servePayments();
    const { router } = renderInApp(<PaymentsScreen />, { at: '/payments?page=2', entry: { active: alice } });
    await waitFor(() => expect(rows()).toHaveLength(5));
    const types = screen.getByRole('group', { name: english.payments.filters.type });

    await user.click(within(types).getByRole('button', { name: english.payments.types.virtual_mining_transfer }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(router.state.location.search).toBe('?type=virtual_mining_transfer');
    await user.click(within(types).getByRole('button', { name: english.payments.types.reward }));
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(server.lastList()?.url.searchParams.getAll('type')).toEqual(['reward', 'virtual_mining_transfer']);
    expect(within(types).getByRole('button', { name: english.payments.filters.allTypes })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    await user.selectOptions(screen.getByLabelText(english.payments.filters.direction), 'outgoing');
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.selectOptions(screen.getByLabelText(english.payments.filters.status), 'pending');
    await waitFor(() => expect(rows()).toHaveLength(0));
    expect(screen.getByText(english.payments.noneMatch)).toBeInTheDocument();
    expect(router.state.location.search).toBe(
      '?type=reward&type=virtual_mining_transfer&direction=outgoing&status=pending',
    );
    expect(server.lastList()?.url.searchParams.get('status')).toBe('pending');
  });

  it('opens a reward row to its breakdown: day, hashrate, rate, gross, fee percent, fee, shared and net', async () => {
    const user = userEvent.setup();
    servePayments();
    renderInApp(<PaymentsScreen />, { at: '/payments', entry: { active: alice } });
    const toggle = await screen.findByRole('button', { name: 'Breakdown of the reward for 2026-10-31' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const breakdown = within(document.getElementById(toggle.getAttribute('aria-controls') ?? '')!);
    const fact = (term: string) => breakdown.getByText(term).nextElementSibling?.textContent;
    expect(fact(english.payments.breakdown.day)).toBe('October 31, 2026');
    expect(fact(english.payments.breakdown.hashRate)).toBe('120 TH/s');
    expect(fact(english.payments.breakdown.rate)).toBe('45.5 sat per TH/s per day');
    expect(fact(english.payments.breakdown.gross)).toBe('0.00005460 BTC');
    expect(fact(english.payments.breakdown.feePercent)).toBe('0.9 %');
    expect(fact(english.payments.breakdown.fee)).toBe('0.00000049 BTC');
    expect(fact(english.payments.breakdown.shared)).toBe('0.00000000 BTC');
    expect(fact(english.payments.breakdown.net)).toBe('0.00005411 BTC');
    expect(breakdown.getByText(/120 TH\/s × 45\.5 sat = 5,460 sat/)).toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('downloads the export of 7, 30 or 90 days under the name the server gives', async () => {
    const user = userEvent.setup();
    const server = servePayments();
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderInApp(<PaymentsScreen />, { at: '/payments', entry: { active: alice } });
    const exports = await screen.findByRole('group', { name: english.payments.export.label });
    await user.click(within(exports).getByRole('button', { name: '30 days' }));
    await waitFor(() => expect(saved).toEqual(['payments-alice_hash-30d-2026-11-23.csv']));
    expect(server.asked.some((call) => call.url.pathname.endsWith('/payments/export'))).toBe(true);
    expect(
      within(exports)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['7 days', '30 days', '90 days']);
    click.mockRestore();
  });

  it("reads a watcher's payments with the link's token in its header", async () => {
    const server = servePayments();
    const token = 'w'.repeat(43);
    renderInApp(<PaymentsScreen />, {
      at: `/watch/${token}/payments`,
      path: '/watch/:watcherToken/payments',
      config: testPoolConfig(),
      entry: { active: alice, watcher: { token, info: { name: 'Investor', permissions: [] } } },
    });
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(server.lastList()?.headers['X-Watcher-Token']).toBe(token);
  });
});
