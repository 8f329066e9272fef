import { useTranslation } from 'react-i18next';
import { useEntryData } from '@/app/entry/use-entry-data.ts';
import { useMiningLiveUpdates } from '@/features/mining/live-updates.ts';
import { scopeOf } from '@/features/mining/mining-scope.ts';
import { ConnectionPanel } from './connection-panel.tsx';
import { HashrateCard } from './hashrate-card.tsx';
import { StatsGrid } from './stats-grid.tsx';

/**
 * `/` and `/watch/{token}` (spec 2): the hashrate chart, the statistics and, for a miner's own
 * account, how to connect. Pool and operator accounts see the same over their whole scope.
 * Balance and earnings cards come with the money engine; until then they are absent, not faked.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { active, watcher } = useEntryData();
  const scope = scopeOf(active, watcher?.token);
  useMiningLiveUpdates(scope);
  if (!scope) return null;
  return (
    <div className="page">
      <div className="page-heading">
        <h1 className="page-title">{t('screens.dashboard')}</h1>
        <span className="muted">{t(`mining.scope.${scope.kind}`, { name: scope.name })}</span>
      </div>
      <HashrateCard scope={scope} />
      <StatsGrid scope={scope} />
      {scope.kind === 'miner' && !watcher && <ConnectionPanel accountName={scope.name} />}
    </div>
  );
}
