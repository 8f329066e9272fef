import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CurrentFee } from '@pool/contract/money';
import { api } from '@/lib/api-client.ts';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatPercent } from '@/lib/money/format.ts';
import { scopeHeaders, scopeKey, type MiningScope } from '@/lib/mining/mining-scope.ts';
import { formatDay } from '@/lib/format/time.ts';

/**
 * The miner's fee in force today (spec 3 "Fee"), and the promo code that lowers it with the fee
 * before it and the day it ends (issue 15).
 */
export function FeeCard({ scope }: { scope: MiningScope }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const fee = useQuery({
    queryKey: ['money', 'fee', ...scopeKey(scope)],
    queryFn: ({ signal }) =>
      api<CurrentFee>(`/miners/${encodeURIComponent(scope.id)}/fees/current`, { headers: scopeHeaders(scope), signal }),
    staleTime: 60_000,
  });
  // The card is there from the first paint, its figure filled in when the answer comes, so the
  // hashrate card below it never moves (issue 18: CLS < 0.05).
  const promo = fee.data?.promo;
  return (
    <section className="card fee-card" aria-labelledby="fee-title" aria-busy={fee.isPending}>
      <h2 id="fee-title">{t('dashboard.fee.title')}</h2>
      <p className="figure-value" data-hidden={fee.data?.hidden ? 'true' : undefined}>
        {fee.data && fee.data.percent !== null ? `${formatPercent(fee.data.percent, locale)} %` : '—'}
      </p>
      {promo && (
        <p className="muted small" data-promo={promo.code}>
          {promo.ends_on
            ? t('dashboard.fee.promoUntil', {
                code: promo.code,
                before: formatPercent(promo.percent_before, locale),
                day: formatDay(promo.ends_on, locale),
              })
            : t('dashboard.fee.promoPerpetual', {
                code: promo.code,
                before: formatPercent(promo.percent_before, locale),
              })}
        </p>
      )}
    </section>
  );
}
