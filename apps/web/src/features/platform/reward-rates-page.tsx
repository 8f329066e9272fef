import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ExternalRateSource, RewardRate } from '@pool/contract/money';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatDateTime } from '@/lib/format/time.ts';
import { formatBtc, formatSatoshiRate } from '@/lib/money/format.ts';
import { externalSourcesQuery, rateHistoryQuery } from './platform-api.ts';
import { SharingSettingsSection } from './sharing-settings-section.tsx';
import { sharingSettingsQuery } from './sharing-platform-api.ts';
import { SetRateForm, type RateDraft } from './set-rate-form.tsx';
import { numberFormat } from '@/lib/format/formatters.ts';

/** The history shows the newest rates first; the rest on request. */
const historyShown = 10;

/** "42.125" with up to three decimals, as the form takes it (no grouping, a dot). */
const draftOf = (rate: number) => String(Math.round(rate * 1000) / 1000);

/**
 * `/platform` (spec 2 and 3): the rate in force, each source's latest value with where it was read,
 * setting the current rate (step-up), and the history. Each day's rewards use the rate in force at
 * 00:00 UTC of that day.
 */
export function RewardRatesPage() {
  const { t } = useTranslation();
  const history = useQuery(rateHistoryQuery);
  const sources = useQuery(externalSourcesQuery);
  const [draft, setDraft] = useState<RateDraft>({ rate: '', source: 'manual' });
  const [allHistory, setAllHistory] = useState(false);
  const locale = currentLocale();
  const current = history.data?.current;
  const settled = !sources.isPending && !history.isPending;
  // Asked with the page, so the sharing settings have their answer when their turn to show comes.
  useQuery(sharingSettingsQuery);

  return (
    <div className="page">
      <div className="page-heading">
        <h1 className="page-title">{t('screens.platformRewards')}</h1>
      </div>
      <section className="card" aria-labelledby="current-rate-title">
        <h2 id="current-rate-title">{t('platform.rates.current')}</h2>
        {current && <CurrentRate rate={current} />}
        {history.data && !current && <p className="muted">{t('platform.rates.noneInForce')}</p>}
        {history.isPending && <CurrentRatePlaceholder />}
        <SetRateForm draft={draft} onChange={setDraft} />
        <p className="muted small">{t('platform.rates.appliesFrom')}</p>
      </section>

      <section className="card" aria-labelledby="rate-sources-title">
        <div className="card-heading">
          <h2 id="rate-sources-title">{t('platform.sources.title')}</h2>
          <button
            type="button"
            className="button button-small"
            disabled={sources.isFetching}
            aria-busy={sources.isFetching}
            onClick={() => void sources.refetch()}
          >
            {t('platform.sources.refresh')}
          </button>
        </div>
        {sources.data && (
          <ul className="source-list">
            {sources.data.items.map((source) => (
              <SourceItem
                key={source.source}
                source={source}
                onUse={(rate) => setDraft({ rate: draftOf(rate), source: source.source })}
              />
            ))}
          </ul>
        )}
        {sources.isPending && <div className="chart-placeholder small-placeholder" aria-busy="true" />}
        {sources.isError && (
          <p className="notice" data-type="error">
            {t('toasts.somethingWentWrong')}
          </p>
        )}
      </section>

      {/* The history and the sharing settings under it show once the sources and the history have
          their answers: the sources' list replacing its placeholder moved them down. */}
      {settled && (
        <section className="card" aria-labelledby="rate-history-title">
          <h2 id="rate-history-title">{t('platform.history.title')}</h2>
          {history.data && history.data.items.length > 0 && (
            <div className="table-scroll">
              <table className="table record-table rate-history">
                <thead>
                  <tr>
                    <th scope="col">{t('platform.history.effectiveFrom')}</th>
                    <th scope="col" data-numeric>
                      {t('platform.history.rate')}
                    </th>
                    <th scope="col">{t('platform.history.source')}</th>
                    <th scope="col">{t('platform.history.setBy')}</th>
                  </tr>
                </thead>
                <tbody>
                  {(allHistory ? history.data.items : history.data.items.slice(0, historyShown)).map((rate) => (
                    <tr key={rate.id} data-current={rate.id === current?.id || undefined}>
                      <th scope="row" data-label={t('platform.history.effectiveFrom')}>
                        <time dateTime={rate.effective_from}>
                          {formatDateTime(new Date(rate.effective_from), locale)}
                        </time>
                        {rate.id === current?.id && <span className="badge">{t('platform.history.inForce')}</span>}
                      </th>
                      <td data-numeric data-label={t('platform.history.rate')}>
                        {t('platform.rates.value', { rate: formatSatoshiRate(rate.rate, locale) })}
                      </td>
                      <td data-label={t('platform.history.source')}>{t(`platform.sources.names.${rate.source}`)}</td>
                      <td data-label={t('platform.history.setBy')}>{rate.set_by ?? t('platform.history.automatic')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {history.data && history.data.items.length > historyShown && (
            <button type="button" className="button button-small" onClick={() => setAllHistory(!allHistory)}>
              {allHistory
                ? t('platform.history.showFewer')
                : t('platform.history.showAll', { total: history.data.items.length })}
            </button>
          )}
          {history.data?.items.length === 0 && <p className="muted empty">{t('platform.history.none')}</p>}
          {history.isError && (
            <p className="notice" data-type="error">
              {t('toasts.somethingWentWrong')}
            </p>
          )}
        </section>
      )}
      {settled && <SharingSettingsSection />}
    </div>
  );
}

/** The current rate's lines, grey and empty, in the rate's place (`.current-rate` keeps its height). */
function CurrentRatePlaceholder() {
  return (
    <div className="current-rate current-rate-placeholder" aria-busy="true">
      <p className="current-rate-value">{'\u00a0'}</p>
      <p className="muted small">{'\u00a0'}</p>
    </div>
  );
}

function CurrentRate({ rate }: { rate: RewardRate }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <div className="current-rate">
      <p className="current-rate-value" data-testid="current-rate">
        {t('platform.rates.value', { rate: formatSatoshiRate(rate.rate, locale) })}
      </p>
      <p className="muted small">
        {t('platform.rates.since', {
          time: formatDateTime(new Date(rate.effective_from), locale),
          source: t(`platform.sources.names.${rate.source}`),
        })}
        {rate.set_by && ` · ${t('platform.rates.setByWho', { who: rate.set_by })}`}
      </p>
    </div>
  );
}

function SourceItem({ source, onUse }: { source: ExternalRateSource; onUse: (rate: number) => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const name = t(`platform.sources.names.${source.source}`);
  return (
    <li className="source-item" data-source={source.source} aria-label={name}>
      <div className="source-head">
        <h3>{name}</h3>
        {source.source !== 'manual' && <span className="muted small source-origin">{source.origin}</span>}
      </div>
      {source.rate !== null ? (
        <p className="source-rate">{t('platform.rates.value', { rate: formatSatoshiRate(source.rate, locale) })}</p>
      ) : (
        <p className="muted">{t('platform.sources.noValue')}</p>
      )}
      {source.fetched_at && (
        <p className="muted small">
          {t('platform.sources.readAt', { time: formatDateTime(new Date(source.fetched_at), locale) })}
        </p>
      )}
      {source.detail && (
        <dl className="facts source-detail small">
          <dt>{t('platform.sources.difficulty')}</dt>
          <dd>
            {numberFormat(locale, { notation: 'compact', maximumFractionDigits: 2 }).format(source.detail.difficulty)}
          </dd>
          <dt>{t('platform.sources.blockReward')}</dt>
          <dd>{formatBtc(source.detail.block_reward, locale)}</dd>
          {source.detail.height !== null && (
            <>
              <dt>{t('platform.sources.height')}</dt>
              <dd>{numberFormat(locale).format(source.detail.height)}</dd>
            </>
          )}
        </dl>
      )}
      {source.error && (
        <p className="notice" data-type="error">
          {t('platform.sources.error', { error: source.error })}
        </p>
      )}
      {source.rate !== null && source.source !== 'manual' && (
        <button type="button" className="button button-small" onClick={() => onUse(source.rate ?? 0)}>
          {t('platform.sources.use', { name })}
        </button>
      )}
    </li>
  );
}
