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

type PageModule = () => Promise<ComponentType>;

/** A screen of spec 2: its path, what it needs before it renders, and what renders it. */
interface Screen {
  path: string;
  guard: RouteGuard;
  /** The screen's page, loaded on first visit so each route ships only its own code. */
  page: PageModule;
}

const screen = (path: string, guard: RouteGuard, page: PageModule): Screen => ({
  path,
  guard,
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
const paymentsPage = () => import('@/features/payments/payments-page.tsx').then((module) => module.PaymentsPage);
const settingsPage = () => import('@/features/settings/settings-page.tsx').then((module) => module.SettingsPage);
const accessControlPage = () =>
  import('@/features/access-control/access-control-page.tsx').then((module) => module.AccessControlPage);
const invitationPage = () =>
  import('@/features/invitation/invitation-page.tsx').then((module) => module.InvitationPage);
const rewardRatesPage = () =>
  import('@/features/platform/reward-rates-page.tsx').then((module) => module.RewardRatesPage);
const payoutsPage = () => import('@/features/platform/payouts-page.tsx').then((module) => module.PayoutsPage);
const unallocatedPage = () =>
  import('@/features/platform/unallocated-page.tsx').then((module) => module.UnallocatedPage);
const miningReportPage = () =>
  import('@/features/mining-report/mining-report-page.tsx').then((module) => module.MiningReportPage);
const taxCalculatorPage = () =>
  import('@/features/tax-calculator/tax-calculator-page.tsx').then((module) => module.TaxCalculatorPage);
const faqPage = () => import('@/features/faq/faq-page.tsx').then((module) => module.FaqPage);
const notificationsPage = () =>
  import('@/features/notifications/notifications-page.tsx').then((module) => module.NotificationsPage);
const transfersPage = () => import('@/features/payments/transfers-page.tsx').then((module) => module.TransfersPage);
const referralsPage = () => import('@/features/sharing/referrals-page.tsx').then((module) => module.ReferralsPage);
const profitSharingPage = () =>
  import('@/features/sharing/profit-sharing-page.tsx').then((module) => module.ProfitSharingPage);
const promoCodesPage = () =>
  import('@/features/promocodes/promocodes-page.tsx').then((module) => module.PromoCodesPage);
const createPromoCodePage = () =>
  import('@/features/promocodes/promocode-edit-pages.tsx').then((module) => module.CreatePromoCodePage);
const editPromoCodePage = () =>
  import('@/features/promocodes/promocode-edit-pages.tsx').then((module) => module.EditPromoCodePage);
const usersPage = () => import('@/features/users/users-page.tsx').then((module) => module.UsersPage);
const userPage = () => import('@/features/users/user-page.tsx').then((module) => module.UserPage);
const customers = {
  list: () => import('@/features/customers/customers-page.tsx').then((module) => module.CustomersPage),
  create: () => import('@/features/customers/create-customer-page.tsx').then((module) => module.CreateCustomerPage),
  createSub: () => import('@/features/customers/create-sub-page.tsx').then((module) => module.CreateSubAccountPage),
  index: () => import('@/features/customers/customer-page.tsx').then((module) => module.CustomerPage),
  settings: () =>
    import('@/features/customers/customer-settings-page.tsx').then((module) => module.CustomerSettingsPage),
  payments: () =>
    import('@/features/customers/customer-payments-page.tsx').then((module) => module.CustomerPaymentsPage),
};
const main = guards.main;

/** Spec 2 route table, grouped by layout. */
const mainScreens: Screen[] = [
  screen('/', main, dashboardPage),
  screen('/workers', { ...main, section: 'Workers' }, workersPage),
  screen('/payments', { ...main, section: 'Payments' }, paymentsPage),
  screen('/transfers', { ...main, section: 'Transfers' }, transfersPage),
  screen('/referrals', { ...main, section: 'Referrals' }, referralsPage),
  screen('/access-control', { ...main, section: 'AccessControl' }, accessControlPage),
  // Splitting a miner's earnings is financial data (spec 6), as the navigation shows it.
  screen('/profit-sharing', { ...main, section: 'Payments' }, profitSharingPage),
  screen('/tax-calculator', { ...main, pageSetting: 'tax_calculator' }, taxCalculatorPage),
  screen('/mining-report', { ...main, pageSetting: 'mining_report' }, miningReportPage),
  screen('/faq', main, faqPage),
];

const customerScreens: Screen[] = [
  screen('/customers', guards.customer, customers.list),
  screen('/customers/create-customer', guards.customer, customers.create),
  screen('/customers/create-sub', guards.customer, customers.createSub),
  screen('/customers/:id', guards.customer, customers.index),
  screen('/customers/:id/settings', guards.customer, customers.settings),
  screen('/customers/:id/payments', guards.customer, customers.payments),
];

const userScreens: Screen[] = [
  screen('/settings', guards.user, settingsPage),
  screen('/settings/notifications', guards.user, notificationsPage),
];

const platformScreens: Screen[] = [
  screen('/platform', guards.platform, rewardRatesPage),
  screen('/platform/payouts', guards.platform, payoutsPage),
  screen('/platform/unallocated', guards.platform, unallocatedPage),
  screen('/users', guards.poolUsers, usersPage),
  screen('/users/:id', guards.poolUsers, userPage),
  screen('/promocodes', guards.platform, promoCodesPage),
  screen('/promocodes/create', guards.platform, createPromoCodePage),
  screen('/promocodes/:id', guards.platform, editPromoCodePage),
];

const authScreens: Screen[] = [
  screen('/auth/login', guards.auth, auth.login),
  screen('/auth/registration', guards.auth, auth.registration),
  screen('/auth/recovery', guards.auth, auth.recovery),
  screen('/auth/verification', guards.auth, auth.verification),
  screen('/auth/password', guards.auth, auth.password),
  screen('/auth/name', guards.accountName, auth.accountName),
  screen('/invitation', guards.auth, invitationPage),
  screen('/:operatorId/auth', guards.auth, auth.operatorLogin),
  /** The registration screen in its customer-management sign-up mode (spec 2), for an operator's customers. */
  screen('/:operatorId/auth/registration', guards.auth, auth.customerRegistration),
];

const watcherScreens: Screen[] = [
  screen('/watch/:watcherToken', guards.watcher, dashboardPage),
  screen('/watch/:watcherToken/workers', { ...guards.watcher, section: 'Workers' }, workersPage),
  screen('/watch/:watcherToken/payments', { ...guards.watcher, section: 'Payments' }, paymentsPage),
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
