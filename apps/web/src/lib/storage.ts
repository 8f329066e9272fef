/** localStorage that never throws (private windows and disabled storage answer undefined). */
export const storage = {
  get(key: string): string | undefined {
    try {
      return window.localStorage.getItem(key) ?? undefined;
    } catch {
      return undefined;
    }
  },
  set(key: string, value: string | undefined): void {
    try {
      if (value === undefined) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    } catch {
      // The choice is then kept for this visit only.
    }
  },
};

export const storageKeys = {
  language: 'pool.language',
  activePermission: 'pool.active-permission',
  version: 'pool.version',
  reloadedAfterError: 'pool.reloaded-after-error',
} as const;
