import {
  defaultPoolFeePercent,
  type AddressType,
  type PageSettings,
  type PoolAddress,
  type PoolSettings,
  type StoredPoolConfig,
} from '@pool/contract/pool-config';
import { defaultLegalEntityTaxPercent } from '@pool/contract/money-codes';
import { languages } from '@pool/contract/languages';
import { paths } from '@pool/contract/paths';
import type { ServerConfig } from '../../config/env.ts';
import type { PoolConfigRepository } from './repository.ts';

/** Addresses that follow from where the product is deployed rather than from pool staff. */
const deploymentAddressTypes: readonly AddressType[] = ['app', 'api', 'auth'];

export function deploymentAddresses(publicUrl: string): PoolAddress[] {
  return [
    { type: 'app', address: publicUrl },
    { type: 'api', address: `${publicUrl}${paths.api}` },
    { type: 'auth', address: `${publicUrl}${paths.identity}` },
  ];
}

/** The stored addresses with the app, api and auth addresses on `publicUrl`, those first. */
export function withDeploymentAddresses(addresses: readonly PoolAddress[], publicUrl: string): PoolAddress[] {
  const kept = addresses.filter((entry) => !deploymentAddressTypes.includes(entry.type));
  return [...deploymentAddresses(publicUrl), ...kept];
}

/**
 * Seeds the pool config on first start from the environment. Later starts keep what is stored
 * (pool staff own the stratum addresses and settings) but move the app, api and auth addresses to
 * the current PUBLIC_URL, so that a changed port or domain never leaves the app pointing elsewhere.
 */
export async function ensurePoolConfig(
  repository: PoolConfigRepository,
  config: ServerConfig,
): Promise<StoredPoolConfig & { id: string }> {
  const current = await repository.findCurrent();
  const deployment = deploymentAddresses(config.publicUrl);
  if (!current) {
    await repository.insertCurrent({
      name: config.POOL_NAME,
      addresses: [...deployment, ...config.POOL_STRATUM_URLS.map((address) => ({ type: 'stratum' as const, address }))],
      settings: {
        default_language: config.POOL_DEFAULT_LANGUAGE,
        available_languages: [...languages],
        default_fee_percent: defaultPoolFeePercent,
      },
      pageSettings: {
        tax_calculator: true,
        mining_report: true,
        extra_currencies: ['RUB'],
        app_theme: config.POOL_THEME,
        legal_entity_tax_percent: defaultLegalEntityTaxPercent,
      },
    });
    const seeded = await repository.findCurrent();
    if (!seeded) throw new Error('the pool config was not stored');
    return seeded;
  }
  const addresses = withDeploymentAddresses(current.addresses, config.publicUrl);
  if (JSON.stringify(addresses) !== JSON.stringify(current.addresses)) {
    await repository.updateAddresses(current.id, addresses);
  }
  return { ...current, addresses };
}

/**
 * The stored settings with every later setting filled in: a pool stored before fees existed charged
 * none, so its default fee reads as 0 (as the reward run reads it); the legal-entity tax rate
 * defaults to spec 9's 25 %.
 */
export function servedSettings(stored: Pick<StoredPoolConfig, 'settings' | 'page_settings'>): {
  settings: Omit<PoolSettings, 'min_payout_satoshis'> & { default_fee_percent: number };
  page_settings: PageSettings;
} {
  // Spec 5: the pool's minimum payout is enforced, never shown.
  const { min_payout_satoshis: _hidden, ...shown } = stored.settings;
  return {
    settings: { ...shown, default_fee_percent: stored.settings.default_fee_percent ?? 0 },
    page_settings: {
      ...stored.page_settings,
      legal_entity_tax_percent: stored.page_settings.legal_entity_tax_percent ?? defaultLegalEntityTaxPercent,
    },
  };
}
