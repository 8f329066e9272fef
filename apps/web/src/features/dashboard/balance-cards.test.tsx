import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Balance, EarnedAllTime, ProcessingEarnings } from '@pool/contract/money';
import type { PoolConfig } from '@pool/contract/pool-config';
import type { MiningScope } from '@/lib/mining/mining-scope.ts';
import { english, renderInApp, testPoolConfig } from '@/testing/render.tsx';
import { BalanceCards } from './balance-cards.tsx';

const scope: MiningScope = { kind: 'miner', id: '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e5f6', name: 'alice_hash' };
const priceService = 'https://prices.example/api/v3/simple/price';

function configWith(extra: PoolConfig['page_settings']['extra_currencies'], priceServiceUrl: string | null) {
  const config = testPoolConfig();
  return {
    ...config,
    page_settings: { ...config.page_settings, extra_currencies: extra },
    exchange_rates: { price_service_url: priceServiceUrl, refresh_ms: 300_000 },
  } satisfies PoolConfig;
}

/** The miner's money reads, and a price service at 100,000 USD (tether at 1) and 8,000,000 RUB a bitcoin. */
function serve({ pricesUp }: { pricesUp: boolean }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL) => {
      const url = new URL(input, window.location.origin);
      if (url.href.startsWith(priceService)) {
        if (!pricesUp) throw new TypeError('Failed to fetch');
        return Response.json({ bitcoin: { usd: 100_000, rub: 8_000_000 }, tether: { usd: 1 } });
      }
      if (url.pathname.endsWith('/balance'))
        return Response.json({ balance: 12_345_678, updated_at: '2026-11-23T09:00:00.000Z' } satisfies Balance);
      if (url.pathname.endsWith('/processing-earnings'))
        return Response.json({
          amount: 5_000,
          days: [{ day: '2026-11-23', hash_rate: 110e12, estimate: 5_000 }],
          rate: 45.5,
          fee_percent: 0.9,
        } satisfies ProcessingEarnings);
      if (url.pathname.endsWith('/earned-all-time'))
        return Response.json({ amount: 100_000_000, since: '2026-11-16' } satisfies EarnedAllTime);
      // The exchange-rate proxy is down too.
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 503 });
    }),
  );
}

const card = (title: string) => screen.getByRole('heading', { name: title }).parentElement!;

describe('the balance cards (spec 2, 7)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('show balance, processing earnings and earned all time in BTC, USD and RUB when the pool shows roubles', async () => {
    serve({ pricesUp: true });
    renderInApp(<BalanceCards scope={scope} />, { config: configWith(['RUB'], priceService) });
    await waitFor(() =>
      expect(within(card(english.dashboard.balance.balance)).getByText('≈ $12,345.68')).toBeVisible(),
    );
    expect(within(card(english.dashboard.balance.balance)).getByText('0.12345678 BTC')).toBeVisible();
    expect(within(card(english.dashboard.balance.balance)).getByText('≈ ₽987,654.24')).toBeVisible();
    expect(within(card(english.dashboard.balance.processing)).getByText('0.00005000 BTC')).toBeVisible();
    expect(within(card(english.dashboard.balance.processing)).getByText('≈ $5.00')).toBeVisible();
    const earned = card(english.dashboard.balance.earned);
    expect(within(earned).getByText('1.00000000 BTC')).toBeVisible();
    expect(within(earned).getByText('≈ $100,000.00')).toBeVisible();
    expect(within(earned).getByText('Net rewards since Nov 16, 2026')).toBeVisible();
  });

  it('show no roubles where the pool shows none', async () => {
    serve({ pricesUp: true });
    renderInApp(<BalanceCards scope={scope} />, { config: configWith([], priceService) });
    await waitFor(() => expect(screen.getByText('≈ $12,345.68')).toBeVisible());
    expect(screen.queryByText(/₽/)).toBeNull();
  });

  it('leave fiat out, never zero, when no rate source answers', async () => {
    serve({ pricesUp: false });
    const { client } = renderInApp(<BalanceCards scope={scope} />, { config: configWith(['RUB'], priceService) });
    await screen.findByText('0.12345678 BTC');
    await waitFor(() =>
      expect(client.getQueryState(['exchange-rates', priceService, ['BTCUSDT', 'BTCRUB']])?.status).toBe('success'),
    );
    expect(screen.queryByText(/≈/)).toBeNull();
    expect(screen.queryByText(/\$|₽|0\.00$/)).toBeNull();
  });

  it('keep each hint the same paragraph when the figures land, so the largest paint is the first render', async () => {
    serve({ pricesUp: true });
    renderInApp(<BalanceCards scope={scope} />, { config: configWith([], priceService) });
    const processing = card(english.dashboard.balance.processing);
    const hint = within(processing).getByText(english.dashboard.balance.processingHint);
    expect(within(processing).getByText('—')).toBeVisible();
    await within(processing).findByText('0.00005000 BTC');
    expect(within(processing).getByText(english.dashboard.balance.processingHint)).toBe(hint);
    expect(hint.isConnected).toBe(true);
  });
});
