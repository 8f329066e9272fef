import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MoneyFigure } from '@/components/money/money-figure.tsx';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { balanceQuery, earnedAllTimeQuery, processingEarningsQuery } from '@/lib/money/money-api.ts';
import type { MiningScope } from '@/lib/mining/mining-scope.ts';
import { payoutSettingsPath } from '@/lib/money/payout-settings-path.ts';
import { formatDay } from '@/lib/format/time.ts';

function MoneyStat<T>({
  title,
  query,
  amountOf,
  hintOf,
}: {
  title: string;
  query: UseQueryResult<T>;
  amountOf: (data: T) => number;
  /** The line under the figure; with no answer yet, the line it will most likely be. */
  hintOf: (data: T | undefined) => ReactNode;
}) {
  const { t } = useTranslation();
  // While the answer is on its way the card keeps the figure's and the hint's lines, so the cards
  // below do not move when it lands (issue 18: CLS < 0.05). The hint is the same paragraph before
  // and after: a new one would be new content to the browser, and on a watcher's page, where it is
  // the largest text, the page's largest paint would wait for the answer instead of the first render.
  const shown = query.data !== undefined || query.isPending;
  return (
    <div className="stat money-stat" aria-busy={query.isPending}>
      <h3>{title}</h3>
      {query.data !== undefined && <MoneyFigure amount={amountOf(query.data)} />}
      {query.data === undefined && query.isPending && (
        <span className="money-figure">
          <span className="figure-value">—</span>
        </span>
      )}
      {shown && <p className="muted small">{hintOf(query.data)}</p>}
      {query.isError && <p className="muted small">{t('dashboard.balance.unavailable')}</p>}
    </div>
  );
}

/**
 * Spec 2 and 7: the account's balance, what it mined since the last credit (estimated) and what it
 * earned all time, in BTC with their value in USD, and RUB where the pool shows it.
 */
export function BalanceCards({ scope }: { scope: MiningScope }) {
  const { t } = useTranslation();
  const balance = useQuery(balanceQuery(scope));
  const processing = useQuery(processingEarningsQuery(scope));
  const earned = useQuery(earnedAllTimeQuery(scope));
  const day = (value: string) => formatDay(value, currentLocale());
  return (
    <section className="stats-grid money-grid" aria-labelledby="balance-title">
      {/* The cards' titles are h3s under the page's h1: this keeps the outline whole. */}
      <h2 id="balance-title" className="visually-hidden">
        {t('dashboard.balance.label')}
      </h2>
      <MoneyStat
        title={t('dashboard.balance.balance')}
        query={balance}
        amountOf={(data) => data.balance}
        hintOf={() => (
          <>
            {t('dashboard.balance.balanceHint')}
            {scope.kind === 'miner' && !scope.watcherToken && (
              <>
                {' '}
                <Link to={payoutSettingsPath}>{t('payouts.settingsLink')}</Link>
              </>
            )}
          </>
        )}
      />
      <MoneyStat
        title={t('dashboard.balance.processing')}
        query={processing}
        amountOf={(data) => data.amount}
        hintOf={() => t('dashboard.balance.processingHint')}
      />
      <MoneyStat
        title={t('dashboard.balance.earned')}
        query={earned}
        amountOf={(data) => data.amount}
        hintOf={(data) =>
          data?.since ? t('dashboard.balance.earnedSince', { day: day(data.since) }) : t('dashboard.balance.earnedNone')
        }
      />
    </section>
  );
}
