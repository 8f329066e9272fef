import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission } from '@pool/contract/accounts';
import type { MiningReportMonth } from '@pool/contract/money';
import { renderInApp } from '@/testing/render.tsx';
import { MiningReportPage } from './mining-report-page.tsx';

const minerId = '9d8c7b6a-5f4e-4d3c-8b2a-000000000007';
const alice = {
  type: 'miner',
  account_id: minerId,
  account_name: 'alice_hash',
  role: 'owner',
} as unknown as Permission;

function monthOf(month: string): MiningReportMonth {
  const january = month === '2025-01';
  return {
    month,
    hash_rate: january ? 120e12 : 0,
    days_mined: january ? 2 : 0,
    gross: january ? 10_920 : 0,
    fees: january ? 98 : 0,
    net: january ? 10_822 : 0,
    payouts: 0,
    btc_usd: january ? 101_234.56 : null,
    btc_rub: january ? 9_876_543.21 : null,
    days: january
      ? [
          { day: '2025-01-30', hash_rate: 120e12, gross: 5_460, fee: 49, net: 5_411 },
          { day: '2025-01-31', hash_rate: 120e12, gross: 5_460, fee: 49, net: 5_411 },
        ]
      : [],
  };
}

function serve() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const address = new URL(url, window.location.origin);
      if (address.pathname === `/api/backend/v0.1/miners/${minerId}/mining-report`) {
        const month = address.searchParams.get('month') ?? '';
        asked.push(month);
        return Response.json(monthOf(month));
      }
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
  return asked;
}

describe('/mining-report', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows the month in the address: its figures, the rates used and each day's reward", async () => {
    const asked = serve();
    renderInApp(<MiningReportPage />, { at: '/mining-report?month=2025-01', entry: { active: alice } });
    const figures = await screen.findByRole('region', { name: 'The month’s figures' });
    const figure = (name: string) => within(figures).getByRole('heading', { name }).parentElement;
    expect(figure('Average hashrate')).toHaveTextContent('120 TH/s');
    expect(figure('Days mined')).toHaveTextContent('2');
    expect(figure('Gross')).toHaveTextContent('0.00010920 BTC');
    expect(figure('Fees')).toHaveTextContent('0.00000098 BTC');
    expect(figure('Net')).toHaveTextContent('0.00010822 BTC');
    expect(figure('BTC/USD used')).toHaveTextContent('$101,234.56');
    expect(figure('BTC/RUB used')).toHaveTextContent('RUB 9,876,543.21');
    expect(screen.getByRole('img', { name: /2 days credited, the best 0.00005411 BTC/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Jan 31, 2025/ })).toHaveTextContent('0.00005411 BTC');
    expect(asked).toEqual(['2025-01']);
    // January 2025 is the first report month: nothing before it.
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'January 2025' })).toBeInTheDocument();
  });

  it('moves to the next month, whose rates the server did not see', async () => {
    const asked = serve();
    const user = userEvent.setup();
    renderInApp(<MiningReportPage />, { at: '/mining-report?month=2025-01', entry: { active: alice } });
    await screen.findByRole('region', { name: 'The month’s figures' });
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByText('Nothing was credited this month.')).toBeInTheDocument();
    expect(screen.getAllByText('No rate recorded')).toHaveLength(2);
    expect(asked).toEqual(['2025-01', '2025-02']);
  });

  it('is kept for miners: a pool account is told so and nothing is asked', () => {
    const asked = serve();
    const pool = { type: 'pool', account_id: minerId, pool_name: 'Headframe', role: 'admin' } as unknown as Permission;
    renderInApp(<MiningReportPage />, { at: '/mining-report', entry: { active: pool } });
    expect(screen.getByText(/kept for miner accounts/)).toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
