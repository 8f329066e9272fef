import type { QueryClient } from '@tanstack/react-query';
import type { IdentityInfo, WidgetVerification } from '@pool/contract/identity';

/** Who is signed in, as the widgets and analytics identify them: the user id and its HMACs. */
export interface Visitor {
  id: string;
  verification: WidgetVerification;
}

type Listener = (visitor: Visitor) => void;

/**
 * The signed-in visitor, kept here so that an integration that loads later (they load when the
 * browser is idle) still identifies whoever signed in before it.
 */
export function visitorChannel() {
  let current: Visitor | undefined;
  const listeners = new Set<Listener>();
  const leaving = new Set<() => void>();
  return {
    current: () => current,
    /** The visitor signed out (the app's caches were cleared). */
    leave(): void {
      if (!current) return;
      current = undefined;
      for (const listener of leaving) listener();
    },
    onLeave(listener: () => void): () => void {
      leaving.add(listener);
      return () => leaving.delete(listener);
    },
    identify(next: Visitor): void {
      if (current?.id === next.id) return;
      current = next;
      for (const listener of listeners) listener(next);
    },
    /** Calls `listener` with the visitor known now, if any, and with every later one. */
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      if (current) listener(current);
      return () => listeners.delete(listener);
    },
  };
}

export const visitors = visitorChannel();

/**
 * The root of the identity query's key (lib/identity/get-identity.ts), named here rather than
 * imported: this module loads lazily, and importing that one would pull it out of the entry chunk.
 */
export const identityQueryRoot = 'identity';

/** Identifies the visitor whenever the identity query holds a user; sign-out clears it, and them. */
export function watchVisitor(client: QueryClient, channel = visitors): () => void {
  const fromCache = (data: IdentityInfo | undefined) => {
    if (data?.user.id) channel.identify({ id: data.user.id, verification: data.verification });
  };
  fromCache(client.getQueryData<IdentityInfo>([identityQueryRoot]));
  return client.getQueryCache().subscribe((event) => {
    const root: unknown = (event.query.queryKey as readonly unknown[])[0];
    if (root !== identityQueryRoot) return;
    if (event.type === 'removed') channel.leave();
    if (event.type === 'updated') fromCache(event.query.state.data as IdentityInfo | undefined);
  });
}
