import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { flagsOf, roleAccessOf } from '@pool/contract/access-codes';
import type { Permission } from '@pool/contract/accounts';
import type { ReferralList, ReferrerCode } from '@pool/contract/sharing';
import { toast } from '@/components/toast/toast-store.ts';
import { renderInApp } from '@/testing/render.tsx';
import { ReferralsPage } from './referrals-page.tsx';

const minerId = '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e5f6';
const bob: Permission = {
  id: '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e501',
  account_id: minerId,
  type: 'miner',
  account_name: 'bob_hash',
  role: 'owner',
  flags: flagsOf(roleAccessOf('miner', 'owner'), false),
};
const code: ReferrerCode = {
  id: '00000000-0000-4000-8000-000000000001',
  code: 'k7m2xq9p',
  link: 'https://pool.example/auth/registration?referral_code=k7m2xq9p',
  created_at: '2026-11-20T10:00:00.000Z',
};
const referred: ReferralList = {
  items: [
    {
      account_name: 'newcomer',
      code: code.code,
      created_at: '2026-11-21T10:00:00.000Z',
      starts_on: '2026-11-21',
      ends_on: '2027-11-21',
      percent: 10,
      earned: 1_234,
    },
  ],
  earned: 1_234,
};

/** The referral API as the server answers: the codes, the referred accounts, create and delete. */
function serve() {
  let codes = [code];
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, window.location.origin).pathname.replace('/api/backend/v0.1', '');
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      if (path === `/miners/${minerId}/referrer-codes` && init?.method === 'POST') {
        const made = {
          id: '00000000-0000-4000-8000-000000000002',
          code: 'second22',
          link: 'https://pool.example/auth/registration?referral_code=second22',
          created_at: '2026-11-25T10:00:00.000Z',
        };
        codes = [...codes, made];
        return Response.json(made, { status: 201 });
      }
      if (path === `/miners/${minerId}/referrer-codes/${code.id}` && init?.method === 'DELETE') {
        codes = codes.filter((entry) => entry.id !== code.id);
        return new Response(null, { status: 204 });
      }
      if (path === `/miners/${minerId}/referrer-codes`) return Response.json({ items: codes, percent: 10, days: 365 });
      if (path === `/miners/${minerId}/referrals`) return Response.json(referred);
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('referrals screen', () => {
  it('shows each code with its link, copies either with the Copied toast, and draws a QR code of the link', async () => {
    serve();
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const success = vi.spyOn(toast, 'success');
    renderInApp(<ReferralsPage />, { at: '/referrals', entry: { active: bob } });

    const item = await screen.findByText(code.link);
    const card = item.closest('li');
    if (!card) throw new Error('no code card');
    expect(screen.getByText(/10 % of the pool fee it pays, for 365 days/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenLastCalledWith(code.link);
    await user.click(within(card).getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenLastCalledWith(code.code);
    expect(success).toHaveBeenCalledWith('Copied');
    const qr = await within(card).findByRole('img', { name: `QR code of the link with code ${code.code}` });
    await waitFor(() => expect(qr.querySelector('svg')).not.toBeNull());
  });

  it('lists the referred accounts with what each brought, and creates and deletes codes', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderInApp(<ReferralsPage />, { at: '/referrals', entry: { active: bob } });
    const row = await screen.findByRole('row', { name: /newcomer/ });
    expect(row).toHaveTextContent('0.00001234');
    expect(screen.getByText(/Earned: .*0\.00001234/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create a code' }));
    expect(await screen.findByText('second22')).toBeInTheDocument();
    const remove = screen.getByRole('button', { name: `Delete code ${code.code}` });
    await waitFor(() => expect(remove).toBeEnabled());
    await user.click(remove);
    await waitFor(() => expect(screen.queryByText(code.link)).not.toBeInTheDocument());
    expect(calls).toContain(`POST /miners/${minerId}/referrer-codes`);
    expect(calls).toContain(`DELETE /miners/${minerId}/referrer-codes/${code.id}`);
  });
});
