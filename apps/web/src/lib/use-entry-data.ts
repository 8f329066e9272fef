import { useMatches } from 'react-router';
import type { Permission } from '@pool/contract/accounts';
import type { IdentityInfo } from '@pool/contract/identity';
import type { PoolConfig } from '@pool/contract/pool-config';
import type { WatcherInfo } from '@pool/contract/watchers';
import type { SessionState } from '@/lib/session/get-session.ts';

/** What the entry steps of a route load before it renders (the route loader's data). */
export interface EntryData {
  config: PoolConfig;
  /** On watcher pages: the token and what it opens. */
  watcher?: { token: string; info: WatcherInfo };
  session?: SessionState;
  identity?: IdentityInfo;
  active?: Permission;
}

/** What the current page's entry steps loaded: config, session, identity and active account. */
export function useEntryData(): Partial<EntryData> {
  const matches = useMatches();
  return (matches.at(-1)?.loaderData as EntryData | undefined) ?? {};
}
