import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { defaultLegalEntityTaxPercent } from '@pool/contract/money-codes';
import type { PoolConfig } from '@pool/contract/pool-config';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { usePoolConfig } from '@/lib/config/use-pool-config.ts';
import { fetchExchangeRates } from '@/lib/money/exchange-rates.ts';
import { formatBtc, formatPercent } from '@/lib/money/format.ts';
import { miningReportListQuery } from '@/lib/money/mining-report-api.ts';
import { scopeOf, type MiningScope } from '@/lib/mining/mining-scope.ts';
import { useEntryData } from '@/lib/use-entry-data.ts';
import {
  formatRoubles,
  individualTax,
  kopecksOfSatoshis,
  legalEntityTax,
  parseRoubles,
  type Kopecks,
  type TaxEstimate,
} from './tax.ts';
import { formatMonth } from '@/lib/format/time.ts';

type Payer = 'individual' | 'legal';
type IncomeSource = 'rewards' | 'typed';

/** BTC/RUB whether or not the pool shows roubles elsewhere: the tax is in roubles (spec 9). */
const roubleRateQuery = (config: PoolConfig) => {
  const settings = config.exchange_rates;
  return queryOptions({
    queryKey: ['exchange-rates', settings.price_service_url, ['BTCRUB']],
    queryFn: ({ signal }) => fetchExchangeRates(settings, ['BTCRUB'], signal),
    staleTime: settings.refresh_ms,
    refetchInterval: settings.refresh_ms,
    refetchIntervalInBackground: false,
  });
};

/**
 * `/tax-calculator` (spec 2 and 9, only with the pool's `tax_calculator`): an estimate of the tax on
 * mining income, for an individual (progressive 13/15/18/20/22 %, bracket by bracket) or a legal
 * entity (the pool's flat rate). Income is the miner's net rewards of chosen months at the current
 * BTC/RUB rate, or an amount in roubles typed in.
 */
export function TaxCalculatorPage() {
  const { t } = useTranslation();
  const id = useId();
  const config = usePoolConfig();
  const { active } = useEntryData();
  const scope = scopeOf(active);
  const miner = scope?.kind === 'miner' ? scope : undefined;
  const [payer, setPayer] = useState<Payer>('individual');
  const [source, setSource] = useState<IncomeSource>(miner ? 'rewards' : 'typed');
  const [typed, setTyped] = useState('');
  const [fromRewards, setFromRewards] = useState<Kopecks | undefined>();
  const legalPercent = config.page_settings.legal_entity_tax_percent ?? defaultLegalEntityTaxPercent;

  const typedIncome = parseRoubles(typed);
  const income = source === 'typed' ? (typedIncome ?? undefined) : fromRewards;
  const estimate =
    income === undefined
      ? undefined
      : payer === 'individual'
        ? individualTax(income)
        : legalEntityTax(income, legalPercent);

  return (
    <div className="page tax-page">
      <div className="page-heading">
        <h1 className="page-title">{t('screens.taxCalculator')}</h1>
      </div>
      <p className="notice" data-type="warning" role="note">
        {t('tax.estimate')}
      </p>
      <section className="card" aria-labelledby={`${id}-who`}>
        <h2 id={`${id}-who`}>{t('tax.payer.title')}</h2>
        <Choice
          name={`${id}-payer`}
          legend={t('tax.payer.title')}
          value={payer}
          onChange={setPayer}
          options={[
            ['individual', t('tax.payer.individual')],
            ['legal', t('tax.payer.legal')],
          ]}
        />
        <p className="muted small">
          {payer === 'individual'
            ? t('tax.payer.individualHint')
            : t('tax.payer.legalHint', { percent: formatPercent(legalPercent, currentLocale()) })}
        </p>
      </section>

      <section className="card" aria-labelledby={`${id}-income`}>
        <h2 id={`${id}-income`}>{t('tax.income.title')}</h2>
        <Choice
          name={`${id}-source`}
          legend={t('tax.income.title')}
          value={source}
          onChange={setSource}
          options={[
            ['rewards', t('tax.income.rewards'), !miner],
            ['typed', t('tax.income.typed')],
          ]}
        />
        {!miner && <p className="muted small">{t('tax.income.minersOnly')}</p>}
        {source === 'rewards' && miner && <RewardsIncome scope={miner} onIncome={setFromRewards} />}
        {source === 'typed' && (
          <div className="field tax-income-field">
            <label htmlFor={`${id}-typed`}>{t('tax.income.amount')}</label>
            <input
              id={`${id}-typed`}
              inputMode="decimal"
              autoComplete="off"
              value={typed}
              aria-invalid={typed.trim() !== '' && typedIncome === null ? true : undefined}
              onChange={(event) => setTyped(event.target.value)}
            />
            {typed.trim() !== '' && typedIncome === null && (
              <ul className="field-errors">
                <li>{t('tax.income.invalid')}</li>
              </ul>
            )}
          </div>
        )}
      </section>

      {estimate && <TaxTable estimate={estimate} payer={payer} />}
    </div>
  );
}

function Choice<T extends string>({
  name,
  legend,
  value,
  onChange,
  options,
}: {
  name: string;
  legend: string;
  value: T;
  onChange: (value: T) => void;
  options: [T, ReactNode, boolean?][];
}) {
  return (
    <fieldset className="tax-choice">
      <legend className="visually-hidden">{legend}</legend>
      <div className="segmented">
        {options.map(([option, label, disabled]) => (
          <label key={option}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              disabled={disabled}
              onChange={() => onChange(option)}
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The miner's net rewards of a range of report months, at the current BTC/RUB rate. */
function RewardsIncome({ scope, onIncome }: { scope: MiningScope; onIncome: (income: Kopecks | undefined) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const locale = currentLocale();
  const config = usePoolConfig();
  const list = useQuery(miningReportListQuery(scope));
  const rate = useQuery(roubleRateQuery(config));
  const months = list.data?.items ?? [];
  const thisYear = `${new Date().getUTCFullYear()}-01`;
  const [from, setFrom] = useState<string>();
  const [to, setTo] = useState<string>();
  const first = months.at(-1)?.month;
  const last = months[0]?.month;
  const start = from ?? (first && first > thisYear ? first : thisYear);
  const end = to ?? last ?? start;
  const chosen = months.filter((month) => month.month >= start && month.month <= end);
  const net = chosen.reduce((sum, month) => sum + BigInt(month.net), 0n);
  const price = rate.data?.RUB ?? null;
  const income = useMemo(
    () => (list.data && price !== null ? kopecksOfSatoshis(net, price) : undefined),
    [list.data, price, net],
  );
  // The page's estimate follows this income (BigInts compare by value, so it reports changes only).
  useEffect(() => onIncome(income), [income, onIncome]);

  if (list.isError) {
    return (
      <p className="notice" data-type="error">
        {t('tax.income.rewardsUnavailable')}
      </p>
    );
  }
  return (
    <div className="tax-rewards">
      <div className="tax-period">
        <div className="field">
          <label htmlFor={`${id}-from`}>{t('tax.income.from')}</label>
          <select id={`${id}-from`} value={start} onChange={(event) => setFrom(event.target.value)}>
            {[...months].reverse().map((month) => (
              <option key={month.month} value={month.month} disabled={month.month > end}>
                {formatMonth(month.month, locale)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t('tax.income.to')}</label>
          <select id={`${id}-to`} value={end} onChange={(event) => setTo(event.target.value)}>
            {[...months].reverse().map((month) => (
              <option key={month.month} value={month.month} disabled={month.month < start}>
                {formatMonth(month.month, locale)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {list.data && (
        <dl className="facts tax-facts">
          <dt>{t('tax.income.netRewards')}</dt>
          <dd data-testid="period-rewards">{formatBtc(net, locale)}</dd>
          <dt>{t('tax.income.rate')}</dt>
          <dd>
            {price === null
              ? t('tax.income.noRate')
              : t('tax.income.rateValue', { price: formatRoubles(BigInt(Math.round(price * 100)), locale) })}
          </dd>
          {income !== undefined && (
            <>
              <dt>{t('tax.income.inRoubles')}</dt>
              <dd data-testid="period-income">{formatRoubles(income, locale)}</dd>
            </>
          )}
        </dl>
      )}
      {list.isPending && <div className="chart-placeholder small-placeholder" aria-busy="true" />}
    </div>
  );
}

function TaxTable({ estimate, payer }: { estimate: TaxEstimate; payer: Payer }) {
  const { t } = useTranslation();
  const id = useId();
  const locale = currentLocale();
  const money = (kopecks: Kopecks) => formatRoubles(kopecks, locale);
  const effective = estimate.income === 0n ? 0 : Number((estimate.tax * 1_000_000n) / estimate.income) / 10_000;
  const bracketName = (from: Kopecks, upTo: Kopecks | null) =>
    payer === 'legal'
      ? t('tax.brackets.flat')
      : upTo === null
        ? t('tax.brackets.above', { from: money(from) })
        : from === 0n
          ? t('tax.brackets.upTo', { upTo: money(upTo) })
          : t('tax.brackets.between', { from: money(from), upTo: money(upTo) });
  return (
    <section className="card" aria-labelledby={`${id}-tax`}>
      <h2 id={`${id}-tax`}>{t('tax.result.title')}</h2>
      <div className="tax-total">
        <div className="stat">
          <h3>{t('tax.result.income')}</h3>
          <span className="figure-value" data-testid="tax-income">
            {money(estimate.income)}
          </span>
        </div>
        <div className="stat">
          <h3>{t('tax.result.tax')}</h3>
          <span className="figure-value" data-testid="tax-total">
            {money(estimate.tax)}
          </span>
          <p className="muted small">{t('tax.result.effective', { percent: formatPercent(effective, locale) })}</p>
        </div>
      </div>
      <div className="table-scroll">
        <table className="table record-table tax-table">
          <caption className="visually-hidden">{t('tax.result.byBracket')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('tax.result.bracket')}</th>
              <th scope="col" data-numeric>
                {t('tax.result.rate')}
              </th>
              <th scope="col" data-numeric>
                {t('tax.result.taxable')}
              </th>
              <th scope="col" data-numeric>
                {t('tax.result.bracketTax')}
              </th>
            </tr>
          </thead>
          <tbody>
            {estimate.brackets.map((bracket) => (
              <tr key={String(bracket.from)} data-used={bracket.taxable > 0n || undefined}>
                <th scope="row" data-label={t('tax.result.bracket')}>
                  {bracketName(bracket.from, bracket.upTo)}
                </th>
                <td data-numeric data-label={t('tax.result.rate')}>
                  {`${formatPercent(bracket.percent, locale)} %`}
                </td>
                <td data-numeric data-label={t('tax.result.taxable')}>
                  {money(bracket.taxable)}
                </td>
                <td data-numeric data-label={t('tax.result.bracketTax')} className="record-amount">
                  {money(bracket.tax)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('tax.result.total')}</th>
              <td />
              <td data-numeric data-label={t('tax.result.income')}>
                {money(estimate.income)}
              </td>
              <td data-numeric data-label={t('tax.result.bracketTax')} className="record-amount">
                {money(estimate.tax)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="muted small">{t('tax.result.rounding')}</p>
    </section>
  );
}
