/** A screen's page: its module under `src/features/` and the component it exports. */
export interface ScreenPage {
  module: string;
  component: string;
}

const page = (module: string, component: string): ScreenPage => ({ module, component });

const dashboard = page('dashboard/dashboard-page.tsx', 'DashboardPage');
const workers = page('workers/workers-page.tsx', 'WorkersPage');
const payments = page('payments/payments-page.tsx', 'PaymentsPage');

/**
 * Which page draws each path of spec 2. The router loads the page from here on first visit, and
 * the build lists each path's chunks from it (`route-chunks.ts`), so that the server's page
 * preloads them with the entry instead of after it (issue 18: on a phone the route's chunks were a
 * round of requests behind 126 KB of entry script).
 */
export const screenPages = {
  '/': dashboard,
  '/workers': workers,
  '/payments': payments,
  '/transfers': page('payments/transfers-page.tsx', 'TransfersPage'),
  '/referrals': page('sharing/referrals-page.tsx', 'ReferralsPage'),
  '/access-control': page('access-control/access-control-page.tsx', 'AccessControlPage'),
  '/profit-sharing': page('sharing/profit-sharing-page.tsx', 'ProfitSharingPage'),
  '/tax-calculator': page('tax-calculator/tax-calculator-page.tsx', 'TaxCalculatorPage'),
  '/mining-report': page('mining-report/mining-report-page.tsx', 'MiningReportPage'),
  '/faq': page('faq/faq-page.tsx', 'FaqPage'),

  '/customers': page('customers/customers-page.tsx', 'CustomersPage'),
  '/customers/create-customer': page('customers/create-customer-page.tsx', 'CreateCustomerPage'),
  '/customers/create-sub': page('customers/create-sub-page.tsx', 'CreateSubAccountPage'),
  '/customers/:id': page('customers/customer-page.tsx', 'CustomerPage'),
  '/customers/:id/settings': page('customers/customer-settings-page.tsx', 'CustomerSettingsPage'),
  '/customers/:id/payments': page('customers/customer-payments-page.tsx', 'CustomerPaymentsPage'),

  '/settings': page('settings/settings-page.tsx', 'SettingsPage'),
  '/settings/notifications': page('notifications/notifications-page.tsx', 'NotificationsPage'),

  '/platform': page('platform/reward-rates-page.tsx', 'RewardRatesPage'),
  '/platform/payouts': page('platform/payouts-page.tsx', 'PayoutsPage'),
  '/platform/unallocated': page('platform/unallocated-page.tsx', 'UnallocatedPage'),
  '/users': page('users/users-page.tsx', 'UsersPage'),
  '/users/:id': page('users/user-page.tsx', 'UserPage'),
  '/promocodes': page('promocodes/promocodes-page.tsx', 'PromoCodesPage'),
  '/promocodes/create': page('promocodes/promocode-edit-pages.tsx', 'CreatePromoCodePage'),
  '/promocodes/:id': page('promocodes/promocode-edit-pages.tsx', 'EditPromoCodePage'),

  '/auth/login': page('auth/pages/login-page.tsx', 'LoginPage'),
  '/auth/registration': page('auth/pages/registration-page.tsx', 'RegistrationPage'),
  '/auth/recovery': page('auth/pages/recovery-page.tsx', 'RecoveryPage'),
  '/auth/verification': page('auth/pages/verification-page.tsx', 'VerificationPage'),
  '/auth/password': page('auth/pages/password-page.tsx', 'PasswordPage'),
  '/auth/name': page('auth/pages/account-name-page.tsx', 'AccountNamePage'),
  '/invitation': page('invitation/invitation-page.tsx', 'InvitationPage'),
  '/:operatorId/auth': page('auth/pages/operator-login-page.tsx', 'OperatorLoginPage'),
  '/:operatorId/auth/registration': page('auth/pages/registration-page.tsx', 'CustomerRegistrationPage'),

  '/watch/:watcherToken': dashboard,
  '/watch/:watcherToken/workers': workers,
  '/watch/:watcherToken/payments': payments,
} as const satisfies Record<string, ScreenPage>;

export type ScreenPath = keyof typeof screenPages;
