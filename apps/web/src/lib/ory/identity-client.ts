import { addressOf } from '@pool/contract/pool-config-codes';
import type { PoolConfig } from '@pool/contract/pool-config';
import { paths } from '@pool/contract/paths';
import { identityHttp, type IdentityApi } from './identity-http.ts';

/** The identity service of this pool: spec 7, its base comes from the pool config's `auth` address. */
export function identityApi(config: PoolConfig): IdentityApi {
  return identityHttp((addressOf(config, 'auth') ?? `${window.location.origin}${paths.identity}`).replace(/\/$/, ''));
}
