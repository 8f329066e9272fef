import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VirtualMiningContract } from '@pool/contract/sharing';
import { renderInApp } from '@/testing/render.tsx';
import { contractBodyOf, nextUtcMidnightInput, utcInputToMillis } from './virtual-mining-contracts-section.tsx';
import { VirtualMiningContractsSection } from './virtual-mining-contracts-section.tsx';

const poolId = '3c1d2f4e-5a6b-4c7d-8e9f-0000000000aa';
const path = `/api/backend/v0.1/pools/${poolId}/virtual-mining/contracts`;
const running: VirtualMiningContract = {
  id: '3c1d2f4e-5a6b-4c7d-8e9f-000000000001',
  donor_miner_id: '3c1d2f4e-5a6b-4c7d-8e9f-000000000011',
  donor_account_name: 'alice',
  recipient_miner_id: '3c1d2f4e-5a6b-4c7d-8e9f-000000000012',
  recipient_account_name: 'bob',
  hash_rate_share: 0.25,
  fixed_hash_rate: null,
  starts_at: '2026-11-20T00:00:00.000Z',
  ends_at: null,
  status: 'running',
  created_at: '2026-11-19T10:00:00.000Z',
};

/** The contracts API as the server answers: unknown names are field errors; ending sets the end now. */
function serve() {
  let items = [running];
  const created: unknown[] = [];
  const ended: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const address = new URL(url, window.location.origin);
      if (address.pathname === path && init?.method === 'POST') {
        const body = JSON.parse(init.body as string) as { donor_account_name: string; hash_rate_share: number };
        created.push(body);
        if (body.donor_account_name !== 'carol') {
          return Response.json(
            {
              error: {
                code: 'not_found',
                message: 'Not found',
                fields: [{ field: 'donor_account_name', text: 'No miner has this account' }],
              },
            },
            { status: 404 },
          );
        }
        const made: VirtualMiningContract = {
          ...running,
          id: '3c1d2f4e-5a6b-4c7d-8e9f-000000000002',
          donor_account_name: 'carol',
          hash_rate_share: body.hash_rate_share,
          starts_at: '2026-12-01T00:00:00.000Z',
          status: 'scheduled',
        };
        items = [made, ...items];
        return Response.json(made, { status: 201 });
      }
      if (address.pathname.endsWith('/end') && init?.method === 'POST') {
        const id = address.pathname.split('/').at(-2) ?? '';
        ended.push(id);
        items = items.map((item) =>
          item.id === id ? { ...item, status: 'ended', ends_at: '2026-11-25T12:00:00.000Z' } : item,
        );
        return Response.json(items.find((item) => item.id === id));
      }
      if (address.pathname === path) {
        return Response.json({ items, total: items.length, page: 1, per_page: 10 });
      }
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
  return { created, ended };
}

describe('virtual-mining contract form rules', () => {
  const draft = {
    donor: 'alice',
    recipient: 'bob',
    kind: 'share' as const,
    share: '25',
    fixed: '',
    starts: '2026-12-01T00:00',
    ends: '',
  };

  it('sends a share as a fraction, a fixed rate in H/s and times as UTC', () => {
    expect(contractBodyOf(draft)).toEqual({
      body: {
        donor_account_name: 'alice',
        recipient_account_name: 'bob',
        hash_rate_share: 0.25,
        fixed_hash_rate: null,
        starts_at: '2026-12-01T00:00:00.000Z',
        ends_at: null,
      },
    });
    expect(contractBodyOf({ ...draft, kind: 'fixed', fixed: '150,5', ends: '2026-12-02T06:30' })).toMatchObject({
      body: { hash_rate_share: null, fixed_hash_rate: 150.5e12, ends_at: '2026-12-02T06:30:00.000Z' },
    });
    expect(contractBodyOf({ ...draft, share: '33.33' })).toMatchObject({ body: { hash_rate_share: 0.3333 } });
  });

  it('names each wrong field: blanks, the donor as recipient, a share out of range, an end before the start', () => {
    expect(contractBodyOf({ ...draft, donor: ' ', recipient: '', share: '' })).toEqual({
      errors: { donor: 'validation.required', recipient: 'validation.required', share: 'validation.required' },
    });
    expect(contractBodyOf({ ...draft, recipient: 'alice' })).toEqual({
      errors: { recipient: 'virtualMining.errors.self' },
    });
    expect(contractBodyOf({ ...draft, share: '0' })).toEqual({ errors: { share: 'virtualMining.errors.shareRange' } });
    expect(contractBodyOf({ ...draft, share: '100.01' })).toEqual({
      errors: { share: 'virtualMining.errors.shareRange' },
    });
    expect(contractBodyOf({ ...draft, share: '100' })).toHaveProperty('body');
    expect(contractBodyOf({ ...draft, share: '1.234' })).toEqual({ errors: { share: 'validation.decimal' } });
    expect(contractBodyOf({ ...draft, kind: 'fixed', fixed: '0' })).toEqual({
      errors: { fixed: 'validation.greaterThan|0' },
    });
    expect(contractBodyOf({ ...draft, ends: '2026-12-01T00:00' })).toEqual({
      errors: { ends: 'virtualMining.errors.endsAfterStart' },
    });
    expect(contractBodyOf({ ...draft, starts: '' })).toEqual({ errors: { starts: 'validation.required' } });
  });

  it('proposes the next 00:00 UTC as the start', () => {
    expect(nextUtcMidnightInput(Date.parse('2026-11-25T23:59:00Z'))).toBe('2026-11-26T00:00');
    expect(utcInputToMillis('2026-11-26T00:00')).toBe(Date.parse('2026-11-26T00:00:00Z'));
  });
});

describe('VirtualMiningContractsSection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists contracts, shows the server’s field error under its input, creates and ends one', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderInApp(<VirtualMiningContractsSection poolId={poolId} />);
    const row = await screen.findByRole('row', { name: /alice/ });
    expect(within(row).getByText('25 % of the donor')).toBeInTheDocument();
    expect(within(row).getByText('Running')).toBeInTheDocument();
    expect(within(row).getByText('Open-ended')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'New contract' });
    await user.click(within(form).getByRole('button', { name: 'Create contract' }));
    expect(within(form).getAllByText('Value required')).toHaveLength(3);
    expect(server.created).toEqual([]);

    await user.type(within(form).getByLabelText('Donor account name'), 'nobody');
    await user.type(within(form).getByLabelText('Recipient account name'), 'bob');
    await user.type(within(form).getByLabelText('Share of the donor’s hashrate, %'), '10');
    await user.click(within(form).getByRole('button', { name: 'Create contract' }));
    const donor = within(form).getByLabelText('Donor account name');
    expect(await within(form).findByText('No miner has this account')).toBeInTheDocument();
    expect(donor).toHaveAttribute('aria-invalid', 'true');

    await user.clear(donor);
    await user.type(donor, 'carol');
    await user.click(within(form).getByRole('button', { name: 'Create contract' }));
    const made = await screen.findByRole('row', { name: /carol/ });
    expect(within(made).getByText('Scheduled')).toBeInTheDocument();
    expect(server.created.at(-1)).toMatchObject({ donor_account_name: 'carol', hash_rate_share: 0.1 });
    expect(within(form).getByLabelText('Donor account name')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'End the contract of alice to bob' }));
    expect(await within(await screen.findByRole('row', { name: /alice/ })).findByText('Ended')).toBeInTheDocument();
    expect(server.ended).toEqual([running.id]);
    expect(screen.queryByRole('button', { name: 'End the contract of alice to bob' })).not.toBeInTheDocument();
  });

  it('shows a pool viewer the list only', async () => {
    serve();
    renderInApp(<VirtualMiningContractsSection poolId={poolId} canChange={false} />);
    await screen.findByRole('row', { name: /alice/ });
    expect(screen.queryByRole('form', { name: 'New contract' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /End the contract/ })).not.toBeInTheDocument();
  });
});
