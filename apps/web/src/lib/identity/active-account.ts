import type { Permission } from '@pool/contract/accounts';
import type { AccountKind } from '@pool/contract/accounts';
import { storage, storageKeys } from '@/lib/storage.ts';

/** Spec 4: without a remembered choice, the first permission in this order of kinds. */
const kindOrder: readonly AccountKind[] = ['pool', 'operator', 'miner', 'platform'];

export interface AccountChoice {
  permissions: readonly Permission[];
  /** A watcher's permission: it always wins (the first entry of a watcher's permissions). */
  watcher?: Permission | undefined;
  rememberedId?: string | undefined;
}

/** Spec 4: the watcher permission, else the remembered one if still present, else by kind order. */
export function chooseActiveAccount({ permissions, watcher, rememberedId }: AccountChoice): Permission | undefined {
  if (watcher) return watcher;
  const remembered = permissions.find((permission) => permission.id === rememberedId);
  if (remembered) return remembered;
  for (const kind of kindOrder) {
    const first = permissions.find((permission) => permission.type === kind);
    if (first) return first;
  }
  return undefined;
}

/**
 * Spec 4's order of kinds for the account switcher (issue 16): an operator's own account comes
 * before the customers' miner accounts its people may also hold; within a kind the order stays.
 */
export function orderedPermissions(permissions: readonly Permission[]): Permission[] {
  const rank = (permission: Permission) => kindOrder.indexOf(permission.type);
  return [...permissions].sort((a, b) => rank(a) - rank(b));
}

export function rememberedPermissionId(): string | undefined {
  return storage.get(storageKeys.activePermission);
}

export function rememberPermission(id: string): void {
  storage.set(storageKeys.activePermission, id);
}
