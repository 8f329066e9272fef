import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Worker, WorkerSortKey } from '@pool/contract/mining';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { HashrateFigure } from '@/components/mining/figure.tsx';
import type { WorkerListParams } from '@/lib/mining/mining-api.ts';
import type { MiningScope } from '@/lib/mining/mining-scope.ts';
import { formatDateTime, formatRelativeTime } from '@/lib/format/time.ts';
import { useNow } from './use-now.ts';
import { WorkerChart } from './worker-chart.tsx';
import { numberFormat } from '@/lib/format/formatters.ts';

const columns: { key: WorkerSortKey; label: string; numeric?: boolean }[] = [
  { key: 'worker_name', label: 'workers.columns.name' },
  { key: 'hash_rate_15m', label: 'workers.columns.hashRate15m', numeric: true },
  { key: 'hash_rate_1h', label: 'workers.columns.hashRate1h', numeric: true },
  { key: 'hash_rate_24h', label: 'workers.columns.hashRate24h', numeric: true },
  { key: 'reject_pct_15m', label: 'workers.columns.reject15m', numeric: true },
];

interface Props {
  scope: MiningScope;
  workers: readonly Worker[];
  params: WorkerListParams;
  onSort: (key: WorkerSortKey) => void;
}

/** Spec 2 workers list: sortable by each sort key both ways, hardware and boundary told apart. */
export function WorkersTable({ scope, workers, params, onSort }: Props) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const now = useNow();
  const [open, setOpen] = useState<number>();
  const percent = numberFormat(locale, { maximumFractionDigits: 2 });
  const sortState = (key: WorkerSortKey) =>
    params.sort === key ? (params.direction === 'asc' ? 'ascending' : 'descending') : 'none';

  return (
    <div className="table-scroll">
      <table className="table workers-table">
        <thead>
          <tr data-caption={t('workers.sortBy')}>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                aria-sort={sortState(column.key)}
                data-numeric={column.numeric || undefined}
              >
                <button type="button" className="sort-button" onClick={() => onSort(column.key)}>
                  {t(column.label)}
                  <span className="sort-mark" aria-hidden>
                    {params.sort === column.key ? (params.direction === 'asc' ? '▲' : '▼') : ''}
                  </span>
                </button>
              </th>
            ))}
            <th scope="col">{t('workers.columns.status')}</th>
            <th scope="col">{t('workers.columns.lastShare')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('workers.columns.chart')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {workers.map((worker) => (
            <Fragment key={worker.id}>
              <tr data-status={worker.status} data-worker={worker.worker_name}>
                <th scope="row" data-label={t('workers.columns.name')}>
                  <span className="worker-name">{worker.full_name}</span>
                  {worker.behaviour === 'boundary' && <span className="badge">{t('workers.boundary')}</span>}
                </th>
                <td data-numeric data-label={t('workers.columns.hashRate15m')}>
                  <HashrateFigure figure={worker.hash_rate_15m} />
                </td>
                <td data-numeric data-label={t('workers.columns.hashRate1h')}>
                  <HashrateFigure figure={worker.hash_rate_1h} />
                </td>
                <td data-numeric data-label={t('workers.columns.hashRate24h')}>
                  <HashrateFigure figure={worker.hash_rate_24h} />
                </td>
                <td data-numeric data-label={t('workers.columns.reject15m')}>
                  {percent.format(worker.reject_pct_15m)} %
                </td>
                <td data-label={t('workers.columns.status')}>
                  <span className="status-pill" data-status={worker.status}>
                    <span className="status-dot" aria-hidden />
                    {t(`mining.status.${worker.status}`)}
                  </span>
                </td>
                <td data-label={t('workers.columns.lastShare')}>
                  {worker.last_share_at ? (
                    <time
                      dateTime={worker.last_share_at}
                      title={formatDateTime(new Date(worker.last_share_at), locale)}
                    >
                      {formatRelativeTime(new Date(worker.last_share_at), now, locale)}
                    </time>
                  ) : (
                    '—'
                  )}
                </td>
                <td>
                  <button
                    type="button"
                    className="button button-small"
                    aria-expanded={open === worker.id}
                    aria-label={t('workers.showChart', { name: worker.full_name })}
                    onClick={() => setOpen(open === worker.id ? undefined : worker.id)}
                  >
                    {t('workers.columns.chart')}
                  </button>
                </td>
              </tr>
              {open === worker.id && (
                <tr className="worker-chart-row">
                  <td colSpan={columns.length + 3}>
                    <WorkerChart scope={scope} workerId={worker.id} name={worker.full_name} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
