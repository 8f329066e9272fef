import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PromoCode, PromoCodeBody } from '@pool/contract/sharing';
import { renderInApp } from '@/testing/render.tsx';
import { CreatePromoCodePage, EditPromoCodePage } from './promocode-edit-pages.tsx';
import { PromoCodesPage } from './promocodes-page.tsx';

const api = '/api/backend/v0.1/platform/promocodes';
const existing: PromoCode = {
  id: '00000000-0000-4000-8000-000000000001',
  code: 'HALF',
  description: 'Half the fee',
  status: 'active',
  type: 'universal',
  fee_type: 'relative',
  fee_percent: 50,
  effective_from: '2026-11-01T00:00:00.000Z',
  effective_to: null,
  usage_limit: 10,
  user_usage_limit: 1,
  allowed_emails: [],
  duration_days: 30,
  perpetual: false,
  used: 3,
  created_at: '2026-11-01T00:00:00.000Z',
};

/** The platform's promo-code API as the server answers: a duplicate and unknown e-mails are refused. */
function serve() {
  const sent: { method: string; body: PromoCodeBody }[] = [];
  const queries: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const address = new URL(url, window.location.origin);
      if (address.pathname === `${api}/generate`) return Response.json({ code: 'K7M2XQ9PRT' });
      if (init?.method === 'POST' || init?.method === 'PUT') {
        const body = JSON.parse(init.body as string) as PromoCodeBody;
        sent.push({ method: init.method, body });
        if (body.code.toLowerCase() === 'half' && init.method === 'POST') {
          return Response.json(
            {
              error: {
                code: 'promocode_already_exists',
                message: 'Promo code with this name already exists',
                fields: [{ field: 'code', text: 'Promo code with this name already exists' }],
              },
            },
            { status: 409 },
          );
        }
        if ((body.allowed_emails ?? []).length > 0) {
          return Response.json(
            {
              error: {
                code: 'no_users_found',
                message: 'No users from the provided list were found',
                fields: [{ field: 'allowed_emails', text: 'No users from the provided list were found' }],
              },
            },
            { status: 404 },
          );
        }
        return Response.json({ ...existing, ...body, id: existing.id, used: 0 }, { status: 201 });
      }
      if (address.pathname === `${api}/${existing.id}`) return Response.json(existing);
      if (address.pathname === api) {
        queries.push(address.searchParams);
        const type = address.searchParams.get('type');
        const items = [existing].filter((item) => type === null || item.type === type);
        return Response.json({ items, total: items.length, page: 1, per_page: 20 });
      }
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
  return { sent, queries };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('promo code screens', () => {
  it('lists codes with their fee, window and uses, filtered by type in the address', async () => {
    const { queries } = serve();
    const user = userEvent.setup();
    const { router } = renderInApp(<PromoCodesPage />, { at: '/promocodes' });
    const row = await screen.findByRole('row', { name: /HALF/ });
    expect(row).toHaveTextContent('50 % off the fee');
    expect(row).toHaveTextContent('3 / 10');
    await user.selectOptions(screen.getByLabelText('Type'), 'welcome');
    await waitFor(() => expect(router.state.location.search).toBe('?type=welcome'));
    expect(await screen.findByText('No promo codes match.')).toBeInTheDocument();
    expect(queries.at(-1)?.get('type')).toBe('welcome');
  });

  it('creates a code with Generate, and shows each refusal under its input', async () => {
    const { sent } = serve();
    const user = userEvent.setup();
    renderInApp(<CreatePromoCodePage />, { at: '/promocodes/create' });
    await user.type(screen.getByLabelText('Code'), 'half');
    await user.type(screen.getByLabelText('Discount, % of the fee'), '25');
    await user.type(screen.getByLabelText('Duration in days'), '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Promo code with this name already exists')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByLabelText('Code')).toHaveValue('K7M2XQ9PRT');
    await user.type(screen.getByLabelText('Allowed users (e-mails, optional)'), 'nobody@nowhere.test');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('No users from the provided list were found')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Allowed users (e-mails, optional)'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(`/promocodes/${existing.id}`);
    expect(sent.at(-1)).toMatchObject({
      method: 'POST',
      body: { code: 'K7M2XQ9PRT', fee_type: 'relative', fee_percent: 25, duration_days: 30, perpetual: false },
    });
  });

  it('edits a code: the form starts from it, and a perpetual code sends no duration', async () => {
    const { sent } = serve();
    const user = userEvent.setup();
    renderInApp(<EditPromoCodePage />, { at: `/promocodes/${existing.id}`, path: '/promocodes/:id' });
    expect(await screen.findByLabelText('Code')).toHaveValue('HALF');
    expect(screen.getByLabelText('Description')).toHaveValue('Half the fee');
    await user.click(screen.getByLabelText('Perpetual'));
    expect(screen.queryByLabelText('Duration in days')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PUT', body: { code: 'HALF', perpetual: true, duration_days: null } });
  });
});
