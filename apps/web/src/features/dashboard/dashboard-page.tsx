import { useTranslation } from 'react-i18next';
import { useEntryData } from '@/lib/use-entry-data.ts';
import { useMiningLiveUpdates } from '@/lib/mining/live-updates.ts';
import { scopeOf } from '@/lib/mining/mining-scope.ts';
import { ConnectionPanel } from './connection-panel.tsx';
import { accessOfViewer, dashboardContentOf } from '@pool/contract/dashboard-codes';
import { BalanceCards } from './balance-cards.tsx';
import { FinancialCard } from './financial-card.tsx';
import { FeeCard } from './fee-card.tsx';
import { HashrateCard } from '@/components/mining/hashrate-card.tsx';
import { StatsGrid } from '@/components/mining/stats-grid.tsx';

/**
 * `/` and `/watch/{token}` (spec 2): what the role may see of the account (spec 6). Mining data —
 * the hashrate chart, the statistics and, for a miner's own people, how to connect workers — needs
 * the Workers section, and is neither shown nor asked for without it. Balance and earnings need
 * the Payments section (a watcher link's too). A role with financial data only gets a card saying
 * so, with its links.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { active, watcher } = useEntryData();
  const scope = scopeOf(active, watcher?.token);
  const content = active ? dashboardContentOf(accessOfViewer(active, watcher !== undefined)) : undefined;
  useMiningLiveUpdates(content?.mining ? scope : undefined);
  if (!scope || !content) return null;
  return (
    <div className="page">
      <div className="page-heading">
        <h1 className="page-title">{t('screens.dashboard')}</h1>
        <span className="muted">{t(`mining.scope.${scope.kind}`, { name: scope.name })}</span>
      </div>
      {content.financial.includes('Payments') && <BalanceCards scope={scope} />}
      {content.financial.includes('Payments') && scope.kind === 'miner' && <FeeCard scope={scope} />}
      {content.mining && <HashrateCard scope={scope} />}
      {content.mining && <StatsGrid scope={scope} />}
      {!content.mining && content.financial.length > 0 && (
        <FinancialCard scope={scope} role={watcher ? undefined : active?.role} sections={content.financial} />
      )}
      {content.mining && scope.kind === 'miner' && !watcher && <ConnectionPanel accountName={scope.name} />}
    </div>
  );
}
