import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { flagsOf, roleAccessOf } from '@pool/contract/access-codes';
import type { Permission } from '@pool/contract/accounts';
import type { ProfitSplit } from '@pool/contract/sharing';
import { renderInApp } from '@/testing/render.tsx';
import { nextUtcDay, ProfitSharingPage } from './profit-sharing-page.tsx';

const donorId = '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e5f6';
const carolId = '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e5f7';
const donor: Permission = {
  id: '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e501',
  account_id: donorId,
  type: 'miner',
  account_name: 'donor_hash',
  role: 'owner',
  flags: flagsOf(roleAccessOf('miner', 'owner'), false),
};

/** The splits API as the server answers: a lookup by name, splits up to 100 % in all from tomorrow. */
function serve() {
  let splits: ProfitSplit[] = [];
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const address = new URL(url, window.location.origin);
      const path = address.pathname.replace('/api/backend/v0.1', '');
      if (path === '/miners/lookup-by-account-name') {
        return address.searchParams.get('account_name') === 'carol'
          ? Response.json({ id: carolId, account_name: 'carol' })
          : Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
      }
      if (path === `/miners/${donorId}/profit-sharings/${carolId}` && init?.method === 'PUT') {
        const body = JSON.parse(init.body as string) as { percent: number };
        puts.push(body);
        if (body.percent > 100 - splits.reduce((sum, split) => sum + split.percent, 0)) {
          return Response.json(
            {
              error: {
                code: 'validation_failed',
                message: 'Invalid input',
                fields: [{ field: 'percent', text: 'The percents of all recipients total more than 100' }],
              },
            },
            { status: 400 },
          );
        }
        const split = {
          recipient_miner_id: carolId,
          recipient_account_name: 'carol',
          percent: body.percent,
          starts_on: nextUtcDay(Date.now()),
        };
        splits = [split];
        return Response.json(split);
      }
      if (path === `/miners/${donorId}/profit-sharings`) {
        return Response.json({
          items: splits,
          referral: { referrer_account_name: 'bob_hash', percent: 10, ends_on: '2027-11-21' },
        });
      }
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
  return puts;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('profit sharing screen', () => {
  it('the next UTC day is the one after today in UTC, whatever the hour', () => {
    expect(nextUtcDay(Date.parse('2026-11-25T00:00:00Z'))).toBe('2026-11-26');
    expect(nextUtcDay(Date.parse('2026-11-25T23:59:59Z'))).toBe('2026-11-26');
    expect(nextUtcDay(Date.parse('2026-12-31T12:00:00Z'))).toBe('2027-01-01');
  });

  it('adds a recipient by account name from the next day, and shows the rules as field errors', async () => {
    const puts = serve();
    const user = userEvent.setup();
    renderInApp(<ProfitSharingPage />, { at: '/profit-sharing', entry: { active: donor } });
    expect(await screen.findByText(/You signed up through bob_hash/)).toBeInTheDocument();
    expect(screen.getByText('You share your profit with nobody.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(screen.getAllByText('Value required')).toHaveLength(2);
    await user.type(screen.getByLabelText('Recipient account name'), 'nobody');
    await user.type(screen.getByLabelText('Percent of your net reward'), '25');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('No miner has this account')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Recipient account name'));
    await user.type(screen.getByLabelText('Recipient account name'), 'carol');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(puts).toEqual([{ percent: 25 }]);
    const tomorrow = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${nextUtcDay(Date.now())}T00:00:00Z`),
    );
    await waitFor(() => expect(screen.getByText('carol').closest('li')).toHaveTextContent(`From ${tomorrow}`));

    await user.type(screen.getByLabelText('Recipient account name'), 'carol');
    await user.type(screen.getByLabelText('Percent of your net reward'), '101');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(screen.getByText('Enter a percent above 0 and at most 100')).toBeInTheDocument();
  });
});
