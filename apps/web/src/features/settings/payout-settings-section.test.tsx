import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission } from '@pool/contract/accounts';
import type { PaymentThreshold, WalletAddresses } from '@pool/contract/payouts';
import { installStepUp } from '@/lib/api-client.ts';
import { renderInApp } from '@/testing/render.tsx';
import { PayoutSettingsSection } from './payout-settings-section.tsx';

const minerId = '5b0c7f6e-1d2a-4c3b-8e9f-000000000001';
const walletId = '5b0c7f6e-1d2a-4c3b-8e9f-0000000000aa';
const api = '/api/backend/v0.1';
const flags = {
  section_payments_read: true,
  section_workers_read: true,
  section_virtual_mining_read: true,
  section_referrals_read: true,
  section_permissions_read: true,
  total_fee_hide: false,
};
const owner: Permission = {
  id: '5b0c7f6e-1d2a-4c3b-8e9f-0000000000f1',
  account_id: minerId,
  role: 'owner',
  flags,
  type: 'miner',
  account_name: 'alice_hash',
};
const stop = '2026-11-25T03:10:00.000Z';
const denied = { error: { code: 'additional_authentication_required', message: 'Additional authentication required' } };

/** The wallet routes as the server answers them; a POST asks for a second factor until `pass()`. */
function serve({ verified = true }: { verified?: boolean } = {}) {
  let passed = verified;
  const posts: { url: string; body: unknown }[] = [];
  const state = { address: null as string | null, min: 100_000, max: 0, stopped: null as string | null };
  const addresses = (): WalletAddresses => ({
    items: state.address ? [{ address: state.address, created_at: '2026-11-24T03:10:00.000Z', set_by: 'alice' }] : [],
    current: state.address,
    payouts_stopped_until: state.stopped,
  });
  const threshold = (amount: number): PaymentThreshold => ({ amount, payouts_stopped_until: state.stopped });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === `${api}/miners/${minerId}`) {
        return Response.json({
          id: minerId,
          account_name: 'alice_hash',
          title: null,
          operator_id: null,
          created_at: '2026-01-01T00:00:00.000Z',
          wallets: [
            {
              id: walletId,
              currency: 'BTC',
              address: state.address,
              min_payment: state.min,
              max_payment: state.max,
              payouts_stopped_until: state.stopped,
            },
          ],
        });
      }
      const wallet = `${api}/wallets/${walletId}`;
      if (init?.method === 'POST') {
        if (!passed) return Response.json(denied, { status: 403 });
        const body = JSON.parse(init.body as string) as { address?: string; amount?: number };
        posts.push({ url, body });
        if (url === `${wallet}/addresses`) {
          if (!body.address?.startsWith('bc1')) {
            return Response.json(
              {
                error: {
                  code: 'validation_failed',
                  message: 'Validation failed',
                  fields: [{ field: 'address', text: 'crypto address invalid for a currency and network' }],
                },
              },
              { status: 400 },
            );
          }
          state.address = body.address;
        }
        if (url === `${wallet}/min-payments`) state.min = body.amount ?? 0;
        if (url === `${wallet}/max-payments`) state.max = body.amount ?? 0;
        state.stopped = stop;
        return Response.json(url.endsWith('addresses') ? addresses() : threshold(body.amount ?? 0));
      }
      if (url === `${wallet}/addresses`) return Response.json(addresses());
      if (url === `${wallet}/min-payments`) return Response.json(threshold(state.min));
      if (url === `${wallet}/max-payments`) return Response.json(threshold(state.max));
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
  return { posts, pass: () => (passed = true) };
}

describe('payout settings', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    installStepUp(undefined);
  });

  it('sends the typed BTC as exact satoshis, after the verification dialog, and shows the stop', async () => {
    const server = serve({ verified: false });
    const asked = vi.fn(async () => {
      server.pass();
      return true;
    });
    installStepUp(asked);
    const user = userEvent.setup();
    renderInApp(<PayoutSettingsSection active={owner} />);
    const minimum = await screen.findByLabelText('Minimum payout');
    expect(minimum).toHaveValue('0.00100000');
    expect(screen.getByText(/0 means no limit/)).toBeInTheDocument();
    await user.clear(minimum);
    await user.type(minimum, '0,29');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[1]!);
    await vi.waitFor(() =>
      expect(server.posts).toEqual([{ url: `${api}/wallets/${walletId}/min-payments`, body: { amount: 29_000_000 } }]),
    );
    expect(asked).toHaveBeenCalledOnce();
    expect(await screen.findByRole('status')).toHaveTextContent(/Payouts are stopped until .*2026/);
    expect(screen.getByRole('status')).toHaveTextContent(/stops payouts for a day/);
    await vi.waitFor(() => expect(screen.getByLabelText('Minimum payout')).toHaveValue('0.29000000'));
  });

  it('shows its lead while the wallet is still on its way: the phone paints it as the largest text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    renderInApp(<PayoutSettingsSection active={owner} />);
    expect(await screen.findByText(/Payouts go to this address once a day/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Payout settings' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByLabelText('Wallet address')).not.toBeInTheDocument();
  });

  it("shows the server's field error under the address and keeps too many decimals from being sent", async () => {
    const server = serve();
    const user = userEvent.setup();
    renderInApp(<PayoutSettingsSection active={owner} />);
    await user.type(await screen.findByLabelText('Wallet address'), 'tb1qexample');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(await screen.findByText("This address is not valid for bitcoin on this pool's network")).toBeInTheDocument();
    expect(screen.getByLabelText('Wallet address')).toHaveAttribute('aria-invalid', 'true');

    const maximum = screen.getByLabelText('Maximum payout');
    await user.clear(maximum);
    await user.type(maximum, '0.000000001');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[2]!);
    expect(await screen.findByText('At most 8 decimals')).toBeInTheDocument();
    expect(server.posts).toHaveLength(1);
  });

  it('is read-only to a role that reads Payments without managing, and absent without Payments', async () => {
    serve();
    const { unmount } = renderInApp(<PayoutSettingsSection active={{ ...owner, role: 'accountant' }} />);
    expect(await screen.findByText('No limit')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    unmount();
    renderInApp(
      <PayoutSettingsSection
        active={{ ...owner, role: 'viewer', flags: { ...flags, section_payments_read: false } }}
      />,
    );
    expect(screen.queryByRole('heading', { name: 'Payout settings' })).not.toBeInTheDocument();
  });
});
