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

export function rememberedPermissionId(): string | undefined {
  return storage.get(storageKeys.activePermission);
}

export function rememberPermission(id: string): void {
  storage.set(storageKeys.activePermission, id);
}
