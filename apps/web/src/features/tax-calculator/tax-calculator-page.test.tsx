import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission } from '@pool/contract/accounts';
import type { MiningReportTotals } from '@pool/contract/money';
import { renderInApp, testPoolConfig } from '@/testing/render.tsx';
import { TaxCalculatorPage } from './tax-calculator-page.tsx';

const minerId = '1b2c3d4e-5f60-4718-a9b0-000000000003';
const bob = { type: 'miner', account_id: minerId, account_name: 'bob_mining', role: 'owner' } as unknown as Permission;
const config = () => {
  const base = testPoolConfig();
  return { ...base, page_settings: { ...base.page_settings, tax_calculator: true, legal_entity_tax_percent: 20.5 } };
};

const month = (label: string, net: number): MiningReportTotals => ({
  month: label,
  hash_rate: 0,
  days_mined: 0,
  gross: net,
  fees: 0,
  net,
  payouts: 0,
  btc_usd: null,
  btc_rub: null,
});

/** The miner's months (newest first) and the exchange-rate proxy, as the server answers them. */
function serve(roublesPerBitcoin: string | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const address = new URL(url, window.location.origin);
      if (address.pathname === `/api/backend/v0.1/miners/${minerId}/mining-report`) {
        return Response.json({
          items: [
            month('2026-03', 3_000_000),
            month('2026-02', 2_000_000),
            month('2026-01', 1_000_000),
            month('2025-12', 7),
          ],
        });
      }
      if (address.pathname === '/api/backend/v0.1/exchange-rates') {
        return Response.json([{ symbol: 'BTCRUB', price: roublesPerBitcoin }]);
      }
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
}

const taxOf = () => screen.getByTestId('tax-total').textContent;
const rowOf = (name: RegExp) => screen.getByRole('row', { name });

describe('/tax-calculator', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('says plainly that it is an estimate', () => {
    serve('8000000');
    renderInApp(<TaxCalculatorPage />, { at: '/tax-calculator', config: config(), entry: { active: bob } });
    expect(screen.getByRole('note')).toHaveTextContent('This is an estimate, not tax advice');
  });

  it('typed income: each bracket with its taxable part and tax, hand-computed at the edges', async () => {
    serve(null);
    const user = userEvent.setup();
    renderInApp(<TaxCalculatorPage />, { at: '/tax-calculator', config: config(), entry: { active: bob } });
    await user.click(screen.getByLabelText('Type in roubles'));
    const income = screen.getByLabelText('Income, ₽');

    await user.type(income, '200000');
    expect(taxOf()).toBe('₽26,000.00');
    expect(rowOf(/^Up to ₽200,000.00/)).toHaveTextContent('13 %₽200,000.00₽26,000.00');

    await user.clear(income);
    await user.type(income, '416 700');
    expect(taxOf()).toBe('₽58,505.00');
    expect(rowOf(/^₽200,000.00 to ₽416,700.00/)).toHaveTextContent('15 %₽216,700.00₽32,505.00');

    await user.clear(income);
    await user.type(income, '4170000,03');
    expect(taxOf()).toBe('₽784,099.01');
    expect(rowOf(/^Above ₽4,170,000.00/)).toHaveTextContent('22 %₽0.03₽0.01');

    await user.clear(income);
    await user.type(income, '12,345');
    expect(screen.getByText('Enter an amount in roubles, with at most two decimals')).toBeInTheDocument();
    expect(screen.queryByTestId('tax-total')).not.toBeInTheDocument();
  });

  it("legal entity: the pool's flat rate on the whole income", async () => {
    serve(null);
    const user = userEvent.setup();
    renderInApp(<TaxCalculatorPage />, { at: '/tax-calculator', config: config(), entry: { active: bob } });
    await user.click(screen.getByLabelText('Legal entity'));
    expect(screen.getByText('One flat rate of 20.5 % on the whole income.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Type in roubles'));
    await user.type(screen.getByLabelText('Income, ₽'), '100000');
    expect(taxOf()).toBe('₽20,500.00');
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
  });

  it('income from the rewards of chosen months, at the current BTC/RUB', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-03-20T12:00:00Z') });
    serve('8000000');
    const user = userEvent.setup();
    renderInApp(<TaxCalculatorPage />, { at: '/tax-calculator', config: config(), entry: { active: bob } });
    // This year by default: 0.06 BTC × 8,000,000 ₽ = 480,000 ₽.
    expect(await screen.findByTestId('period-rewards')).toHaveTextContent('0.06000000 BTC');
    expect(await screen.findByTestId('period-income')).toHaveTextContent('₽480,000.00');
    // 26,000 + 32,505 + (480,000 − 416,700) × 18 % (11,394) = 69,899. The income reaches the tax
    // through an effect, which runs after the render that shows it.
    await waitFor(() => expect(taxOf()).toBe('₽69,899.00'));
    await user.selectOptions(screen.getByLabelText('From'), '2025-12');
    await user.selectOptions(screen.getByLabelText('To'), '2025-12');
    // 7 sat × 8,000,000 ₽ = 0.56 ₽; 13 % of it is 0.0728 ₽, 7 kopecks.
    expect(screen.getByTestId('period-income')).toHaveTextContent('₽0.56');
    await waitFor(() => expect(taxOf()).toBe('₽0.07'));
  });

  it('without a BTC/RUB rate it asks for the income in roubles and shows no tax', async () => {
    serve(null);
    renderInApp(<TaxCalculatorPage />, { at: '/tax-calculator', config: config(), entry: { active: bob } });
    expect(await screen.findByText(/No rate is available now/)).toBeInTheDocument();
    expect(screen.queryByTestId('tax-total')).not.toBeInTheDocument();
  });
});
