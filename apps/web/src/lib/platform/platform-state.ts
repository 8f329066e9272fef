import type { QueryClient } from '@tanstack/react-query';

/** Every query of the platform area is keyed under this prefix. */
export const platformQueryKey = ['platform'] as const;

/**
 * Spec 2 entry step 6: leaving the platform area drops what it loaded (filters, pages, figures), so
 * an administrator who comes back sees fresh data and nothing of it lingers in another area.
 */
export function resetPlatformState(client: QueryClient): void {
  client.removeQueries({ queryKey: platformQueryKey });
}
