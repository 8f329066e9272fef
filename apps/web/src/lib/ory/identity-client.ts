import { Configuration, FrontendApi } from '@ory/client-fetch';
import { addressOf } from '@pool/contract/pool-config-codes';
import type { PoolConfig } from '@pool/contract/pool-config';
import { paths } from '@pool/contract/paths';

/**
 * The identity service through the official Ory SDK only, so the app works unchanged against a
 * real Kratos. Spec 7: its base path comes from the pool config's `auth` address.
 */
export function identityApi(config: PoolConfig): FrontendApi {
  const basePath = addressOf(config, 'auth') ?? `${window.location.origin}${paths.identity}`;
  return new FrontendApi(
    new Configuration({
      basePath: basePath.replace(/\/$/, ''),
      credentials: 'include',
      headers: { Accept: 'application/json' },
    }),
  );
}
