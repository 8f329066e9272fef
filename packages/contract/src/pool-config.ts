import { z } from 'zod';
import { Language } from './languages.ts';

export const addressTypes = ['app', 'api', 'auth', 'stratum'] as const;
export const AddressType = z.enum(addressTypes);
export type AddressType = z.infer<typeof AddressType>;

export const PoolAddress = z.object({
  type: AddressType,
  /** Absolute URL for app, api and auth; `stratum+tcp://host:port` for stratum. */
  address: z.string().min(1),
});
export type PoolAddress = z.infer<typeof PoolAddress>;

export const appThemes = ['default', 'headframe'] as const;
export const AppTheme = z.enum(appThemes);
export type AppTheme = z.infer<typeof AppTheme>;

export const ExtraCurrency = z.enum(['RUB']);
export type ExtraCurrency = z.infer<typeof ExtraCurrency>;

/** The settings pool staff own, as stored. */
export const PoolSettings = z.object({
  default_language: Language,
  available_languages: z.array(Language).min(1),
});
export type PoolSettings = z.infer<typeof PoolSettings>;

/**
 * The settings as served: the stored ones plus what follows from the deployment. The password
 * minimum is the identity service's (spec 5: "a minimum length whose value comes from the server");
 * Kratos's own flow nodes do not carry it.
 */
export const ServedPoolSettings = PoolSettings.extend({
  password_min_length: z.number().int().min(1),
});
export type ServedPoolSettings = z.infer<typeof ServedPoolSettings>;

export const PageSettings = z.object({
  tax_calculator: z.boolean(),
  mining_report: z.boolean(),
  extra_currencies: z.array(ExtraCurrency),
  app_theme: AppTheme,
});
export type PageSettings = z.infer<typeof PageSettings>;

/** `GET /v0.1/pools/current`: the pool the app is served for (spec 3, "Pool config"). */
export const PoolConfig = z.object({
  name: z.string().min(1),
  addresses: z.array(PoolAddress),
  settings: ServedPoolSettings,
  page_settings: PageSettings,
});
export type PoolConfig = z.infer<typeof PoolConfig>;

/** The pool config as stored: without the settings that follow from the deployment. */
export type StoredPoolConfig = Omit<PoolConfig, 'settings'> & { settings: PoolSettings };

export { addressOf } from './pool-config-codes.ts';
