import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInApp } from '@/testing/render.tsx';
import { operator, operatorId } from './operator-fixture.ts';
import { CreateCustomerPage } from './create-customer-page.tsx';

/** The create call as the server answers it: a taken name is a field error, a broken server none. */
function serve(answer: 'taken' | 'broken' | 'created') {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, window.location.origin).pathname.replace('/api/backend/v0.1', '');
      if (path === `/operators/${operatorId}/miners` && init?.method === 'POST') {
        posts.push(JSON.parse(init.body as string));
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
            id: '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e599',
            account_name: 'carolfarm',
            operator_id: operatorId,
            invited: 'c@x.test',
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

async function fill(name: string) {
  const user = userEvent.setup();
  renderInApp(<CreateCustomerPage />, { at: '/customers/create-customer', entry: { active: operator } });
  await user.type(screen.getByLabelText('Account name'), name);
  await user.type(screen.getByLabelText("Owner's e-mail"), 'carol@x.test');
  await user.type(screen.getByLabelText('Fee, %'), '2.5');
  await user.click(screen.getByRole('button', { name: 'Create customer' }));
  return user;
}

describe('/customers/create-customer', () => {
  it('shows spec 5’s customer-name rule under the name, without calling the server', async () => {
    const posts = serve('created');
    await fill('Carol_Farm');
    expect(await screen.findByText('Must consist only of lowercase latin letters and digits')).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('shows a taken name under the name field', async () => {
    const posts = serve('taken');
    await fill('carolfarm');
    expect(await screen.findByText('Miner already exists')).toBeInTheDocument();
    expect(posts).toEqual([{ account_name: 'carolfarm', email: 'carol@x.test', fee: 2.5, total_fee_hide: false }]);
  });

  it('shows spec 8’s creation failure for what is no field error', async () => {
    serve('broken');
    await fill('carolfarm');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Unexpected error :( Please, contact support'),
    );
  });
});
