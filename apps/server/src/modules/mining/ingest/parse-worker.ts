import { parentPort } from 'node:worker_threads';
import type { ShareRejectionReason } from '@pool/contract/mining';
import { validateShare, type ValidationLimits } from './share-validation.ts';

/** A request to the parser: the batch's body as sent, and the limits its shares are checked against. */
export interface ParseRequest {
  id: number;
  body: Uint8Array;
  limits: ValidationLimits;
  maxEvents: number;
}

/**
 * A parsed batch, in columns: the valid shares in the order they came (typed arrays travel back
 * without copying), and each refused event's index and reason.
 */
export interface ParsedBatch {
  ok: true;
  batchId: string;
  events: number;
  accountNames: string[];
  workerNames: string[];
  difficulty: Float64Array;
  accepted: Uint8Array;
  at: Float64Array;
  rejectedAt: Int32Array;
  reasons: ShareRejectionReason[];
}

/** What comes back: a parsed batch, or a body that is no batch (not JSON, no batch id, too many events). */
export type ParseAnswer = { id: number } & (ParsedBatch | { ok: false });

const decoder = new TextDecoder();

/** The envelope is checked as the route's validator did; each event on its own, as the intake does. */
export function parseBatch(body: Uint8Array, limits: ValidationLimits, maxEvents: number): ParsedBatch | { ok: false } {
  let data: unknown;
  try {
    data = JSON.parse(decoder.decode(body));
  } catch {
    return { ok: false };
  }
  const batch = data as { batch_id?: unknown; events?: unknown } | null;
  if (
    typeof batch !== 'object' ||
    batch === null ||
    typeof batch.batch_id !== 'string' ||
    batch.batch_id.length === 0 ||
    batch.batch_id.length > 128 ||
    !Array.isArray(batch.events) ||
    batch.events.length > maxEvents
  ) {
    return { ok: false };
  }
  const events = batch.events as unknown[];
  const accountNames: string[] = [];
  const workerNames: string[] = [];
  const difficulty = new Float64Array(events.length);
  const accepted = new Uint8Array(events.length);
  const at = new Float64Array(events.length);
  const rejected: number[] = [];
  const reasons: ShareRejectionReason[] = [];
  events.forEach((event, index) => {
    const share = validateShare(event, limits);
    if (typeof share === 'string') {
      rejected.push(index);
      reasons.push(share);
      return;
    }
    const n = accountNames.length;
    accountNames.push(share.accountName);
    workerNames.push(share.workerName);
    difficulty[n] = share.difficulty;
    accepted[n] = share.accepted ? 1 : 0;
    at[n] = share.at;
  });
  const count = accountNames.length;
  return {
    ok: true,
    batchId: batch.batch_id,
    events: events.length,
    accountNames,
    workerNames,
    difficulty: difficulty.slice(0, count),
    accepted: accepted.slice(0, count),
    at: at.slice(0, count),
    rejectedAt: Int32Array.from(rejected),
    reasons,
  };
}

parentPort?.on('message', (request: ParseRequest) => {
  const answer: ParseAnswer = { id: request.id, ...parseBatch(request.body, request.limits, request.maxEvents) };
  const transfer = answer.ok
    ? [answer.difficulty.buffer, answer.accepted.buffer, answer.at.buffer, answer.rejectedAt.buffer]
    : [];
  parentPort?.postMessage(answer, transfer as ArrayBuffer[]);
});
