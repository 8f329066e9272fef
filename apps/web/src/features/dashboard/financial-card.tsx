import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Section } from '@pool/contract/access-codes';
import type { Role } from '@pool/contract/accounts';
import type { MiningScope } from '@/lib/mining/mining-scope.ts';

const routeOf: Partial<Record<Section, { path: string; labelKey: string }>> = {
  Payments: { path: 'payments', labelKey: 'nav.payments' },
  Transfers: { path: 'transfers', labelKey: 'nav.transfers' },
  Referrals: { path: 'referrals', labelKey: 'nav.referrals' },
};

/**
 * Spec 6: the dashboard of a role that sees financial data only (accountant, treasurer, a watcher
 * link of Payments): what the role sees and where. The figures are the balance cards above it.
 */
export function FinancialCard({
  scope,
  role,
  sections,
}: {
  scope: MiningScope;
  /** The person's role; absent on a watcher link. */
  role: Role | undefined;
  sections: readonly Section[];
}) {
  const { t } = useTranslation();
  const base = scope.watcherToken ? `/watch/${scope.watcherToken}/` : '/';
  // A watcher link opens its dashboard, workers and payments only (spec 2 watcher routes).
  const links = sections
    .filter((section) => !scope.watcherToken || section === 'Payments')
    .flatMap((section) => routeOf[section] ?? []);
  return (
    <section className="card" aria-labelledby="financial-title">
      <h2 id="financial-title">{t('dashboard.financial.title')}</h2>
      <p className="muted">
        {role
          ? t('dashboard.financial.lead', { role: t(`roles.${role}`), account: scope.name })
          : t('dashboard.financial.watcherLead')}
      </p>
      {links.length > 0 && (
        <nav className="financial-links" aria-label={t('dashboard.financial.linksLabel')}>
          {links.map((link) => (
            <Link key={link.path} className="button button-small" to={`${base}${link.path}`}>
              {t(link.labelKey)}
            </Link>
          ))}
        </nav>
      )}
    </section>
  );
}
