import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { readNames, type CheckedShares } from './checked-shares.ts';
import type { ParseAnswer, ParseRequest } from './parse-worker.ts';
import { namesTable, type NamesTable } from './share-names.ts';
import type { ValidationLimits } from './share-validation.ts';

/** A batch as the intake takes it: every event checked, in the order sent. */
export interface CheckedBatch {
  batchId: string;
  shares: CheckedShares;
}

/**
 * Parses and checks share batches on worker threads, off the thread that aggregates them: JSON
 * parsing and the per-event checks are most of what a batch costs before it is summed. One
 * thread per spare core (at least one); a batch goes to the thread with the fewest waiting.
 */
export function batchParser(options: { threads?: number; maxEvents: number }) {
  const threads = options.threads ?? Math.max(1, Math.min(4, availableParallelism() - 1));
  const pending = new Map<
    number,
    { resolve: (batch: CheckedBatch | undefined) => void; reject: (error: Error) => void }
  >();
  let next = 0;
  interface Lane {
    worker: Worker;
    waiting: Set<number>;
    /** The thread's numbering of names, read back in the order its answers come. */
    names: NamesTable;
  }
  const lanes: Lane[] = [];
  let closed = false;

  const spawn = (): Lane => {
    const worker = new Worker(new URL('./parse-worker-entry.mjs', import.meta.url));
    const lane: Lane = { worker, waiting: new Set(), names: namesTable() };
    worker.unref();
    worker.on('message', (answer: ParseAnswer) => {
      lane.waiting.delete(answer.id);
      const waiter = pending.get(answer.id);
      pending.delete(answer.id);
      if (!answer.ok) return waiter?.resolve(undefined);
      // Here, as each answer comes: the names it numbers first are in it, and a later answer may
      // start the numbering again. A number never sent fails its batch, not the process.
      try {
        lane.names.apply(answer.names);
        waiter?.resolve({ batchId: answer.batchId, shares: readNames(answer.shares, lane.names) });
      } catch (error) {
        waiter?.reject(error as Error);
      }
    });
    const fail = (error: Error) => {
      // The thread is gone: its batches fail (their senders retry them) and a new one takes its place.
      for (const id of lane.waiting) {
        pending.get(id)?.reject(error);
        pending.delete(id);
      }
      lane.waiting.clear();
      const at = lanes.indexOf(lane);
      if (at >= 0) lanes.splice(at, 1);
      if (!closed) lanes.push(spawn());
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!closed && lanes.includes(lane)) fail(new Error(`a share parser thread exited with ${code}`));
    });
    return lane;
  };
  for (let i = 0; i < threads; i += 1) lanes.push(spawn());

  return {
    threads,
    /** The batch in the body, checked against the limits; undefined when the body is no batch. */
    async parse(body: Buffer, limits: ValidationLimits): Promise<CheckedBatch | undefined> {
      const lane = lanes.reduce((least, candidate) =>
        candidate.waiting.size < least.waiting.size ? candidate : least,
      );
      const id = (next += 1);
      // A copy the thread owns: the request's buffer may be a view of a larger one.
      const copy = new Uint8Array(body);
      return new Promise<CheckedBatch | undefined>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        lane.waiting.add(id);
        const request: ParseRequest = { id, body: copy, limits, maxEvents: options.maxEvents };
        lane.worker.postMessage(request, [copy.buffer]);
      });
    },
    async close(): Promise<void> {
      closed = true;
      const stopping = lanes.splice(0);
      for (const [id, waiter] of pending) {
        waiter.reject(new Error('the share parser closed'));
        pending.delete(id);
      }
      await Promise.all(stopping.map((lane) => lane.worker.terminate()));
    },
  };
}

export type BatchParser = ReturnType<typeof batchParser>;
