import { describe, expect, it } from 'vitest';
import type { PoolConfig } from '@pool/contract/pool-config';
import { pageWithConfig } from './web-app.ts';

const template = '<!doctype html><html><head><title>pool</title></head><body><div id="root"></div></body></html>';
const config: PoolConfig = {
  name: 'Pool</script><script>alert(1)</script>',
  addresses: [],
  settings: {
    default_language: 'ru',
    available_languages: ['en', 'ru'],
    password_min_length: 8,
    default_fee_percent: 1,
  },
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

describe('the served page', () => {
  it('carries the pool config as inert JSON that no value can break out of, and preloads the default translations', () => {
    const page = pageWithConfig(template, config);
    const scripts = page.match(/<script\b/g) ?? [];
    expect(scripts).toHaveLength(1);
    const json = /<script id="pool-config" type="application\/json">(.*?)<\/script>/.exec(page)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual(config);
    expect(page).toContain('<link rel="preload" href="/static/locales/ru.json" as="fetch" crossorigin></head>');
  });

  it('is the build page unchanged when there is no pool config to give', () => {
    expect(pageWithConfig(template, undefined)).toBe(template);
  });
});
