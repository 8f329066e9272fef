import { z } from 'zod';
import { Language } from './languages.ts';
import { bitcoinNetworks } from './payout-codes.ts';
import { IntegrationSettings } from './integrations.ts';
import { appThemes } from './pool-config-codes.ts';

export const addressTypes = ['app', 'api', 'auth', 'stratum'] as const;
export const AddressType = z.enum(addressTypes);
export type AddressType = z.infer<typeof AddressType>;

export const PoolAddress = z.object({
  type: AddressType,
  /** Absolute URL for app, api and auth; `stratum+tcp://host:port` for stratum. */
  address: z.string().min(1),
});
export type PoolAddress = z.infer<typeof PoolAddress>;

export const AppTheme = z.enum(appThemes);
export type AppTheme = z.infer<typeof AppTheme>;

export const ExtraCurrency = z.enum(['RUB']);
export type ExtraCurrency = z.infer<typeof ExtraCurrency>;

/** The pool's default fee percent (spec 9's example: 0.9 %); a miner's own fee replaces it. */
export const defaultPoolFeePercent = 0.9;

/** The settings pool staff own, as stored. */
export const PoolSettings = z.object({
  default_language: Language,
  available_languages: z.array(Language).min(1),
  /**
   * The fee a miner pays when no fee of their own is in force, in percent (0.9 = 0.9 %). Rows
   * stored before fees existed lack it: no fee was charged then, so it reads as 0.
   */
  default_fee_percent: z.number().min(0).max(100).optional(),
  /** The smallest minimum payout a miner may set, in satoshis; never served (spec 5). */
  min_payout_satoshis: z.number().int().min(0).optional(),
});
export type PoolSettings = z.infer<typeof PoolSettings>;

/**
 * The settings as served: the stored ones plus what follows from the deployment. The password
 * minimum is the identity service's (spec 5: "a minimum length whose value comes from the server");
 * Kratos's own flow nodes do not carry it.
 */
export const ServedPoolSettings = PoolSettings.omit({ min_payout_satoshis: true }).extend({
  password_min_length: z.number().int().min(1),
  default_fee_percent: z.number().min(0).max(100),
});
export type ServedPoolSettings = z.infer<typeof ServedPoolSettings>;

/** What pages show, as stored; rows stored before the tax calculator's flat rate lack it. */
export const StoredPageSettings = z.object({
  tax_calculator: z.boolean(),
  mining_report: z.boolean(),
  extra_currencies: z.array(ExtraCurrency),
  app_theme: AppTheme,
  /** Spec 9: the flat tax rate of legal entities in the tax calculator, percent; absent = 25. */
  legal_entity_tax_percent: z.number().min(0).max(100).optional(),
});
export type StoredPageSettings = z.infer<typeof StoredPageSettings>;

/** The page settings as served: every setting present. */
export const PageSettings = StoredPageSettings.extend({
  legal_entity_tax_percent: z.number().min(0).max(100),
});
export type PageSettings = z.infer<typeof PageSettings>;

/**
 * Where the web app reads exchange rates (spec 7): the public price service (`ids`/`vs_currencies`),
 * null when the deployment turned it off (PRICE_SERVICE_URL=off), then the server's proxy; and how
 * often it refreshes them (EXCHANGE_RATES_REFRESH_MS).
 */
export const ExchangeRateSettings = z.object({
  price_service_url: z.string().nullable(),
  refresh_ms: z.number().int().positive(),
});
export type ExchangeRateSettings = z.infer<typeof ExchangeRateSettings>;

/** What the screens need of the deployment's payouts (BITCOIN_NETWORK, BLOCK_EXPLORER_TX_URL). */
export const PayoutSettings = z.object({
  network: z.enum(bitcoinNetworks),
  /** A transaction page with `{txid}` in it; null when the pool links none. */
  explorer_tx_url: z.string().nullable(),
});
export type PayoutSettings = z.infer<typeof PayoutSettings>;

/** `GET /v0.1/pools/current`: the pool the app is served for (spec 3, "Pool config"). */
export const PoolConfig = z.object({
  name: z.string().min(1),
  addresses: z.array(PoolAddress),
  settings: ServedPoolSettings,
  page_settings: PageSettings,
  exchange_rates: ExchangeRateSettings,
  payouts: PayoutSettings,
  /** Error reporting, analytics and support widgets (spec 7, 9); absent or null: not configured. */
  integrations: IntegrationSettings.optional(),
});
export type PoolConfig = z.infer<typeof PoolConfig>;

/** The pool config as stored: without the settings that follow from the deployment. */
export type StoredPoolConfig = Omit<
  PoolConfig,
  'settings' | 'page_settings' | 'exchange_rates' | 'payouts' | 'integrations'
> & {
  settings: PoolSettings;
  page_settings: StoredPageSettings;
};

export { addressOf } from './pool-config-codes.ts';
