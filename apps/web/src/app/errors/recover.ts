import { isRouteErrorResponse } from 'react-router';
import { ApiError } from '@/lib/api-client.ts';
import { ConfigError } from '@/lib/config/get-pool-config.ts';

export type Recovery =
  | { kind: 'not-found' }
  | { kind: 'technical-issues'; reason?: string }
  /** The page is being reloaded; nothing more to show. */
  | { kind: 'reloading' };

export interface RecoveryDeps {
  reloadConfig(): Promise<unknown>;
  /** Whether this page was already reloaded once because of a route error. */
  alreadyReloaded(): boolean;
  markReloaded(): void;
  reloadPage(): void;
}

/**
 * Spec 8 routing errors: a 404 goes to the not-found page; a configuration failure to the 500 page
 * with its reason; anything else reloads the configuration, then the page, and only when that
 * does not help goes to the 500 page.
 */
export async function recoverFromRouteError(error: unknown, deps: RecoveryDeps): Promise<Recovery> {
  if (isRouteErrorResponse(error) && error.status === 404) return { kind: 'not-found' };
  if (error instanceof ApiError && error.status === 404) return { kind: 'not-found' };
  if (error instanceof ConfigError) return { kind: 'technical-issues', reason: error.reason };
  try {
    await deps.reloadConfig();
  } catch (configError) {
    return { kind: 'technical-issues', reason: configError instanceof ConfigError ? configError.reason : undefined };
  }
  if (deps.alreadyReloaded()) return { kind: 'technical-issues' };
  deps.markReloaded();
  deps.reloadPage();
  return { kind: 'reloading' };
}
