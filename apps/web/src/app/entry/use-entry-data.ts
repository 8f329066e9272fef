import { useMatches } from 'react-router';
import type { EntryData } from './run-entry.ts';

/** What the current page's entry steps loaded: config, session, identity and active account. */
export function useEntryData(): Partial<EntryData> {
  const matches = useMatches();
  return (matches.at(-1)?.loaderData as EntryData | undefined) ?? {};
}
