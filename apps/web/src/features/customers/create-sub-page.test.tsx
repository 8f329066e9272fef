import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInApp } from '@/testing/render.tsx';
import { operator, operatorId } from './operator-fixture.ts';
import { CreateSubAccountPage } from './create-sub-page.tsx';

const carolId = '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e599';
const row = {
  id: carolId,
  account_name: 'carolfarm',
  title: null,
  comment: null,
  created_at: '2026-11-01T00:00:00.000Z',
  workers: { stable: 1, unavailable: 0, off: 0, removed: 0 },
  hash_rate_15m: 1e14,
  hash_rate_24h: 1e14,
  fee_percent: 2.5,
  balance: '1000',
  earned: '10',
};

/** The operator's customers, and a sub-account's creation answered as `answer`. */
function serve(answer: 'created' | 'taken' | 'broken') {
  const posts: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, window.location.origin).pathname.replace('/api/backend/v0.1', '');
      if (path === `/operators/${operatorId}/miners`) {
        return Response.json({
          items: [row],
          total: 1,
          page: 1,
          per_page: 100,
          totals: {
            customers: 1,
            workers: row.workers,
            hash_rate_15m: 1e14,
            hash_rate_24h: 1e14,
            balance: '1000',
            earned: '10',
          },
        });
      }
      if (path === `/miners/${carolId}/sub-accounts` && init?.method === 'POST') {
        posts.push({ path, body: JSON.parse(init.body as string) });
        if (answer === 'taken') {
          return Response.json(
            {
              error: {
                code: 'miner_already_exists',
                message: 'Miner already exists',
                fields: [{ field: 'account_name', text: 'Miner already exists' }],
              },
            },
            { status: 409 },
          );
        }
        if (answer === 'broken') {
          return Response.json({ error: { code: 'internal_error', message: 'Something went wrong' } }, { status: 500 });
        }
        return Response.json(
          {
            id: '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e598',
            account_name: 'carolfarm2',
            operator_id: operatorId,
            invited: null,
          },
          { status: 201 },
        );
      }
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
  return posts;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function submit(name: string, parent = 'carolfarm') {
  const user = userEvent.setup();
  const view = renderInApp(<CreateSubAccountPage />, { at: '/customers/create-sub', entry: { active: operator } });
  await screen.findByRole('option', { name: 'carolfarm' });
  if (parent) await user.selectOptions(screen.getByLabelText('Customer'), parent);
  if (name) await user.type(screen.getByLabelText('Account name'), name);
  await user.click(screen.getByRole('button', { name: 'Create sub-account' }));
  return view;
}

/** The field's errors sit in the same `.field` as its input. */
const under = (text: string, label: string) =>
  expect(screen.getByText(text).closest('.field')).toContainElement(screen.getByLabelText(label));

describe('/customers/create-sub', () => {
  it('asks for the customer and the name under their inputs, without calling the server', async () => {
    const posts = serve('created');
    await submit('', '');
    await waitFor(() => expect(screen.getAllByText('Value required')).toHaveLength(2));
    expect(screen.getAllByText('Value required')[0]?.closest('.field')).toContainElement(
      screen.getByLabelText('Customer'),
    );
    expect(posts).toEqual([]);
  });

  it('shows spec 5’s customer-name rule under the name, without calling the server', async () => {
    const posts = serve('created');
    await submit('Farm_2');
    await screen.findByText('Must consist only of lowercase latin letters and digits');
    under('Must consist only of lowercase latin letters and digits', 'Account name');
    expect(posts).toEqual([]);
  });

  it('shows a taken name under the name field', async () => {
    serve('taken');
    await submit('carolfarm2');
    await screen.findByText('Miner already exists');
    under('Miner already exists', 'Account name');
  });

  it('shows spec 8’s creation failure for what is no field error', async () => {
    serve('broken');
    await submit('carolfarm2');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Unexpected error :( Please, contact support'),
    );
  });

  it('creates the sub-account under the chosen customer and returns to the list', async () => {
    const posts = serve('created');
    const { router } = await submit('carolfarm2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers'));
    expect(posts).toEqual([{ path: `/miners/${carolId}/sub-accounts`, body: { account_name: 'carolfarm2' } }]);
  });
});

describe('/customers/create-sub with 2,000 customers', () => {
  const many = Array.from({ length: 2000 }, (_, index) => ({
    ...row,
    id: `7d3f2a10-4b5c-4d6e-8f90-${String(index).padStart(12, '0')}`,
    account_name: `farm${String(index).padStart(4, '0')}`,
  }));
  const last = many[1999];

  /** The list call as the server answers it: filtered by account name, at most `per_page` rows. */
  function serveMany() {
    const searches: string[] = [];
    const posts: { path: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const address = new URL(url, window.location.origin);
        const path = address.pathname.replace('/api/backend/v0.1', '');
        if (path === `/operators/${operatorId}/miners`) {
          const search = address.searchParams.get('search') ?? '';
          const perPage = Number(address.searchParams.get('per_page'));
          searches.push(search);
          const found = many.filter((item) => item.account_name.includes(search));
          return Response.json({
            items: found.slice(0, perPage),
            total: found.length,
            page: 1,
            per_page: perPage,
            totals: {
              customers: many.length,
              workers: null,
              hash_rate_15m: null,
              hash_rate_24h: null,
              balance: null,
              earned: null,
            },
          });
        }
        if (path === `/miners/${last?.id}/sub-accounts` && init?.method === 'POST') {
          posts.push({ path, body: JSON.parse(init.body as string) });
          return Response.json(
            {
              id: '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e598',
              account_name: 'farm1999b',
              operator_id: operatorId,
              invited: null,
            },
            { status: 201 },
          );
        }
        return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
      }),
    );
    return { searches, posts };
  }

  it('finds a customer past the first page by its account name on the server, and creates under it', async () => {
    const { searches, posts } = serveMany();
    const user = userEvent.setup();
    const { router } = renderInApp(<CreateSubAccountPage />, {
      at: '/customers/create-sub',
      entry: { active: operator },
    });
    await screen.findByRole('option', { name: 'farm0000' });
    expect(screen.queryByRole('option', { name: 'farm1999' })).toBeNull();
    expect(screen.getByText('100 of 2000 shown: type a name to find the other customers.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Find a customer by account name'), 'farm1999');
    await screen.findByRole('option', { name: 'farm1999' });
    // One call per pause in typing, not one per key.
    const typedSearches = searches.filter((search) => search !== '');
    expect(typedSearches.at(-1)).toBe('farm1999');
    expect(typedSearches.length).toBeLessThan('farm1999'.length);
    expect(screen.queryByText(/shown: type a name/)).toBeNull();
    await user.selectOptions(screen.getByLabelText('Customer'), 'farm1999');

    // Another search keeps the chosen customer as an option.
    await user.clear(screen.getByLabelText('Find a customer by account name'));
    await user.type(screen.getByLabelText('Find a customer by account name'), 'farm00');
    await screen.findByRole('option', { name: 'farm0099' });
    expect(screen.getByLabelText('Customer')).toHaveValue(last?.id);

    await user.type(screen.getByLabelText('Account name'), 'farm1999b');
    await user.click(screen.getByRole('button', { name: 'Create sub-account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers'));
    expect(posts).toEqual([{ path: `/miners/${last?.id}/sub-accounts`, body: { account_name: 'farm1999b' } }]);
  });

  it('says when no customer matches the search', async () => {
    serveMany();
    const user = userEvent.setup();
    renderInApp(<CreateSubAccountPage />, { at: '/customers/create-sub', entry: { active: operator } });
    await screen.findByRole('option', { name: 'farm0000' });
    await user.type(screen.getByLabelText('Find a customer by account name'), 'nosuchfarm');
    await screen.findByText('No customer matches this search.');
    expect(screen.getAllByRole('option')).toHaveLength(1);
  });
});
