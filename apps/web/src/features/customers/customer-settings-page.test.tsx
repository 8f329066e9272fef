import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInApp } from '@/testing/render.tsx';
import { operator, operatorId } from './operator-fixture.ts';
import { CustomerSettingsPage, nextUtcDay } from './customer-settings-page.tsx';

const minerId = '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e599';
const fee = {
  id: '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e511',
  percent: 2.5,
  start_date: '2026-11-16',
  end_date: null,
  period: null,
  comment: 'Hosting, rack 4',
  created_at: '2026-11-16T08:00:00.000Z',
};

/** The customer's settings as the server answers them; a POST of a fee answers `answer`. */
function serve(answer: 'saved' | 'field' | 'broken') {
  const posts: unknown[] = [];
  const base = `/operators/${operatorId}/miners/${minerId}`;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, window.location.origin).pathname.replace('/api/backend/v0.1', '');
      if (path === `${base}/fees` && init?.method === 'POST') {
        posts.push(JSON.parse(init.body as string));
        if (answer === 'field') {
          return Response.json(
            {
              error: {
                code: 'validation_failed',
                message: 'Invalid input',
                fields: [{ field: 'percent', text: 'maximum threshold' }],
              },
            },
            { status: 400 },
          );
        }
        if (answer === 'broken') {
          return Response.json({ error: { code: 'internal_error', message: 'Something went wrong' } }, { status: 500 });
        }
        return Response.json({ ...fee, percent: 3, start_date: nextUtcDay(Date.now()) }, { status: 201 });
      }
      if (path === base) {
        return Response.json({
          id: minerId,
          account_name: 'carol_farm',
          title: 'Carol farm',
          comment: null,
          created_at: '2026-11-01T00:00:00.000Z',
          workers: { stable: 1, unavailable: 0, off: 0, removed: 0 },
          hash_rate_15m: 1e14,
          hash_rate_24h: 1e14,
          fee_percent: 2.5,
          balance: '1000',
          earned: '10',
          operator_id: operatorId,
        });
      }
      if (path === `${base}/fees`) return Response.json({ items: [fee] });
      if (path === `${base}/fees/current`) {
        return Response.json({ percent: 2.5, start_date: fee.start_date, fee, pool_percent: 0.9 });
      }
      if (path === `${base}/people`) return Response.json({ items: [] });
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
  return posts;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openFeeDialog() {
  const user = userEvent.setup();
  renderInApp(<CustomerSettingsPage />, {
    at: `/customers/${minerId}/settings`,
    path: '/customers/:id/settings',
    entry: { active: operator },
  });
  await user.click(await screen.findByRole('button', { name: 'Set fee' }));
  return { user, dialog: await screen.findByRole('dialog') };
}

describe('nextUtcDay', () => {
  it('is the day after the UTC day of the moment, whatever the local time', () => {
    expect(nextUtcDay(Date.parse('2026-11-26T23:59:59Z'))).toBe('2026-11-27');
    expect(nextUtcDay(Date.parse('2026-11-26T00:00:00Z'))).toBe('2026-11-27');
    expect(nextUtcDay(Date.parse('2026-12-31T12:00:00Z'))).toBe('2027-01-01');
    expect(nextUtcDay(Date.parse('2028-02-28T23:00:00Z'))).toBe('2028-02-29');
  });
});

describe('/customers/{id}/settings, the fee dialog', () => {
  it('shows the schedule and says the new fee starts at 00:00 UTC the next day', async () => {
    serve('saved');
    const { dialog } = await openFeeDialog();
    expect(dialog).toHaveTextContent(`The new fee starts at 00:00 UTC on ${nextUtcDay(Date.now())}.`);
    expect(screen.getByText('Hosting, rack 4')).toBeInTheDocument();
  });

  it('puts a missing or out-of-range percent under its input, without calling the server', async () => {
    const posts = serve('saved');
    const { user, dialog } = await openFeeDialog();
    const percent = within(dialog).getByLabelText('Fee, %');
    await user.click(within(dialog).getByRole('button', { name: 'Save fee' }));
    expect(await within(dialog).findByText('Value required')).toBeInTheDocument();
    await user.type(percent, '100.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save fee' }));
    expect(await within(dialog).findByText('From 0 to 100, at most two decimals')).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('sends a valid fee with its comment and closes', async () => {
    const posts = serve('saved');
    const { user, dialog } = await openFeeDialog();
    await user.type(within(dialog).getByLabelText('Fee, %'), '3');
    await user.type(within(dialog).getByLabelText('Comment (optional)'), 'New rack');
    await user.click(within(dialog).getByRole('button', { name: 'Save fee' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts).toEqual([{ percent: 3, comment: 'New rack' }]);
  });

  it('puts the server’s field error under the percent', async () => {
    serve('field');
    const first = await openFeeDialog();
    await first.user.type(within(first.dialog).getByLabelText('Fee, %'), '99');
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Save fee' }));
    const error = await within(first.dialog).findByText('The amount is too high');
    expect(error.closest('.field')).toContainElement(within(first.dialog).getByLabelText('Fee, %'));
  });

  it('shows a failure that is no field error in the dialog, which stays open', async () => {
    serve('broken');
    const { user, dialog } = await openFeeDialog();
    await user.type(within(dialog).getByLabelText('Fee, %'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save fee' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/\S/);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
