import type { Permission } from '@pool/contract/accounts';

/**
 * Whose mining data a screen shows: the active account, read as a person or through a watcher
 * link (spec 6: the token travels in the X-Watcher-Token header, never in a cookie).
 */
export interface MiningScope {
  kind: 'miner' | 'pool' | 'operator';
  id: string;
  /** The account's name as people know it (account_name, pool_name, operator_name). */
  name: string;
  watcherToken?: string;
}

const collectionOf: Record<MiningScope['kind'], string> = { miner: 'miners', pool: 'pools', operator: 'operators' };

export function scopeOf(active: Permission | undefined, watcherToken?: string): MiningScope | undefined {
  if (!active || active.type === 'platform') return undefined;
  const name =
    active.type === 'miner' ? active.account_name : active.type === 'pool' ? active.pool_name : active.operator_name;
  return { kind: active.type, id: active.account_id, name, ...(watcherToken ? { watcherToken } : {}) };
}

/** `/miners/{id}`, `/pools/{id}` or `/operators/{id}`: where the scope's mining reads live. */
export const scopePath = (scope: MiningScope) => `/${collectionOf[scope.kind]}/${scope.id}`;

export const scopeHeaders = (scope: Pick<MiningScope, 'watcherToken'>): Record<string, string> =>
  scope.watcherToken ? { 'X-Watcher-Token': scope.watcherToken } : {};

/** The part of a query key that tells scopes apart. */
export const scopeKey = (scope: MiningScope) => [scope.kind, scope.id, scope.watcherToken ?? 'person'] as const;
