import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon.tsx';
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

type PageModule = () => Promise<ComponentType>;

/** A screen of spec 2: its path, what it needs before it renders, and what renders it. */
interface Screen {
  path: string;
  guard: RouteGuard;
  /** Translation key of the screen's title, shown while the screen is still to be built. */
  title: string;
  /** The screen's page, loaded on first visit so each route ships only its own code. */
  page?: PageModule;
}

const screen = (path: string, guard: RouteGuard, title: string, page?: PageModule): Screen => ({
  path,
  guard,
  title,
  page,
});

const auth = {
  login: () => import('@/features/auth/pages/login-page.tsx').then((module) => module.LoginPage),
  operatorLogin: () =>
    import('@/features/auth/pages/operator-login-page.tsx').then((module) => module.OperatorLoginPage),
  registration: () => import('@/features/auth/pages/registration-page.tsx').then((module) => module.RegistrationPage),
  customerRegistration: () =>
    import('@/features/auth/pages/registration-page.tsx').then((module) => module.CustomerRegistrationPage),
  recovery: () => import('@/features/auth/pages/recovery-page.tsx').then((module) => module.RecoveryPage),
  verification: () => import('@/features/auth/pages/verification-page.tsx').then((module) => module.VerificationPage),
  password: () => import('@/features/auth/pages/password-page.tsx').then((module) => module.PasswordPage),
  accountName: () => import('@/features/auth/pages/account-name-page.tsx').then((module) => module.AccountNamePage),
};
const dashboardPage = () => import('@/features/dashboard/dashboard-page.tsx').then((module) => module.DashboardPage);
const workersPage = () => import('@/features/workers/workers-page.tsx').then((module) => module.WorkersPage);
const settingsPage = () => import('@/features/settings/settings-page.tsx').then((module) => module.SettingsPage);
const accessControlPage = () =>
  import('@/features/access-control/access-control-page.tsx').then((module) => module.AccessControlPage);
const invitationPage = () =>
  import('@/features/invitation/invitation-page.tsx').then((module) => module.InvitationPage);
const main = guards.main;

/** Spec 2 route table, grouped by layout. Screens not built yet show their title and "coming soon". */
const mainScreens: Screen[] = [
  screen('/', main, 'screens.dashboard', dashboardPage),
  screen('/workers', { ...main, section: 'Workers' }, 'screens.workers', workersPage),
  screen('/payments', { ...main, section: 'Payments' }, 'screens.payments'),
  screen('/transfers', { ...main, section: 'Transfers' }, 'screens.transfers'),
  screen('/referrals', { ...main, section: 'Referrals' }, 'screens.referrals'),
  screen('/access-control', { ...main, section: 'AccessControl' }, 'screens.accessControl', accessControlPage),
  // Splitting a miner's earnings is financial data (spec 6), as the navigation shows it.
  screen('/profit-sharing', { ...main, section: 'Payments' }, 'screens.profitSharing'),
  screen('/tax-calculator', { ...main, pageSetting: 'tax_calculator' }, 'screens.taxCalculator'),
  screen('/mining-report', { ...main, pageSetting: 'mining_report' }, 'screens.miningReport'),
  screen('/faq', main, 'screens.faq'),
];

const customerScreens: Screen[] = [
  screen('/customers', guards.customer, 'screens.customers'),
  screen('/customers/create-customer', guards.customer, 'screens.createCustomer'),
  screen('/customers/create-sub', guards.customer, 'screens.createSub'),
  screen('/customers/:id', guards.customer, 'screens.customer'),
  screen('/customers/:id/settings', guards.customer, 'screens.customerSettings'),
  screen('/customers/:id/payments', guards.customer, 'screens.customerPayments'),
];

const userScreens: Screen[] = [
  screen('/settings', guards.user, 'screens.settings', settingsPage),
  screen('/settings/notifications', guards.user, 'screens.notifications'),
];

const platformScreens: Screen[] = [
  screen('/platform', guards.platform, 'screens.platformRewards'),
  screen('/platform/payouts', guards.platform, 'screens.platformPayouts'),
  screen('/platform/unallocated', guards.platform, 'screens.platformUnallocated'),
  screen('/users', guards.platform, 'screens.users'),
  screen('/users/:id', guards.platform, 'screens.user'),
  screen('/promocodes', guards.platform, 'screens.promocodes'),
  screen('/promocodes/create', guards.platform, 'screens.createPromocode'),
  screen('/promocodes/:id', guards.platform, 'screens.editPromocode'),
];

const authScreens: Screen[] = [
  screen('/auth/login', guards.auth, 'screens.login', auth.login),
  screen('/auth/registration', guards.auth, 'screens.registration', auth.registration),
  screen('/auth/recovery', guards.auth, 'screens.recovery', auth.recovery),
  screen('/auth/verification', guards.auth, 'screens.verification', auth.verification),
  screen('/auth/password', guards.auth, 'screens.password', auth.password),
  screen('/auth/name', guards.accountName, 'screens.accountName', auth.accountName),
  screen('/invitation', guards.auth, 'screens.invitation', invitationPage),
  screen('/:operatorId/auth', guards.auth, 'screens.operatorLogin', auth.operatorLogin),
  /** The registration screen in its customer-management sign-up mode (spec 2), for an operator's customers. */
  screen('/:operatorId/auth/registration', guards.auth, 'screens.customerRegistration', auth.customerRegistration),
];

const watcherScreens: Screen[] = [
  screen('/watch/:watcherToken', guards.watcher, 'screens.watcherDashboard', dashboardPage),
  screen('/watch/:watcherToken/workers', { ...guards.watcher, section: 'Workers' }, 'screens.workers', workersPage),
  screen('/watch/:watcherToken/payments', { ...guards.watcher, section: 'Payments' }, 'screens.payments'),
];

function routesOf(screens: Screen[]): RouteObject[] {
  return screens.map(({ path, guard, title, page }) => ({
    path,
    loader: entryLoader(guard),
    ...(page ? { lazy: async () => ({ Component: await page() }) } : { element: <ComingSoon titleKey={title} /> }),
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
