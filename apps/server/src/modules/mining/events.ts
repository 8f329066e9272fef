import type { Resolution, WorkerStatus } from '@pool/contract/mining';

/** What the engine announces; the SSE routes pass on what concerns the account they watch. */
export type EngineEvent =
  | { type: 'buckets_closed'; resolution: Resolution; at: number; accountIds: ReadonlySet<string> }
  | {
      type: 'worker_status_changed';
      workerId: number;
      workerName: string;
      minerId: string;
      operatorId: string | null;
      poolId: string;
      from: WorkerStatus | null;
      to: WorkerStatus;
      at: number;
    };

export type EngineListener = (event: EngineEvent) => void;

/** An in-process stream of engine events: one engine, any number of listeners. */
export function miningEventBus() {
  const listeners = new Set<EngineListener>();
  return {
    subscribe(listener: EngineListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish(event: EngineEvent): void {
      for (const listener of listeners) listener(event);
    },
    get listenerCount(): number {
      return listeners.size;
    },
  };
}

export type MiningEventBus = ReturnType<typeof miningEventBus>;

/**
 * Does this event concern the account (miner, operator or pool) a stream watches? A closed bucket
 * concerns every account: each chart moves on by one point, with shares or without.
 */
export function concerns(event: EngineEvent, accountId: string): boolean {
  if (event.type === 'buckets_closed') return true;
  return event.minerId === accountId || event.operatorId === accountId || event.poolId === accountId;
}
