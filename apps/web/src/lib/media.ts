import { useSyncExternalStore } from 'react';

/** Spec 9: mobile is under 1024 px wide, desktop from 1024 px. */
export const desktopMinWidth = 1024;
const mobileQuery = `(max-width: ${desktopMinWidth - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(mobileQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(mobileQuery).matches,
    () => false,
  );
}
