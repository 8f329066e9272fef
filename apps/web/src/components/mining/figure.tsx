import type { HashRateFigure } from '@pool/contract/mining';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatHashrate, formatUncertainty } from '@/lib/format/hashrate.ts';
import { useTranslation } from 'react-i18next';

/** A hashrate with how certain it is: "123 TH/s ±4 %", the share count behind it on hover. */
export function HashrateFigure({ figure }: { figure: HashRateFigure }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const uncertainty = formatUncertainty(figure.relative_error, locale);
  return (
    <span
      className="figure"
      title={figure.shares === null ? undefined : t('mining.figure.shares', { count: figure.shares })}
    >
      <span className="figure-value">{formatHashrate(figure.hash_rate, locale)}</span>
      {uncertainty && <span className="figure-uncertainty">{uncertainty}</span>}
    </span>
  );
}
