import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreatedWatcher, Watcher } from '@pool/contract/watchers';
import { renderInApp } from '@/testing/render.tsx';
import { WatcherLinksSection } from './watcher-links-section.tsx';

const minerId = '5b0c8f34-8f0e-4c1e-9a55-2f6f3d9b1a01';
const token = 'Zm9yLXRoZS1pbnZlc3Rvci1vbmx5LWEtc2VjcmV0LWx';
const listed: Watcher = {
  id: '5b0c8f34-8f0e-4c1e-9a55-2f6f3d9b1a02',
  name: 'Partner',
  access: ['Workers', 'Payments'],
  miner_id: minerId,
  account_name: 'alice_hash',
  created_at: '2026-03-01T12:00:00.000Z',
  created_by: { id: '5b0c8f34-8f0e-4c1e-9a55-2f6f3d9b1a03', email: 'bob@demo.pool' },
};
const created: CreatedWatcher = {
  ...listed,
  id: '5b0c8f34-8f0e-4c1e-9a55-2f6f3d9b1a04',
  name: 'Investor',
  access: ['Workers'],
  created_by: { id: '5b0c8f34-8f0e-4c1e-9a55-2f6f3d9b1a05', email: 'alice@demo.pool' },
  token,
};

/** The product API as the server answers it: lists never carry a token, the creation does once. */
function serve(): void {
  let watchers: Watcher[] = [listed];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith(`/miners/${minerId}/watchers`) && init?.method === 'POST') {
        const { token: _shownOnce, ...stored } = created;
        watchers = [stored, ...watchers];
        return Response.json(created, { status: 201 });
      }
      if (url.endsWith(`/miners/${minerId}/watchers`)) return Response.json(watchers);
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
}

function renderSection() {
  return renderInApp(<WatcherLinksSection minerId={minerId} canManage />);
}

describe('watcher links on the access-control screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('finding 16: the list shows name, access, creator and date, and offers no link to copy', async () => {
    serve();
    renderSection();
    const row = await screen.findByRole('row', { name: /Partner/ });
    expect(within(row).getByText('Workers, Payments')).toBeInTheDocument();
    expect(within(row).getByText('bob@demo.pool')).toBeInTheDocument();
    expect(within(row).getByText(new Date(listed.created_at).toLocaleDateString('en'))).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Created by' })).toBeInTheDocument();
  });

  it('finding 16: a new link is shown once, with a Copy button and a note that it will not be shown again', async () => {
    serve();
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderSection();
    await screen.findByRole('row', { name: /Partner/ });
    await user.type(screen.getByLabelText('Name'), 'Investor');
    await user.click(screen.getByRole('button', { name: 'Create link' }));

    const shown = await screen.findByRole('group', { name: /will not be shown again/ });
    expect(within(shown).getByText(`${window.location.origin}/watch/${token}`)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/watch/${token}`);
    // The list that reloads after the creation knows the link by its name only.
    const row = await screen.findByRole('row', { name: /Investor/ });
    expect(row).not.toHaveTextContent(token);
  });
});
