import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/components/toast/toast-store.ts';
import { renderInApp } from '@/testing/render.tsx';
import { sharingSettingsOf, SharingSettingsSection } from './sharing-settings-section.tsx';
import { satoshisOf, TopUpSection } from './top-up-section.tsx';

const api = '/api/backend/v0.1/platform';
const fieldError = (field: string, text: string, status = 400) =>
  Response.json(
    { error: { code: 'validation_failed', message: 'Invalid input', fields: [{ field, text }] } },
    { status },
  );

/** The platform's top-up and settings API as the server answers them. */
function serve() {
  const topUps: { request_id: string; account_name: string; amount: number; comment: string }[] = [];
  const puts: unknown[] = [];
  let settings = { referral_percent: 10, referral_days: 365, welcome_days: 7 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, window.location.origin).pathname;
      if (path === `${api}/virtual-mining/topups` && init?.method === 'POST') {
        const body = JSON.parse(init.body as string) as (typeof topUps)[number];
        topUps.push(body);
        if (body.account_name !== 'bob') return fieldError('account_name', 'No miner has this account', 404);
        if (body.amount > 1_000_000) return fieldError('amount', 'The pool’s balance is lower than this amount');
        return Response.json({ transaction_id: crypto.randomUUID(), ...body }, { status: 201 });
      }
      if (path === `${api}/sharing/settings` && init?.method === 'PUT') {
        puts.push(JSON.parse(init.body as string));
        settings = JSON.parse(init.body as string) as typeof settings;
        return Response.json(settings);
      }
      if (path === `${api}/sharing/settings`) return Response.json(settings);
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
  return { topUps, puts };
}

describe('top-up and sharing settings rules', () => {
  it('reads an amount in BTC to eight decimals or in whole satoshis, never rounding a satoshi away', () => {
    expect(satoshisOf('0.00012345', 'btc')).toEqual({ satoshis: 12_345 });
    expect(satoshisOf('1,5', 'btc')).toEqual({ satoshis: 150_000_000 });
    expect(satoshisOf('12345', 'sat')).toEqual({ satoshis: 12_345 });
    expect(satoshisOf('0.000000001', 'btc')).toEqual({ error: 'platform.topUp.eightDecimals' });
    expect(satoshisOf('1.5', 'sat')).toEqual({ error: 'platform.topUp.wholeSatoshis' });
    expect(satoshisOf('0', 'sat')).toEqual({ error: 'validation.greaterThan|0' });
    expect(satoshisOf('', 'btc')).toEqual({ error: 'validation.required' });
    expect(satoshisOf('abc', 'btc')).toEqual({ error: 'validation.decimal' });
    expect(satoshisOf('21000001', 'btc')).toEqual({ error: 'platform.topUp.tooHigh' });
  });

  it('takes a percent of 0 to 100 with two decimals and whole days within their bounds', () => {
    const draft = { referral_percent: '2,5', referral_days: '30', welcome_days: '0' };
    expect(sharingSettingsOf(draft)).toEqual({
      settings: { referral_percent: 2.5, referral_days: 30, welcome_days: 0 },
    });
    expect(sharingSettingsOf({ ...draft, referral_percent: '100.01' })).toEqual({
      errors: { referral_percent: 'platform.sharingSettings.percentRange' },
    });
    expect(sharingSettingsOf({ ...draft, referral_percent: '1.234' })).toEqual({
      errors: { referral_percent: 'platform.sharingSettings.twoDecimals' },
    });
    expect(sharingSettingsOf({ referral_percent: '', referral_days: '0', welcome_days: '36501' })).toEqual({
      errors: {
        referral_percent: 'validation.required',
        referral_days: 'validation.greaterOrEqual|1',
        welcome_days: 'platform.sharingSettings.tooManyDays',
      },
    });
    expect(sharingSettingsOf({ ...draft, referral_days: '1.5' })).toEqual({
      errors: { referral_days: 'validation.numeric' },
    });
  });
});

describe('platform top-up and referral settings', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it(
    'tops a miner up with a comment, one request id per form, a field error under each input',
    { timeout: 30_000 },
    async () => {
      const server = serve();
      const success = vi.spyOn(toast, 'success');
      const user = userEvent.setup();
      renderInApp(<TopUpSection />, { at: '/platform/unallocated' });
      await user.click(screen.getByRole('button', { name: 'Top up' }));
      expect(screen.getAllByText('Value required')).toHaveLength(3);
      expect(server.topUps).toEqual([]);

      await user.type(screen.getByLabelText('Miner account name'), 'nobody');
      await user.type(screen.getByLabelText('Amount'), '0.5');
      await user.type(screen.getByLabelText('Comment'), 'Welcome credit');
      await user.click(screen.getByRole('button', { name: 'Top up' }));
      expect(await screen.findByText('No miner has this account')).toBeInTheDocument();
      expect(screen.getByLabelText('Miner account name')).toHaveAttribute('aria-invalid', 'true');

      await user.clear(screen.getByLabelText('Miner account name'));
      await user.type(screen.getByLabelText('Miner account name'), 'bob');
      await user.click(screen.getByRole('button', { name: 'Top up' }));
      expect(await screen.findByText('The pool’s balance is lower than this amount')).toBeInTheDocument();

      await user.selectOptions(screen.getByLabelText('Unit'), 'sat');
      await user.clear(screen.getByLabelText('Amount'));
      await user.type(screen.getByLabelText('Amount'), '5000');
      await user.click(screen.getByRole('button', { name: 'Top up' }));
      await vi.waitFor(() => expect(success).toHaveBeenCalledWith('0.00005000 BTC credited to bob'));
      expect(server.topUps.at(-1)).toMatchObject({ account_name: 'bob', amount: 5000, comment: 'Welcome credit' });
      // The same form keeps its request id across its retries; the next one gets another.
      expect(new Set(server.topUps.map((topUp) => topUp.request_id)).size).toBe(1);
      expect(screen.getByLabelText('Miner account name')).toHaveValue('');
    },
  );

  it(
    'shows the referral settings and saves them, refusing wrong values under their inputs',
    { timeout: 30_000 },
    async () => {
      const server = serve();
      const success = vi.spyOn(toast, 'success');
      const user = userEvent.setup();
      renderInApp(<SharingSettingsSection />, { at: '/platform' });
      const percent = await screen.findByLabelText('Referral percent of the pool fee');
      expect(percent).toHaveValue('10');
      expect(screen.getByLabelText('Referral days')).toHaveValue('365');
      expect(screen.getByLabelText('Welcome-code days')).toHaveValue('7');

      await user.clear(percent);
      await user.type(percent, '150');
      await user.clear(screen.getByLabelText('Referral days'));
      await user.click(screen.getByRole('button', { name: 'Save settings' }));
      expect(screen.getByText('Enter a percent from 0 to 100')).toBeInTheDocument();
      expect(screen.getByText('Value required')).toBeInTheDocument();
      expect(server.puts).toEqual([]);

      await user.clear(percent);
      await user.type(percent, '2.5');
      await user.type(screen.getByLabelText('Referral days'), '30');
      await user.click(screen.getByRole('button', { name: 'Save settings' }));
      await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Referral settings saved'));
      expect(server.puts).toEqual([{ referral_percent: 2.5, referral_days: 30, welcome_days: 7 }]);
    },
  );
});
