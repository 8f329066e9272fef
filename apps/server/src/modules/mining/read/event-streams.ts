import type { Caller } from '../../../policy/caller.ts';

export interface EventStreamOptions {
  /**
   * How often an open stream runs its access policy again and sends a heartbeat, in ms. Between 15
   * and 30 s keeps proxies from cutting an idle stream and bounds how long a lost grant still reads.
   */
  recheckEvery?: number;
  /** How many streams one watcher link, or one person over all their sessions, may hold open. */
  maxPerCaller?: number;
}

/** Who holds a stream: streams count against one watcher link, or one person. */
function holderOf(caller: Caller): string {
  if (caller.kind === 'watcher') return `watcher:${caller.watcher.watcherId}`;
  if (caller.kind === 'person') return `person:${caller.userId}`;
  return 'anonymous';
}

/**
 * The event streams open in this process, by who holds them: each holder may keep a few, and the
 * paths that revoke a watcher end its streams at once instead of waiting for their next check.
 */
export function eventStreams({ recheckEvery = 20_000, maxPerCaller = 8 }: EventStreamOptions = {}) {
  const open = new Map<string, Set<() => void>>();
  return {
    recheckEvery,

    /**
     * Counts a new stream of the caller, which `end` closes; undefined when the caller holds as many
     * as allowed. The answer releases the place once the stream has ended.
     */
    add(caller: Caller, end: () => void): (() => void) | undefined {
      const holder = holderOf(caller);
      const streams = open.get(holder) ?? new Set();
      if (streams.size >= maxPerCaller) return undefined;
      streams.add(end);
      open.set(holder, streams);
      return () => {
        streams.delete(end);
        if (streams.size === 0 && open.get(holder) === streams) open.delete(holder);
      };
    },

    /** Ends every stream of a watcher link, once it is deleted. */
    endWatcher(watcherId: string): void {
      for (const end of [...(open.get(`watcher:${watcherId}`) ?? [])]) end();
    },

    endAll(): void {
      for (const streams of [...open.values()]) for (const end of [...streams]) end();
    },
  };
}

export type EventStreams = ReturnType<typeof eventStreams>;
