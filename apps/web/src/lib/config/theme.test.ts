import { describe, expect, it } from 'vitest';
import type { PoolConfig } from '@pool/contract/pool-config';
import { applyTheme, brandColours, themeOf } from './theme.ts';

const config = (app_theme: 'default' | 'headframe'): PoolConfig => ({
  name: 'Pool',
  addresses: [],
  settings: { default_language: 'en', available_languages: ['en'], password_min_length: 8, default_fee_percent: 0.9 },
  page_settings: {
    tax_calculator: false,
    mining_report: false,
    extra_currencies: [],
    app_theme,
    legal_entity_tax_percent: 25,
  },
  exchange_rates: { price_service_url: null, refresh_ms: 300_000 },
  payouts: { network: 'mainnet', explorer_tx_url: 'https://mempool.space/tx/{txid}' },
});

describe('theme', () => {
  it('follows the pool setting', () => {
    expect(themeOf(config('headframe'))).toBe('headframe');
    expect(themeOf(config('default'))).toBe('default');
  });

  it('is the default theme before the config is known', () => {
    expect(themeOf(undefined)).toBe('default');
  });

  it('uses the brand colours of spec 1', () => {
    expect(brandColours).toEqual({ default: '#5b7bdc', headframe: '#435FFF' });
  });

  it('marks the root element for the stylesheet', () => {
    const root = document.createElement('html');
    applyTheme('headframe', root);
    expect(root.dataset.theme).toBe('headframe');
    expect(root.style.getPropertyValue('--brand')).toBe('#435FFF');
  });
});
