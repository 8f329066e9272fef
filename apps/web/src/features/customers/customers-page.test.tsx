import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerPage, CustomerRow } from '@pool/contract/customers';
import { renderInApp } from '@/testing/render.tsx';
import { operator } from './operator-fixture.ts';
import { CustomersPage } from './customers-page.tsx';

const row = (n: number, account_name: string): CustomerRow => ({
  id: `7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e5${String(n).padStart(2, '0')}`,
  account_name,
  title: null,
  comment: null,
  created_at: '2026-11-01T00:00:00.000Z',
  workers: { stable: n, unavailable: 0, off: 0, removed: 0 },
  hash_rate_15m: n * 1e14,
  hash_rate_24h: n * 1e14,
  fee_percent: 2.5,
  balance: n * 1_000,
  earned: n * 100,
});

const answer = (items: CustomerRow[]): CustomerPage => ({
  items,
  total: items.length,
  page: 1,
  per_page: 20,
  totals: { customers: 2, workers: null, hash_rate_15m: null, hash_rate_24h: null, balance: null, earned: 3_000 },
});

/** The list answers only when the test lets it: each call waits for its own release. */
function serveHeld() {
  const releases: Array<() => void> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { searchParams } = new URL(url, window.location.origin);
      await new Promise<void>((resolve) => releases.push(resolve));
      const rows = [row(1, 'carolfarm'), row(2, 'davesolo')];
      return Response.json(answer(searchParams.get('direction') === 'desc' ? rows.reverse() : rows));
    }),
  );
  return releases;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/customers', () => {
  it('shows one placeholder until the first answer, then the totals above the list, and keeps both while a sort loads', async () => {
    const releases = serveHeld();
    renderInApp(<CustomersPage />, { at: '/customers', entry: { active: operator } });
    await vi.waitFor(() => expect(releases).toHaveLength(1));
    // Nothing that the totals card would push down when it lands above it.
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.queryByLabelText('Totals')).toBeNull();
    releases[0]?.();
    const totals = await screen.findByLabelText('Totals');
    const list = screen.getByRole('region', { name: 'Customers' });
    expect(totals.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.setup().click(within(list).getByRole('button', { name: /Account/ }));
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    // The next sort's answer is pending: the rows and totals on screen stay.
    expect(screen.getByLabelText('Totals')).toBeInTheDocument();
    expect(within(list).getAllByRole('row')).toHaveLength(3);
    releases[1]?.();
    await vi.waitFor(() => expect(within(list).getAllByRole('row')[1]).toHaveAttribute('data-customer', 'davesolo'));
  });
});
