import { useTranslation } from 'react-i18next';
import { managingRoles } from '@pool/contract/access-codes';
import { useEntryData } from '@/lib/use-entry-data.ts';
import type { ManagedAccount } from './access-api.ts';
import { MembersSection } from './members-section.tsx';
import { WatcherLinksSection } from './watcher-links-section.tsx';

/** `/access-control` (spec 2): watcher links of a miner account, and the people with roles on it. */
export function AccessControlPage() {
  const { t } = useTranslation();
  const { active, identity } = useEntryData();
  if (!active || active.type === 'platform') return null;
  const account: ManagedAccount = active;
  // A pool role sees this screen, yet only an admin or owner, of any kind of account, manages.
  const canManage = managingRoles.includes(active.role);
  return (
    <div className="page">
      <h1 className="page-title">{t('screens.accessControl')}</h1>
      {account.type === 'miner' && <WatcherLinksSection minerId={account.account_id} canManage={canManage} />}
      <MembersSection account={account} canManage={canManage} userId={identity?.user.id} />
    </div>
  );
}
