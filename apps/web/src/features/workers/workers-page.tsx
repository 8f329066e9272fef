import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEntryData } from '@/lib/use-entry-data.ts';
import { useMiningLiveUpdates } from '@/lib/mining/live-updates.ts';
import { workersQuery, type WorkerListParams } from '@/lib/mining/mining-api.ts';
import { scopeOf } from '@/lib/mining/mining-scope.ts';
import { BoundaryWorkers } from './boundary-workers.tsx';
import { StatusFilters } from './status-filters.tsx';
import { nextSort, paramsFromSearch, searchFromParams } from './worker-list-params.ts';
import { WorkersTable } from './workers-table.tsx';
import { Pager } from '@/components/ui/pager.tsx';

const searchDelayMs = 250;

/**
 * `/workers` and `/watch/{token}/workers` (spec 2): status filters with counts, sorting, search by
 * name and pages of 50 read from the server's indexes, so 50,000 workers page as fast as 50.
 */
export function WorkersPage() {
  const { t } = useTranslation();
  const id = useId();
  const { active, watcher } = useEntryData();
  const scope = scopeOf(active, watcher?.token);
  const [search, setSearch] = useSearchParams();
  const params = paramsFromSearch(search);
  const [typed, setTyped] = useState(params.search);
  useMiningLiveUpdates(scope);

  const change = (next: WorkerListParams) => setSearch(searchFromParams(next), { replace: true });
  useEffect(() => {
    if (typed === params.search) return;
    const timer = setTimeout(() => change({ ...params, search: typed.trim(), page: 1 }), searchDelayMs);
    return () => clearTimeout(timer);
  });

  const list = useQuery({ ...workersQuery(scope ?? { kind: 'miner', id: '', name: '' }, params), enabled: !!scope });
  if (!scope) return null;

  return (
    <div className="page">
      <div className="page-heading">
        <h1 className="page-title">{t('screens.workers')}</h1>
        <span className="muted">{t(`mining.scope.${scope.kind}`, { name: scope.name })}</span>
      </div>
      <section className="card" aria-label={t('screens.workers')}>
        <div className="workers-toolbar">
          <StatusFilters
            scope={scope}
            search={params.search}
            selected={params.status}
            onChange={(status) => change({ ...params, status, page: 1 })}
          />
          <div className="field workers-search">
            <label htmlFor={id} className="visually-hidden">
              {t('workers.search')}
            </label>
            <input
              id={id}
              type="search"
              placeholder={t('workers.search')}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
        </div>
        {list.data && list.data.items.length > 0 && (
          <WorkersTable
            scope={scope}
            workers={list.data.items}
            params={params}
            onSort={(key) => change(nextSort(params, key))}
          />
        )}
        {list.data?.items.length === 0 && <p className="muted empty">{t('workers.none')}</p>}
        {list.isPending && <div className="chart-placeholder" aria-busy="true" />}
        <Pager
          summaryKey="workers.range"
          page={params.page}
          perPage={params.perPage}
          total={list.data?.total}
          onPage={(page) => change({ ...params, page })}
        />
      </section>
      {scope.kind === 'miner' && <BoundaryWorkers scope={scope} />}
    </div>
  );
}
