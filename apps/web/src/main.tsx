import '@/lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from '@/app/routes.tsx';
import { loadPoolConfig } from '@/lib/config/get-pool-config.ts';
import { applyTheme, themeOf } from '@/lib/config/theme.ts';
import { chooseLanguage } from '@/lib/i18n/choose-language.ts';
import { initI18n, loadTranslations } from '@/lib/i18n/i18n.ts';
import { intlLocaleOf } from '@/lib/format/locale.ts';
import { warmIntl } from '@/lib/format/warm-intl.ts';
import { installStepUp } from '@/lib/api-client.ts';
import { queryClient } from '@/lib/query-client.ts';
import { stepUp } from '@/lib/step-up/step-up-store.ts';
import { storage, storageKeys } from '@/lib/storage.ts';
import { startIntegrations } from '@/lib/operating/start-integrations.ts';
import { firstScreenSettled, navigationsOf } from '@/lib/operating/first-screen.ts';
import { versionCheck } from '@/lib/version/use-version-check.ts';
import { toast } from '@/components/toast/toast-store.ts';
import { routerInitialized } from '@/app/entry/router-initialized.ts';
import '@/styles/index.css';

/**
 * Before the first render: the pool config (for the default language and the theme) and the
 * translations of the chosen language. A config failure is not fatal here: the route entry loads
 * it again and shows the 500 page with its reason (spec 8).
 */
async function boot(): Promise<void> {
  const config = await loadPoolConfig(queryClient).catch(() => undefined);
  applyTheme(themeOf(config));
  const language = chooseLanguage({
    saved: storage.get(storageKeys.language),
    serverDefault: config?.settings.default_language,
    browser: navigator.languages,
    available: config?.settings.available_languages,
  });
  warmIntl(intlLocaleOf(language));
  const i18n = await initI18n(await loadTranslations(language));
  installStepUp(() => stepUp.request());
  const router = createBrowserRouter(routes);
  await routerInitialized(router);

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  );
  // Spec 9: error reporting, analytics and widgets when the browser is idle after the first screen,
  // each only if configured.
  void startIntegrations(config, {
    client: queryClient,
    ready: firstScreenSettled(router, queryClient),
    onNavigation: navigationsOf(router),
    release: () => versionCheck.storedVersion(),
    say: { toast, t: (key) => i18n.t(key) },
  });
}

void boot();
