import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MiningReportMonth } from '@pool/contract/money';
import { ApiError } from '@/lib/api-client.ts';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatHashrate } from '@/lib/format/hashrate.ts';
import { formatBtc } from '@/lib/money/format.ts';
import { saveFile } from '@/lib/money/money-api.ts';
import { miningReportMonthQuery } from '@/lib/money/mining-report-api.ts';
import { scopeOf, type MiningScope } from '@/lib/mining/mining-scope.ts';
import { useEntryData } from '@/lib/use-entry-data.ts';
import { DailyChart } from './daily-chart.tsx';
import { chosenMonth, daysOf, reportMonths } from './months.ts';
import { miningReportCsv, miningReportFileName } from './report-csv.ts';
import { numberFormat } from '@/lib/format/formatters.ts';
import { formatDay, formatMonth } from '@/lib/format/time.ts';

/**
 * `/mining-report` (spec 2 and 9, only with the pool's `mining_report`): a month from January 2025
 * to now, its figures (average hashrate, days mined, gross, fees, net, payouts, the BTC/USD and
 * BTC/RUB rates used), a daily chart, and the month as a CSV file.
 */
export function MiningReportPage() {
  const { t } = useTranslation();
  const { active } = useEntryData();
  const scope = scopeOf(active);
  return (
    <div className="page">
      <div className="page-heading">
        <h1 className="page-title">{t('screens.miningReport')}</h1>
        {scope && <span className="muted">{t(`mining.scope.${scope.kind}`, { name: scope.name })}</span>}
      </div>
      {scope?.kind === 'miner' ? (
        <MinerReport scope={scope} />
      ) : (
        <section className="card">
          <p className="muted">{t('miningReport.minersOnly')}</p>
        </section>
      )}
    </div>
  );
}

function MinerReport({ scope }: { scope: MiningScope }) {
  const { t } = useTranslation();
  const id = useId();
  const locale = currentLocale();
  const [search, setSearch] = useSearchParams();
  // The month list runs to the month the screen opened in.
  const [now] = useState(() => Date.now());
  const months = useMemo(() => reportMonths(now), [now]);
  const month = chosenMonth(search.get('month'), now);
  const index = months.indexOf(month);
  const go = (next: string | undefined) => next && setSearch({ month: next }, { replace: true });
  const report = useQuery(miningReportMonthQuery(scope, month));
  const days = useMemo(() => daysOf(month, now), [month, now]);
  const data = report.data?.month === month ? report.data : undefined;
  const forbidden = report.error instanceof ApiError && report.error.status === 403;

  return (
    <>
      <section className="card report-controls" aria-label={t('miningReport.month')}>
        <div className="month-picker" role="group" aria-label={t('miningReport.month')}>
          <button
            type="button"
            className="button button-small"
            disabled={index >= months.length - 1}
            aria-label={t('miningReport.previousMonth')}
            onClick={() => go(months[index + 1])}
          >
            ‹
          </button>
          <label htmlFor={`${id}-month`} className="visually-hidden">
            {t('miningReport.month')}
          </label>
          <select id={`${id}-month`} value={month} onChange={(event) => go(event.target.value)}>
            {months.map((option) => (
              <option key={option} value={option}>
                {formatMonth(option, locale)}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button-small"
            disabled={index <= 0}
            aria-label={t('miningReport.nextMonth')}
            onClick={() => go(months[index - 1])}
          >
            ›
          </button>
        </div>
        <button
          type="button"
          className="button"
          disabled={!data}
          onClick={() =>
            data &&
            saveFile({
              name: miningReportFileName(scope.name, data.month),
              blob: new Blob([miningReportCsv(data)], { type: 'text/csv;charset=utf-8' }),
            })
          }
        >
          {t('miningReport.download')}
        </button>
      </section>
      {forbidden && (
        <p className="notice" data-type="error">
          {t('miningReport.forbidden')}
        </p>
      )}
      {report.isError && !forbidden && (
        <p className="notice" data-type="error">
          {t('toasts.somethingWentWrong')}
        </p>
      )}
      {!data && report.isFetching && <div className="chart-placeholder" aria-busy="true" />}
      {data && <ReportFigures report={data} />}
      {data && (
        <section className="card" aria-labelledby={`${id}-daily`}>
          <h2 id={`${id}-daily`}>{t('miningReport.daily', { month: formatMonth(month, locale) })}</h2>
          {data.days.length > 0 ? (
            <>
              <DailyChart report={data} days={days} />
              <DaysTable report={data} />
            </>
          ) : (
            <p className="muted empty">{t('miningReport.noDays')}</p>
          )}
        </section>
      )}
    </>
  );
}

function ReportFigures({ report }: { report: MiningReportMonth }) {
  const { t } = useTranslation();
  const id = useId();
  const locale = currentLocale();
  const price = (value: number | null, currency: 'USD' | 'RUB') =>
    value === null
      ? undefined
      : numberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 2 }).format(value);
  const figures: { key: string; value: string | undefined; hint?: string }[] = [
    { key: 'hashRate', value: formatHashrate(report.hash_rate, locale) },
    { key: 'daysMined', value: numberFormat(locale).format(report.days_mined) },
    { key: 'gross', value: formatBtc(report.gross, locale) },
    { key: 'fees', value: formatBtc(report.fees, locale) },
    { key: 'net', value: formatBtc(report.net, locale) },
    { key: 'payouts', value: formatBtc(report.payouts, locale) },
    { key: 'btcUsd', value: price(report.btc_usd, 'USD') },
    { key: 'btcRub', value: price(report.btc_rub, 'RUB') },
  ];
  return (
    <section className="stats-grid report-figures" aria-labelledby={`${id}-figures`}>
      <h2 id={`${id}-figures`} className="visually-hidden">
        {t('miningReport.figures')}
      </h2>
      {figures.map(({ key, value }) => (
        <div key={key} className="stat" data-figure={key}>
          <h3>{t(`miningReport.figure.${key}`)}</h3>
          {value === undefined ? (
            <p className="muted small">{t('miningReport.noRate')}</p>
          ) : (
            <span className="figure-value">{value}</span>
          )}
        </div>
      ))}
    </section>
  );
}

function DaysTable({ report }: { report: MiningReportMonth }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <div className="table-scroll">
      <table className="table record-table report-days">
        <thead>
          <tr>
            <th scope="col">{t('miningReport.columns.day')}</th>
            <th scope="col" data-numeric>
              {t('miningReport.columns.hashRate')}
            </th>
            <th scope="col" data-numeric>
              {t('miningReport.columns.gross')}
            </th>
            <th scope="col" data-numeric>
              {t('miningReport.columns.fee')}
            </th>
            <th scope="col" data-numeric>
              {t('miningReport.columns.net')}
            </th>
          </tr>
        </thead>
        <tbody>
          {report.days.map((row) => (
            <tr key={row.day} data-day={row.day}>
              <th scope="row" data-label={t('miningReport.columns.day')}>
                <time dateTime={row.day}>{formatDay(row.day, locale)}</time>
              </th>
              <td data-numeric data-label={t('miningReport.columns.hashRate')}>
                {formatHashrate(row.hash_rate, locale)}
              </td>
              <td data-numeric data-label={t('miningReport.columns.gross')}>
                {formatBtc(row.gross, locale)}
              </td>
              <td data-numeric data-label={t('miningReport.columns.fee')}>
                {formatBtc(row.fee, locale)}
              </td>
              <td data-numeric data-label={t('miningReport.columns.net')} className="record-amount">
                {formatBtc(row.net, locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
