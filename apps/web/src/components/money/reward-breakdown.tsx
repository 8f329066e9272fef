import { useTranslation } from 'react-i18next';
import type { RewardBreakdown as Breakdown } from '@pool/contract/money';
import { hashesPerTerahash } from '@pool/contract/money-codes';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatHashrate } from '@/lib/format/hashrate.ts';
import { formatBtc, formatPercent, formatSatoshiRate } from '@/lib/money/format.ts';
import { numberFormat, dateTimeFormat } from '@/lib/format/formatters.ts';

/**
 * What a reward was computed from, so that a miner can check every satoshi: the day's average
 * hashrate × the rate in force at its 00:00 UTC is the gross (rounded down to a satoshi); the fee
 * is its percent of the gross; the net is what is left, less what contracts shared out.
 */
export function RewardBreakdown({ breakdown }: { breakdown: Breakdown }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const terahashes = numberFormat(locale, { maximumFractionDigits: 6 }).format(breakdown.hash_rate / hashesPerTerahash);
  const satoshis = numberFormat(locale);
  const day = dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${breakdown.day}T00:00:00Z`),
  );
  const rows: [string, string][] = [
    [t('payments.breakdown.day'), day],
    [t('payments.breakdown.hashRate'), formatHashrate(breakdown.hash_rate, locale)],
    [
      t('payments.breakdown.rate'),
      t('payments.breakdown.rateValue', { rate: formatSatoshiRate(breakdown.rate, locale) }),
    ],
    [t('payments.breakdown.gross'), formatBtc(breakdown.gross, locale)],
    ...(breakdown.promo
      ? ([
          [t('payments.breakdown.promoCode'), breakdown.promo.code],
          [
            t('payments.breakdown.feeBefore'),
            `${formatPercent(breakdown.promo.fee_percent_before, locale)} % · ${formatBtc(breakdown.promo.fee_before, locale)}`,
          ],
        ] satisfies [string, string][])
      : []),
    // A customer whose permission hides its operator's total fee sees neither (spec 3 total_fee_hide).
    ...(breakdown.fee_percent !== null && breakdown.fee !== null
      ? ([
          [t('payments.breakdown.feePercent'), `${formatPercent(breakdown.fee_percent, locale)} %`],
          [t('payments.breakdown.fee'), formatBtc(breakdown.fee, locale)],
        ] satisfies [string, string][])
      : []),
    [t('payments.breakdown.shared'), formatBtc(breakdown.shared, locale)],
    [t('payments.breakdown.net'), formatBtc(breakdown.net, locale)],
  ];
  return (
    <div className="reward-breakdown">
      <dl className="breakdown-facts">
        {rows.map(([term, value]) => (
          <div key={term} className="fact">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {breakdown.fee !== null && (
        <p className="muted small">
          {t('payments.breakdown.check', {
            terahashes,
            rate: formatSatoshiRate(breakdown.rate, locale),
            gross: satoshis.format(breakdown.gross),
            fee: satoshis.format(breakdown.fee ?? 0),
            shared: satoshis.format(breakdown.shared),
            net: satoshis.format(breakdown.net),
          })}
        </p>
      )}
    </div>
  );
}
