import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { PoolConfig } from '@pool/contract/pool-config';
import { loadPoolConfig, pageConfig } from './get-pool-config.ts';

const config: PoolConfig = {
  name: 'Page pool',
  addresses: [{ type: 'auth', address: 'http://localhost/identity' }],
  settings: { default_language: 'en', available_languages: ['en'], password_min_length: 8, default_fee_percent: 0.9 },
  page_settings: {
    tax_calculator: true,
    mining_report: true,
    extra_currencies: [],
    app_theme: 'default',
    legal_entity_tax_percent: 25,
  },
  exchange_rates: { price_service_url: null, refresh_ms: 300_000 },
  payouts: { network: 'mainnet', explorer_tx_url: null },
};

function writeIntoPage(text: string): void {
  const element = document.createElement('script');
  element.id = 'pool-config';
  element.type = 'application/json';
  element.textContent = text;
  document.head.append(element);
}

afterEach(() => {
  document.getElementById('pool-config')?.remove();
  vi.unstubAllGlobals();
});

describe('the pool config', () => {
  it('comes from the page the server wrote it into, without a request', async () => {
    writeIntoPage(JSON.stringify(config));
    const fetching = vi.fn();
    vi.stubGlobal('fetch', fetching);
    expect(await loadPoolConfig(new QueryClient())).toEqual(config);
    expect(fetching).not.toHaveBeenCalled();
  });

  it('is fetched when the page has none or a broken one, and always on a reload', async () => {
    const other = { ...config, name: 'Served pool' };
    const fetching = vi.fn(async () => new Response(JSON.stringify(other)));
    vi.stubGlobal('fetch', fetching);
    expect(pageConfig()).toBeUndefined();
    expect(await loadPoolConfig(new QueryClient())).toEqual(other);
    writeIntoPage('{"name": 1');
    expect(pageConfig()).toBeUndefined();
    document.getElementById('pool-config')?.remove();
    writeIntoPage(JSON.stringify(config));
    const client = new QueryClient();
    expect(await loadPoolConfig(client)).toEqual(config);
    expect(await loadPoolConfig(client, { reload: true })).toEqual(other);
    expect(fetching).toHaveBeenCalledTimes(2);
  });
});
