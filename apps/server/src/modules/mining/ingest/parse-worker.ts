import { parentPort } from 'node:worker_threads';
import { checkEvents, transferable, type NumberedShares } from './checked-shares.ts';
import { namesDictionary, type NamesDictionary, type NamesUpdate } from './share-names.ts';
import type { ValidationLimits } from './share-validation.ts';

/** A request to the parser: the batch's body as sent, and the limits its shares are checked against. */
export interface ParseRequest {
  id: number;
  body: Uint8Array;
  limits: ValidationLimits;
  maxEvents: number;
}

/** A parsed batch: its checked events, and the names this thread numbered for the first time. */
export interface ParsedBatch {
  ok: true;
  batchId: string;
  shares: NumberedShares;
  names: NamesUpdate;
}

/** What comes back: a parsed batch, or a body that is no batch (not JSON, no batch id, too many events). */
export type ParseAnswer = { id: number } & (ParsedBatch | { ok: false });

const decoder = new TextDecoder();

/** The envelope is checked as the route's validator did; each event on its own, as the intake does. */
export function parseBatch(
  body: Uint8Array,
  limits: ValidationLimits,
  maxEvents: number,
  dictionary: NamesDictionary,
): ParsedBatch | { ok: false } {
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
  const shares = checkEvents(batch.events as unknown[], limits, dictionary);
  return { ok: true, batchId: batch.batch_id, shares, names: dictionary.drain() };
}

const dictionary = namesDictionary();

parentPort?.on('message', (request: ParseRequest) => {
  const answer: ParseAnswer = {
    id: request.id,
    ...parseBatch(request.body, request.limits, request.maxEvents, dictionary),
  };
  parentPort?.postMessage(answer, answer.ok ? transferable(answer.shares) : []);
});
