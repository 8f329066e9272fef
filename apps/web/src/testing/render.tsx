import type { ReactElement } from 'react';
import { afterEach } from 'vitest';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { PoolConfig } from '@pool/contract/pool-config';
import { poolConfigQuery } from '@/lib/config/get-pool-config.ts';
import { initI18n } from '@/lib/i18n/i18n.ts';
import type { EntryData } from '@/lib/use-entry-data.ts';
import english from '../../public/static/locales/en.json';

/** The English translations the tests render with, to name what a screen shows by its own words. */
export { english };

// Every test file that renders gets English, as a first visit with the default language would.
await initI18n({ language: 'en', translations: english });

// Testing Library cleans up by itself only where the test runner's hooks are globals.
afterEach(cleanup);

/** A pool config as the server serves it; `auth` is where the identity service answers. */
export function testPoolConfig(auth = `${window.location.origin}/identity`): PoolConfig {
  return {
    name: 'Test pool',
    addresses: [
      { type: 'app', address: window.location.origin },
      { type: 'auth', address: auth },
    ],
    settings: { default_language: 'en', available_languages: ['en'], password_min_length: 8, default_fee_percent: 0.9 },
    page_settings: {
      tax_calculator: false,
      mining_report: false,
      extra_currencies: [],
      app_theme: 'default',
      legal_entity_tax_percent: 25,
    },
    exchange_rates: { price_service_url: null, refresh_ms: 300_000 },
    payouts: { network: 'mainnet', explorer_tx_url: 'https://mempool.space/tx/{txid}' },
  };
}

export interface AppRenderOptions {
  /** The address the app is at; by default `/`. */
  at?: string;
  /** The route pattern the element renders at, when it reads parameters; by default the path of `at`. */
  path?: string;
  /** The pool config already loaded, as the entry steps leave it in the cache. */
  config?: PoolConfig;
  /** What the route's entry steps loaded (session, identity, active account), for `useEntryData`. */
  entry?: Partial<EntryData>;
}

export interface AppRenderResult extends RenderResult {
  client: QueryClient;
  router: ReturnType<typeof createMemoryRouter>;
}

/** Where the element sent the browser, when it navigated away from its own route. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders an element as the app would: a query client of its own (no retries, so a failure shows
 * at once), English translations, and a memory router at `at`, whose other paths render where the
 * element navigated to.
 */
export function renderInApp(element: ReactElement, options: AppRenderOptions = {}): AppRenderResult {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (options.config) client.setQueryData(poolConfigQuery.queryKey, options.config);
  const at = options.at ?? '/';
  const path = options.path ?? new URL(at, window.location.origin).pathname;
  const entry = options.entry ?? {};
  const router = createMemoryRouter(
    [
      { id: 'screen', path, element, loader: () => entry },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [at], hydrationData: { loaderData: { screen: entry } } },
  );
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, client, router };
}
