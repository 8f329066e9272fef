import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { PoolConfig } from '@pool/contract/pool-config';
import { paths } from '@pool/contract/paths';
import { poolConfigElementId } from '@pool/contract/pool-config-codes';

/** Spec 8: the two configuration failures, each shown on the 500 page with its own reason. */
export type ConfigFailure = 'Empty configuration' | 'Could not load configuration';

export class ConfigError extends Error {
  constructor(readonly reason: ConfigFailure) {
    super(reason);
    this.name = 'ConfigError';
  }
}

/**
 * The server validates the config against the contract before it answers; this only tells a
 * config apart from whatever else a misrouted request returns (an HTML page, another JSON).
 */
function looksLikePoolConfig(body: unknown): body is PoolConfig {
  const config = body as Partial<PoolConfig> | null;
  return (
    typeof config?.name === 'string' &&
    Array.isArray(config.addresses) &&
    typeof config.settings === 'object' &&
    typeof config.page_settings === 'object'
  );
}

export async function fetchPoolConfig(): Promise<PoolConfig> {
  let response: Response;
  try {
    response = await fetch(paths.poolConfig, { credentials: 'include', headers: { accept: 'application/json' } });
  } catch {
    throw new ConfigError('Could not load configuration');
  }
  if (!response.ok) throw new ConfigError('Could not load configuration');
  const text = await response.text();
  if (!text.trim()) throw new ConfigError('Empty configuration');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ConfigError('Could not load configuration');
  }
  if (body === null || (typeof body === 'object' && Object.keys(body).length === 0)) {
    throw new ConfigError('Empty configuration');
  }
  if (!looksLikePoolConfig(body)) throw new ConfigError('Could not load configuration');
  return body;
}

/**
 * The config the server wrote into the page it served (apps/server http/web-app.ts); undefined
 * when the page has none, as under the dev server, or when it is not a pool config.
 */
export function pageConfig(page: Pick<Document, 'getElementById'> = document): PoolConfig | undefined {
  const text = page.getElementById(poolConfigElementId)?.textContent;
  if (!text) return undefined;
  try {
    const body: unknown = JSON.parse(text);
    return looksLikePoolConfig(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

export const poolConfigQuery = queryOptions({
  queryKey: ['pool-config'],
  queryFn: fetchPoolConfig,
  staleTime: Infinity,
  retry: false,
});

/** Spec 4: config load is pending then success; a reload is `refreshing`, a failure `error`. */
export function loadPoolConfig(client: QueryClient, { reload = false } = {}): Promise<PoolConfig> {
  if (reload) return client.fetchQuery({ ...poolConfigQuery, staleTime: 0 });
  if (client.getQueryData(poolConfigQuery.queryKey) === undefined) {
    const fromPage = pageConfig();
    if (fromPage) client.setQueryData(poolConfigQuery.queryKey, fromPage);
  }
  return client.ensureQueryData(poolConfigQuery);
}
