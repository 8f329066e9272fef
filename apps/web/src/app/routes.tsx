import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { entryLoader } from './entry/browser-entry.ts';
import { guards, type RouteGuard } from './entry/route-guard.ts';
import { RouteErrorBoundary } from './errors/route-error-boundary.tsx';
import { NotFoundPage } from './errors/not-found-page.tsx';
import { TechnicalIssuesPage } from './errors/technical-issues-page.tsx';
import {
  AuthLayout,
  CustomerLayout,
  MainLayout,
  PlatformLayout,
  UserLayout,
  WatcherLayout,
} from './layouts/layouts.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { screenPages, type ScreenPath } from './screen-pages.ts';

type PageModule = () => Promise<ComponentType>;

/** A screen of spec 2: its path, what it needs before it renders, and what renders it. */
interface Screen {
  path: ScreenPath;
  guard: RouteGuard;
  /** The screen's page, loaded on first visit so each route ships only its own code. */
  page: PageModule;
}

/** Every page module, each its own chunk, loaded when a screen first needs it. */
const pageModules = import.meta.glob<Record<string, ComponentType>>([
  '../features/**/*-page.tsx',
  '../features/**/*-pages.tsx',
]);

function pageOf(path: ScreenPath): PageModule {
  const { module, component } = screenPages[path];
  const load = pageModules[`../features/${module}`];
  if (!load) throw new Error(`no page module ${module} for ${path}`);
  return async () => {
    const page = (await load())[component];
    if (!page) throw new Error(`${module} exports no ${component}`);
    return page;
  };
}

const screen = (path: ScreenPath, guard: RouteGuard): Screen => ({ path, guard, page: pageOf(path) });

const main = guards.main;

/** Spec 2 route table, grouped by layout. */
const mainScreens: Screen[] = [
  screen('/', main),
  screen('/workers', { ...main, section: 'Workers' }),
  screen('/payments', { ...main, section: 'Payments' }),
  screen('/transfers', { ...main, section: 'Transfers' }),
  screen('/referrals', { ...main, section: 'Referrals' }),
  screen('/access-control', { ...main, section: 'AccessControl' }),
  // Splitting a miner's earnings is financial data (spec 6), as the navigation shows it.
  screen('/profit-sharing', { ...main, section: 'Payments' }),
  screen('/tax-calculator', { ...main, pageSetting: 'tax_calculator' }),
  screen('/mining-report', { ...main, pageSetting: 'mining_report' }),
  screen('/faq', main),
];

const customerScreens: Screen[] = [
  screen('/customers', guards.customer),
  screen('/customers/create-customer', guards.customer),
  screen('/customers/create-sub', guards.customer),
  screen('/customers/:id', guards.customer),
  screen('/customers/:id/settings', guards.customer),
  screen('/customers/:id/payments', guards.customer),
];

const userScreens: Screen[] = [screen('/settings', guards.user), screen('/settings/notifications', guards.user)];

const platformScreens: Screen[] = [
  screen('/platform', guards.platform),
  screen('/platform/payouts', guards.platform),
  screen('/platform/unallocated', guards.platform),
  screen('/users', guards.poolUsers),
  screen('/users/:id', guards.poolUsers),
  screen('/promocodes', guards.platform),
  screen('/promocodes/create', guards.platform),
  screen('/promocodes/:id', guards.platform),
];

const authScreens: Screen[] = [
  screen('/auth/login', guards.auth),
  screen('/auth/registration', guards.auth),
  screen('/auth/recovery', guards.auth),
  screen('/auth/verification', guards.auth),
  screen('/auth/password', guards.auth),
  screen('/auth/name', guards.accountName),
  screen('/invitation', guards.auth),
  screen('/:operatorId/auth', guards.auth),
  /** The registration screen in its customer-management sign-up mode (spec 2), for an operator's customers. */
  screen('/:operatorId/auth/registration', guards.auth),
];

const watcherScreens: Screen[] = [
  screen('/watch/:watcherToken', guards.watcher),
  screen('/watch/:watcherToken/workers', { ...guards.watcher, section: 'Workers' }),
  screen('/watch/:watcherToken/payments', { ...guards.watcher, section: 'Payments' }),
];

function routesOf(screens: Screen[]): RouteObject[] {
  return screens.map(({ path, guard, page }) => ({
    path,
    loader: entryLoader(guard),
    lazy: async () => ({ Component: await page() }),
  }));
}

/** Spec 2 legacy routes. */
const legacyRoutes: RouteObject[] = [
  { path: '/operator', loader: () => redirect('/') },
  { path: '/operator/customers', loader: () => redirect('/customers') },
  { path: '/miner', loader: () => redirect('/') },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    children: [
      {
        errorElement: <RouteErrorBoundary />,
        children: [
          { element: <MainLayout />, children: routesOf(mainScreens) },
          { element: <CustomerLayout />, children: routesOf(customerScreens) },
          { element: <UserLayout />, children: routesOf(userScreens) },
          { element: <PlatformLayout />, children: routesOf(platformScreens) },
          {
            element: <AuthLayout />,
            children: [
              { path: '/auth', loader: ({ request }) => redirect(`/auth/login${new URL(request.url).search}`) },
              ...routesOf(authScreens),
            ],
          },
          { element: <WatcherLayout />, children: routesOf(watcherScreens) },
          ...legacyRoutes,
          { path: '/404', element: <NotFoundPage /> },
          { path: '/500', element: <TechnicalIssuesPage /> },
          { path: '*', loader: notFound },
        ],
      },
    ],
  },
];

/** Unknown paths raise a 404 route error, which the boundary turns into the not-found page. */
function notFound(): never {
  throw new Response('Not Found', { status: 404 });
}
