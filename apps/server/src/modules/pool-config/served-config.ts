import type { FastifyRequest } from 'fastify';
import type { ExchangeRateSettings, PayoutSettings, PoolConfig } from '@pool/contract/pool-config';
import { noIntegrations, type IntegrationSettings } from '@pool/contract/integrations';
import { requestOrigin } from '../../http/request-origin.ts';
import type { PoolConfigRepository } from './repository.ts';
import { servedSettings, withDeploymentAddresses } from './service.ts';

export interface ServedConfigOptions {
  repository: PoolConfigRepository;
  /** The identity service's password minimum (PASSWORD_MIN_LENGTH), served with the settings. */
  passwordMinLength: number;
  /**
   * No PUBLIC_URL: the app, api and auth addresses are on the origin the browser used, so that a
   * page opened at 127.0.0.1 calls identity at 127.0.0.1, never cross-origin at localhost.
   */
  followsHost: boolean;
  /** Where the web app reads exchange rates and how often (PRICE_SERVICE_URL, EXCHANGE_RATES_REFRESH_MS). */
  exchangeRates: ExchangeRateSettings;
  /** The payout network and the explorer its transactions link to (BITCOIN_NETWORK, BLOCK_EXPLORER_TX_URL). */
  payouts: PayoutSettings;
  /** Error reporting, analytics and widgets as the deployment configures them; absent: none. */
  integrations?: IntegrationSettings;
}

/**
 * The pool config as a browser at this request's origin sees it (spec 3): served at
 * `GET /v0.1/pools/current`, and written into the page so that the app's first paint waits for no
 * request. Undefined when no pool is stored.
 */
export function servedPoolConfig(options: ServedConfigOptions) {
  return async (request: FastifyRequest): Promise<PoolConfig | undefined> => {
    const current = await options.repository.findCurrent();
    if (!current) return undefined;
    const origin = options.followsHost ? requestOrigin(request) : undefined;
    const { settings, page_settings } = servedSettings(current);
    return {
      name: current.name,
      addresses: origin ? withDeploymentAddresses(current.addresses, origin) : current.addresses,
      settings: { ...settings, password_min_length: options.passwordMinLength },
      page_settings,
      exchange_rates: options.exchangeRates,
      payouts: options.payouts,
      integrations: options.integrations ?? noIntegrations,
    };
  };
}

export type ServedPoolConfig = ReturnType<typeof servedPoolConfig>;
