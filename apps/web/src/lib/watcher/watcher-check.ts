import type { WatcherInfo } from '@pool/contract/watchers';

export type WatcherCheckStatus = 'initial' | 'pending' | 'success' | 'error';

interface State {
  status: WatcherCheckStatus;
  token?: string;
  info?: WatcherInfo;
  running?: Promise<WatcherInfo>;
}

/**
 * Spec 4 watcher check: pending, then success or error. It runs again when the token changed or the
 * status is initial or error; a success for the same token is kept, and a check under way is shared.
 */
export function createWatcherCheck(fetcher: (token: string) => Promise<WatcherInfo>) {
  let state: State = { status: 'initial' };

  return {
    status: (): WatcherCheckStatus => state.status,
    check(token: string): Promise<WatcherInfo> {
      if (state.token === token && state.status === 'success' && state.info) return Promise.resolve(state.info);
      if (state.token === token && state.status === 'pending' && state.running) return state.running;
      const running = fetcher(token).then(
        (info) => {
          if (state.running === running) state = { status: 'success', token, info };
          return info;
        },
        (error: unknown) => {
          if (state.running === running) state = { status: 'error', token };
          throw error;
        },
      );
      state = { status: 'pending', token, running };
      return running;
    },
  };
}

export type WatcherCheck = ReturnType<typeof createWatcherCheck>;
