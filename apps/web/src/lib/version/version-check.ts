import { paths } from '@pool/contract/paths';

export type VersionStatus = 'initial' | 'loading' | 'done' | 'fail';
export type VersionOutcome = 'changed' | 'not changed';

export async function fetchVersion(): Promise<string> {
  const response = await fetch(paths.version, { cache: 'no-store' });
  if (!response.ok) throw new Error(`version.json answered ${response.status}`);
  const { version } = (await response.json()) as { version?: unknown };
  if (typeof version !== 'string' || version === '') throw new Error('version.json has no version');
  return version;
}

/**
 * Spec 4 version check: initial, then loading, then done or fail. The version fetched when the app
 * opens is stored; a re-check, allowed only when the status is neither initial nor loading, says
 * 'changed' when the server now answers another version.
 */
export function createVersionCheck(fetcher: () => Promise<string> = fetchVersion) {
  let status: VersionStatus = 'initial';
  let stored: string | undefined;

  async function load(): Promise<string | undefined> {
    status = 'loading';
    try {
      const version = await fetcher();
      status = 'done';
      return version;
    } catch {
      status = 'fail';
      return undefined;
    }
  }

  return {
    status: () => status,
    storedVersion: () => stored,
    async start(): Promise<void> {
      if (status !== 'initial') return;
      stored = await load();
    },
    /** Undefined when a re-check is not allowed now or the fetch failed. */
    async recheck(): Promise<VersionOutcome | undefined> {
      if (status === 'initial' || status === 'loading') return undefined;
      const version = await load();
      if (version === undefined) return undefined;
      if (stored === undefined) {
        stored = version;
        return 'not changed';
      }
      return version === stored ? 'not changed' : 'changed';
    },
  };
}

export type VersionCheck = ReturnType<typeof createVersionCheck>;
