import { useQuery } from '@tanstack/react-query';
import { usePoolConfig } from '@/lib/config/use-pool-config.ts';
import { exchangeRatesQuery, type ExchangeRates } from './exchange-rates.ts';

/**
 * The pool's exchange rates, fetched at once and then every `refresh_ms` (spec 4); undefined until
 * the first answer, and null per currency no source gave.
 */
export function useExchangeRates(): { rates: ExchangeRates | undefined; showsRub: boolean } {
  const config = usePoolConfig();
  const { data } = useQuery(exchangeRatesQuery(config));
  return { rates: data, showsRub: config.page_settings.extra_currencies.includes('RUB') };
}
