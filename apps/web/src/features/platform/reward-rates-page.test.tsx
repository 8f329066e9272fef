import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExternalRateSource, RewardRate } from '@pool/contract/money';
import { toast } from '@/components/toast/toast-store.ts';
import { installStepUp } from '@/lib/api-client.ts';
import { renderInApp } from '@/testing/render.tsx';
import { RewardRatesPage } from './reward-rates-page.tsx';

const api = '/api/backend/v0.1/platform/rewards/rates';
const older: RewardRate = {
  id: '7a1f0c6e-0d6b-4d55-9a3e-000000000001',
  rate: 48.388,
  source: 'network',
  effective_from: '2026-10-01T00:00:00.000Z',
  set_by: null,
};
const network: ExternalRateSource = {
  source: 'network',
  origin: 'http://127.0.0.1:8332',
  rate: 52.617,
  fetched_at: '2026-11-23T10:00:00.000Z',
  detail: { difficulty: 1.02e14, block_reward: 318_750_000, height: 925_000 },
  error: null,
};
const manual: ExternalRateSource = {
  source: 'manual',
  origin: 'manual',
  rate: null,
  fetched_at: null,
  detail: null,
  error: null,
};

/** The platform API as the server answers: PUT asks for a second factor until `verified`. */
function serve({ verified = true }: { verified?: boolean } = {}) {
  let items = [older];
  const puts: unknown[] = [];
  let passed = verified;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === `${api}/external-sources`) return Response.json({ items: [manual, network] });
      if (url === `${api}/current` && init?.method === 'PUT') {
        if (!passed) {
          return Response.json(
            { error: { code: 'additional_authentication_required', message: 'Additional authentication required' } },
            { status: 403 },
          );
        }
        const body = JSON.parse(init.body as string) as { rate: number; source: 'manual' | 'network' };
        puts.push(body);
        const rate: RewardRate = {
          id: `7a1f0c6e-0d6b-4d55-9a3e-00000000000${items.length + 1}`,
          rate: body.rate,
          source: body.source,
          effective_from: '2026-11-23T10:05:00.000Z',
          set_by: 'admin@demo.pool',
        };
        items = [rate, ...items];
        return Response.json(rate);
      }
      if (url === api) return Response.json({ items, current: items[0] ?? null });
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
  return { puts, pass: () => (passed = true) };
}

describe('/platform: reward rates', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    installStepUp(undefined);
  });

  it('shows the rate in force, each source with where it was read, and the history', async () => {
    serve();
    renderInApp(<RewardRatesPage />);
    expect(await screen.findByTestId('current-rate')).toHaveTextContent('48.388 sat per TH/s per day');
    const source = await screen.findByRole('listitem', { name: 'Network (hashprice)' });
    expect(within(source).getByText('http://127.0.0.1:8332')).toBeInTheDocument();
    expect(within(source).getByText('52.617 sat per TH/s per day')).toBeInTheDocument();
    expect(within(source).getByText('3.18750000 BTC')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Manual' })).getByText('No value')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /in force/ });
    expect(within(row).getByText('Automatic')).toBeInTheDocument();
  });

  it('refuses a rate with four decimals or of zero without asking the server', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderInApp(<RewardRatesPage />);
    const input = await screen.findByLabelText('New rate, sat per TH/s per day');
    await user.type(input, '42.1234');
    await user.click(screen.getByRole('button', { name: 'Set as current rate' }));
    expect(await screen.findByText('At most three decimals')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '0');
    await user.click(screen.getByRole('button', { name: 'Set as current rate' }));
    expect(await screen.findByText('Must be greater than 0')).toBeInTheDocument();
    expect(server.puts).toEqual([]);
  });

  it('a critical change: the second factor is asked, then the same PUT runs again and the history shows it', async () => {
    const success = vi.spyOn(toast, 'success');
    const server = serve({ verified: false });
    const asked = vi.fn(async () => {
      server.pass();
      return true;
    });
    installStepUp(asked);
    const user = userEvent.setup();
    renderInApp(<RewardRatesPage />);
    await user.type(await screen.findByLabelText('New rate, sat per TH/s per day'), '45,125');
    await user.click(screen.getByRole('button', { name: 'Set as current rate' }));
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Reward rate set'));
    expect(asked).toHaveBeenCalledOnce();
    expect(server.puts).toEqual([{ rate: 45.125, source: 'manual' }]);
    await vi.waitFor(() => expect(screen.getByTestId('current-rate')).toHaveTextContent('45.125 sat per TH/s per day'));
    // Set: the field is empty again.
    expect(screen.getByLabelText('New rate, sat per TH/s per day')).toHaveValue('');
    expect(screen.getByRole('row', { name: /in force/ })).toHaveTextContent('admin@demo.pool');
  });

  it("takes the network source's value with its source", async () => {
    const server = serve();
    const user = userEvent.setup();
    renderInApp(<RewardRatesPage />);
    await user.click(await screen.findByRole('button', { name: 'Use the Network (hashprice) value' }));
    expect(screen.getByLabelText('New rate, sat per TH/s per day')).toHaveValue('52.617');
    await user.click(screen.getByRole('button', { name: 'Set as current rate' }));
    await vi.waitFor(() => expect(server.puts).toHaveLength(1));
    expect(server.puts).toEqual([{ rate: 52.617, source: 'network' }]);
  });
});
