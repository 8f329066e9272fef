import { NavLink, Outlet, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { identityQuery } from '@/lib/identity/get-identity.ts';
import { userInfoStatus, type LoadStatus } from '@/lib/identity/load-status.ts';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/components/ui/language-switcher.tsx';
import { usePoolConfig } from '@/lib/config/use-pool-config.ts';
import { logout } from '@/lib/session/logout.ts';
import { identityApi } from '@/lib/ory/identity-client.ts';
import { toast } from '@/components/toast/toast-store.ts';
import { TwoFactorBanner } from '@/components/ui/two-factor-banner.tsx';
import type { SecondFactors } from '@pool/contract/identity';
import type { Area } from '@/app/entry/route-guard.ts';
import { useEntryData } from '@/lib/use-entry-data.ts';
import { AccountSwitcher } from './account-switcher.tsx';
import { useActiveTabInView } from './use-active-tab-in-view.ts';
import { UserMenu } from './user-menu.tsx';
import { navigationOf } from './navigation.ts';

const hasSecondFactor = (credentials: SecondFactors) =>
  credentials.totp || credentials.lookup_secret || credentials.webauthn;

/** Header and side navigation shared by the signed-in areas (main, customer, user, platform). */
/** Spec 4: user info loads on entry and again after an account switch; the page is busy meanwhile. */
const isLoading = (status: LoadStatus) => status === 'pending' || status === 'refreshing';

export function AppShell({ area }: { area: Area }) {
  const { t } = useTranslation();
  const config = usePoolConfig();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { active, identity } = useEntryData();
  const items = navigationOf(area, active, config.page_settings);
  const userInfo = useQuery(identityQuery);
  const navStrip = useActiveTabInView();

  const signOut = async () => {
    try {
      await logout(client, identityApi(config));
      await navigate('/auth/login', { replace: true });
    } catch {
      toast.error(t('toasts.somethingWentWrong'));
    }
  };

  return (
    <div className="shell" data-area={area}>
      <header className="shell-header">
        <NavLink to={active?.type === 'platform' ? '/platform' : '/'} className="brand">
          <span className="brand-mark" aria-hidden />
          {config.name}
        </NavLink>
        <div className="shell-header-end">
          {active && identity && <AccountSwitcher permissions={identity.permissions} active={active} />}
          {identity ? <UserMenu email={identity.user.email} onSignOut={() => void signOut()} /> : <LanguageSwitcher />}
        </div>
      </header>
      <nav className="shell-nav" aria-label={t('nav.label')} ref={navStrip}>
        {items.map((item) => (
          <NavLink key={item.to} to={item.to} end={item.to === '/' || item.to === '/platform'}>
            {t(item.labelKey)}
          </NavLink>
        ))}
      </nav>
      <main className="shell-main" aria-busy={isLoading(userInfoStatus(userInfo))}>
        {area === 'main' && identity && !hasSecondFactor(identity.credentials) && <TwoFactorBanner />}
        <Outlet />
      </main>
    </div>
  );
}
