import { NavLink, Outlet } from 'react-router';
import { useEntryData } from '@/lib/use-entry-data.ts';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/components/ui/language-switcher.tsx';
import { usePoolConfig } from '@/lib/config/use-pool-config.ts';
import { AppShell } from './app-shell.tsx';
import { useActiveTabInView } from './use-active-tab-in-view.ts';

export const MainLayout = () => <AppShell area="main" />;
export const CustomerLayout = () => <AppShell area="customer" />;
export const UserLayout = () => <AppShell area="user" />;
export const PlatformLayout = () => <AppShell area="platform" />;

/** Sign-in, registration and the other identity screens: the form beside the pool's brand. */
export function AuthLayout() {
  const config = usePoolConfig();
  return (
    <div className="auth-layout">
      <header className="auth-header">
        <span className="brand">
          <span className="brand-mark" aria-hidden />
          {config.name}
        </span>
        <LanguageSwitcher />
      </header>
      <main className="auth-main">
        <Outlet />
      </main>
    </div>
  );
}

/** Spec 6: a read-only dashboard for a shared link. */
export function WatcherLayout() {
  const { t } = useTranslation();
  const config = usePoolConfig();
  const { watcher } = useEntryData();
  const flags = watcher?.info.permissions[0]?.flags;
  const base = watcher ? `/watch/${watcher.token}` : '';
  const navStrip = useActiveTabInView();
  return (
    <div className="shell" data-area="watcher">
      <header className="shell-header">
        <span className="brand">
          <span className="brand-mark" aria-hidden />
          {config.name}
        </span>
        <div className="shell-header-end">
          <span className="account-chip">{t('watcher.readOnly')}</span>
          <LanguageSwitcher />
        </div>
      </header>
      {watcher && (
        <nav className="shell-nav" aria-label={t('nav.label')} ref={navStrip}>
          <NavLink to={base} end>
            {t('nav.dashboard')}
          </NavLink>
          {flags?.section_workers_read && <NavLink to={`${base}/workers`}>{t('nav.workers')}</NavLink>}
          {flags?.section_payments_read && <NavLink to={`${base}/payments`}>{t('nav.payments')}</NavLink>}
        </nav>
      )}
      <main className="shell-main shell-main-wide">
        <Outlet />
      </main>
    </div>
  );
}
