import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ShareRejectionReason } from '@pool/contract/mining';
import type { ParseAnswer, ParsedBatch, ParseRequest } from './parse-worker.ts';
import type { Share, ValidationLimits } from './share-validation.ts';

/** A batch as the intake takes it: every event checked, in the order sent. */
export interface CheckedBatch {
  batchId: string;
  checked: (Share | ShareRejectionReason)[];
}

/** Back from columns to one entry per event, in the order sent. */
export function checkedEvents(parsed: ParsedBatch): (Share | ShareRejectionReason)[] {
  const checked = new Array<Share | ShareRejectionReason>(parsed.events);
  let share = 0;
  let refusal = 0;
  for (let index = 0; index < parsed.events; index += 1) {
    if (refusal < parsed.rejectedAt.length && parsed.rejectedAt[refusal] === index) {
      checked[index] = parsed.reasons[refusal] as ShareRejectionReason;
      refusal += 1;
    } else {
      checked[index] = {
        accountName: parsed.accountNames[share] as string,
        workerName: parsed.workerNames[share] as string,
        difficulty: parsed.difficulty[share] as number,
        accepted: parsed.accepted[share] === 1,
        at: parsed.at[share] as number,
      };
      share += 1;
    }
  }
  return checked;
}

/**
 * Parses and checks share batches on worker threads, off the thread that aggregates them: JSON
 * parsing and the per-event checks are most of what a batch costs before it is summed. One
 * thread per spare core (at least one); a batch goes to the thread with the fewest waiting.
 */
export function batchParser(options: { threads?: number; maxEvents: number }) {
  const threads = options.threads ?? Math.max(1, Math.min(4, availableParallelism() - 1));
  const pending = new Map<number, { resolve: (answer: ParseAnswer) => void; reject: (error: Error) => void }>();
  let next = 0;
  interface Lane {
    worker: Worker;
    waiting: Set<number>;
  }
  const lanes: Lane[] = [];
  let closed = false;

  const spawn = (): Lane => {
    const worker = new Worker(new URL('./parse-worker-entry.mjs', import.meta.url));
    const lane: Lane = { worker, waiting: new Set() };
    worker.unref();
    worker.on('message', (answer: ParseAnswer) => {
      lane.waiting.delete(answer.id);
      const waiter = pending.get(answer.id);
      pending.delete(answer.id);
      waiter?.resolve(answer);
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
      const answer = await new Promise<ParseAnswer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        lane.waiting.add(id);
        const request: ParseRequest = { id, body: copy, limits, maxEvents: options.maxEvents };
        lane.worker.postMessage(request, [copy.buffer]);
      });
      return answer.ok ? { batchId: answer.batchId, checked: checkedEvents(answer) } : undefined;
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
