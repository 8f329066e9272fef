import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PoolConfig } from '@pool/contract/pool-config';
import { pageWithConfig } from './web-app.ts';
import { layoutOfPath } from './page-shell.ts';

const template =
  '<!doctype html><html lang="en"><head><title>pool</title></head><body><div id="root"></div></body></html>';
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
    app_theme: 'headframe',
    legal_entity_tax_percent: 25,
  },
  exchange_rates: { price_service_url: null, refresh_ms: 300_000 },
  payouts: { network: 'mainnet', explorer_tx_url: null },
};

describe('the served page', () => {
  it('carries the pool config as inert JSON that no value can break out of, and preloads the default translations', () => {
    const page = pageWithConfig(template, config, '/');
    const scripts = page.match(/<script\b/g) ?? [];
    expect(scripts).toHaveLength(1);
    const json = /<script id="pool-config" type="application\/json">(.*?)<\/script>/.exec(page)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual(config);
    expect(page).toContain('<link rel="preload" href="/static/locales/ru.json" as="fetch" crossorigin></head>');
  });

  it("paints the frame of the path's layout with the pool's name, escaped, in the pool's theme", () => {
    const page = pageWithConfig(template, config, '/workers');
    expect(page).toContain('<html lang="en" data-theme="headframe" style="--brand: #435FFF">');
    expect(page).toContain(
      '<div id="root"><div class="shell"><header class="shell-header"><span class="brand"><span class="brand-mark" aria-hidden="true"></span>Pool&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</span></header>',
    );
    expect(page).toContain('<main class="shell-main" aria-busy="true">');
    expect(pageWithConfig(template, config, '/auth/login')).toContain(
      '<div id="root"><div class="auth-layout"><header class="auth-header">',
    );
  });

  it.each([
    ['/auth/login', 'auth'],
    ['/auth/registration', 'auth'],
    ['/auth', 'auth'],
    ['/invitation', 'auth'],
    ['/op-7/auth', 'auth'],
    ['/op-7/auth/registration', 'auth'],
    ['/watch/abc', 'watcher'],
    ['/watch/abc/workers', 'watcher'],
    ['/', 'app'],
    ['/authors', 'app'],
    ['/customers/7/settings', 'app'],
    ['/platform/payouts', 'app'],
  ])('takes %s for the %s layout', (path, layout) => {
    expect(layoutOfPath(path)).toBe(layout);
  });

  it('finds in the web build page the two places it writes into', () => {
    const built = readFileSync(new URL('../../../web/index.html', import.meta.url), 'utf8');
    expect(built).toContain('<html lang="en">');
    expect(built).toContain('<div id="root"></div>');
  });

  it('is the build page unchanged when there is no pool config to give', () => {
    expect(pageWithConfig(template, undefined, '/')).toBe(template);
  });
});

describe("the served page's preloads of its screen's scripts", () => {
  const routeScripts = (path: string) => `<!-- scripts of ${path} -->`;
  const session = 'theme=dark; ory_kratos_session=abc';

  it.each([
    ['/settings', session, '/settings'],
    ['/watch/abc', undefined, '/watch/abc'],
    ['/auth/registration', undefined, '/auth/registration'],
    // Without a session the app sends the visitor to sign in: that page's scripts are the ones it needs.
    ['/settings', undefined, '/auth/login'],
    ['/', 'theme=dark', '/auth/login'],
  ])('at %s with cookies %s are those of %s', (path, cookies, screen) => {
    expect(pageWithConfig(template, config, path, cookies, routeScripts)).toContain(
      `<!-- scripts of ${screen} --></head>`,
    );
  });
});
