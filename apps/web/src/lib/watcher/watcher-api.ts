import type { WatcherInfo } from '@pool/contract/watchers';
import { api } from '@/lib/api-client.ts';
import { createWatcherCheck } from './watcher-check.ts';

/** Spec 6: a watcher's calls carry its token in this header, never in a cookie. */
export const watcherTokenHeader = 'X-Watcher-Token';

export const watcherHeaders = (token: string) => ({ [watcherTokenHeader]: token });

export const watcherCheck = createWatcherCheck((token) => api<WatcherInfo>(`/watchers/${encodeURIComponent(token)}`));
