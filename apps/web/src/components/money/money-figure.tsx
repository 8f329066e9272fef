import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatBtc, formatFiat, type Satoshi } from '@/lib/money/format.ts';
import { useExchangeRates } from '@/lib/money/use-exchange-rates.ts';

/**
 * An amount in BTC with its value in USD, and in RUB where the pool shows it (spec 2, 9). A fiat
 * value whose rate is unknown is left out, never shown as zero.
 */
export function MoneyFigure({ amount }: { amount: Satoshi }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { rates, showsRub } = useExchangeRates();
  const usd = formatFiat(amount, rates?.USDT, 'USD', locale);
  const rub = showsRub ? formatFiat(amount, rates?.RUB, 'RUB', locale) : undefined;
  return (
    <span className="money-figure">
      <span className="figure-value">{formatBtc(amount, locale)}</span>
      {(usd ?? rub) && (
        <span className="money-fiat">
          {usd && <span data-currency="USD">{t('money.approx', { value: usd })}</span>}
          {rub && <span data-currency="RUB">{t('money.approx', { value: rub })}</span>}
        </span>
      )}
    </span>
  );
}
