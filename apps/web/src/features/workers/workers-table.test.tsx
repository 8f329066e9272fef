import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { flagsOf, roleAccessOf } from '@pool/contract/access-codes';
import type { Permission } from '@pool/contract/accounts';
import type { Worker, WorkerList, WorkerSortKey, WorkerStatus, WorkerStatusCounts } from '@pool/contract/mining';
import { english, renderInApp } from '@/testing/render.tsx';
import { WorkersPage } from './workers-page.tsx';

const minerId = '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e5f6';
const alice: Permission = {
  id: '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e501',
  account_id: minerId,
  type: 'miner',
  account_name: 'alice_hash',
  role: 'owner',
  flags: flagsOf(roleAccessOf('miner', 'owner'), false),
};

const figure = (hashRate: number) => ({ hash_rate: hashRate, shares: 400, relative_error: 0.05 });
function worker(id: number, name: string, status: WorkerStatus, hashRate: number): Worker {
  return {
    id,
    worker_name: name,
    full_name: `alice_hash.${name}`,
    miner_id: minerId,
    account_name: 'alice_hash',
    status,
    behaviour: 'hardware',
    hash_rate_15m: figure(hashRate),
    hash_rate_1h: figure(hashRate * 2),
    hash_rate_24h: figure(hashRate * 3),
    reject_pct_15m: 0.5,
    first_share_at: '2026-03-01T10:00:00.000Z',
    last_share_at: '2026-03-01T12:00:00.000Z',
  };
}
const workers = [
  worker(1, 'rig-01', 'stable', 110e12),
  worker(2, 'rig-02', 'unavailable', 40e12),
  worker(3, 'rig-03', 'stable', 90e12),
  worker(4, 'rig-04', 'off', 0),
];

/** The product API's worker list of alice's miner: filtered and sorted as asked, as the server does. */
function serveWorkers() {
  const lists: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { pathname, searchParams } = new URL(url, window.location.origin);
      if (pathname.endsWith(`/miners/${minerId}/workers`)) {
        lists.push(searchParams);
        const statuses = searchParams.getAll('status');
        const key = (searchParams.get('sort') ?? 'worker_name') as WorkerSortKey;
        const sign = searchParams.get('direction') === 'desc' ? -1 : 1;
        const valueOf = (item: Worker) =>
          key === 'worker_name' || key === 'reject_pct_15m' ? item[key] : item[key].hash_rate;
        const items = workers
          .filter((item) => statuses.length === 0 || statuses.includes(item.status))
          .sort((a, b) => (valueOf(a) < valueOf(b) ? -sign : valueOf(a) > valueOf(b) ? sign : 0));
        return Response.json({ items, total: items.length, page: 1, per_page: 50 } satisfies WorkerList);
      }
      if (pathname.endsWith(`/miners/${minerId}/workers/statuses`)) {
        const count = (status: WorkerStatus) => workers.filter((item) => item.status === status).length;
        const counts: WorkerStatusCounts = {
          stable: count('stable'),
          unavailable: count('unavailable'),
          off: count('off'),
          removed: count('removed'),
          total: workers.length,
        };
        return Response.json(counts);
      }
      if (pathname.endsWith(`/miners/${minerId}/workers/boundary`)) return Response.json({ items: [] });
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
  return { lastList: () => lists.at(-1) };
}

function renderWorkers() {
  return renderInApp(<WorkersPage />, { at: '/workers', entry: { active: alice } });
}

/** The worker names the table shows, top to bottom. */
const shownWorkers = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe("the workers table on alice's miner", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a row per worker with its name and status, sorted by name', async () => {
    serveWorkers();
    renderWorkers();
    expect(await screen.findByRole('rowheader', { name: 'alice_hash.rig-01' })).toBeInTheDocument();
    expect(shownWorkers()).toEqual([
      'alice_hash.rig-01',
      'alice_hash.rig-02',
      'alice_hash.rig-03',
      'alice_hash.rig-04',
    ]);
    const row = screen.getByRole('row', { name: /alice_hash\.rig-02/ });
    expect(within(row).getByText(english.mining.status.unavailable)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: english.workers.columns.name })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it('sorts by a column when its header is pressed, highest first, and turns the order on a second press', async () => {
    const user = userEvent.setup();
    const server = serveWorkers();
    renderWorkers();
    await screen.findByRole('rowheader', { name: 'alice_hash.rig-01' });

    await user.click(screen.getByRole('button', { name: english.workers.columns.hashRate1h }));
    const header = screen.getByRole('columnheader', { name: english.workers.columns.hashRate1h });
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'descending'));
    await waitFor(() =>
      expect(shownWorkers()).toEqual([
        'alice_hash.rig-01',
        'alice_hash.rig-03',
        'alice_hash.rig-02',
        'alice_hash.rig-04',
      ]),
    );
    expect(server.lastList()?.get('sort')).toBe('hash_rate_1h');

    await user.click(screen.getByRole('button', { name: english.workers.columns.hashRate1h }));
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'ascending'));
    await waitFor(() =>
      expect(shownWorkers()).toEqual([
        'alice_hash.rig-04',
        'alice_hash.rig-02',
        'alice_hash.rig-03',
        'alice_hash.rig-01',
      ]),
    );
  });

  it('lists only the workers of the statuses chosen, with counts on the filters, and all again with All', async () => {
    const user = userEvent.setup();
    const server = serveWorkers();
    renderWorkers();
    const filters = await screen.findByRole('group', { name: english.workers.filters.label });
    const stable = await within(filters).findByRole('button', { name: `${english.mining.status.stable} 2` });
    expect(stable).toHaveAttribute('aria-pressed', 'false');

    await user.click(stable);
    await waitFor(() => expect(stable).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(shownWorkers()).toEqual(['alice_hash.rig-01', 'alice_hash.rig-03']));
    expect(server.lastList()?.getAll('status')).toEqual(['stable']);

    await user.click(within(filters).getByRole('button', { name: new RegExp(`^${english.mining.status.off}`) }));
    await waitFor(() =>
      expect(shownWorkers()).toEqual(['alice_hash.rig-01', 'alice_hash.rig-03', 'alice_hash.rig-04']),
    );

    await user.click(within(filters).getByRole('button', { name: `${english.workers.filters.all} 4` }));
    await waitFor(() => expect(shownWorkers()).toHaveLength(4));
    await waitFor(() => expect(stable).toHaveAttribute('aria-pressed', 'false'));
  });
});
