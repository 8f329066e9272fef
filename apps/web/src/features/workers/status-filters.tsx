import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { workerStatuses, type WorkerStatus } from '@pool/contract/mining-codes';
import { statusCountsQuery } from '@/lib/mining/mining-api.ts';
import type { MiningScope } from '@/lib/mining/mining-scope.ts';

/** Spec 2: status filters with their counts; several may be on at once, none means all. */
export function StatusFilters({
  scope,
  search,
  selected,
  onChange,
}: {
  scope: MiningScope;
  search: string;
  selected: readonly WorkerStatus[];
  onChange: (statuses: WorkerStatus[]) => void;
}) {
  const { t } = useTranslation();
  const counts = useQuery(statusCountsQuery(scope, search));
  const toggle = (status: WorkerStatus) =>
    onChange(selected.includes(status) ? selected.filter((item) => item !== status) : [...selected, status]);
  return (
    <div className="status-filters" role="group" aria-label={t('workers.filters.label')}>
      <button type="button" aria-pressed={selected.length === 0} onClick={() => onChange([])}>
        {t('workers.filters.all')} <span className="count">{counts.data?.total ?? '…'}</span>
      </button>
      {workerStatuses.map((status) => (
        <button
          key={status}
          type="button"
          data-status={status}
          aria-pressed={selected.includes(status)}
          onClick={() => toggle(status)}
        >
          <span className="status-dot" aria-hidden />
          {t(`mining.status.${status}`)} <span className="count">{counts.data?.[status] ?? '…'}</span>
        </button>
      ))}
    </div>
  );
}
