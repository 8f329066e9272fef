import type { WatcherInfo } from '@pool/contract/watchers';
import { api } from '@/lib/api-client.ts';
import { createWatcherCheck } from './watcher-check.ts';

export const watcherCheck = createWatcherCheck((token) => api<WatcherInfo>(`/watchers/${encodeURIComponent(token)}`));
