import type { FastifyRequest } from 'fastify';
import type { Database } from '@pool/db/database';
import { HttpError } from '../http/errors.ts';
import { writerAddress } from './writer-election.ts';

/** Marks a batch one process passed on to the writer, so that it is never passed on twice. */
export const forwardedHeader = 'x-pool-forwarded';

/** How long a forwarded batch may take to commit before the sender is told to send it again. */
const forwardTimeoutMs = 60_000;

/** How long a process trusts the writer's address it read before reading it again. */
const addressTtlMs = 1000;

export interface ForwardedAnswer {
  status: number;
  body: unknown;
}

/**
 * Share ingest on a cluster's other processes: the batch's bytes go, as received, to the address
 * the writer announced in the database, and its answer comes back as the writer gave it. The
 * writer dedups batch ids, so a batch counts once whichever process it reached and however often
 * the stratum server sends it. Without a writer (one is being elected) the answer is 503, and the
 * sender sends the batch again.
 */
export function ingestForwarder(options: { database: Database; isWriter: () => boolean }) {
  let known: { address: string | undefined; at: number } | undefined;

  const address = async (): Promise<string | undefined> => {
    if (known && Date.now() - known.at < addressTtlMs) return known.address;
    known = { address: await writerAddress(options.database), at: Date.now() };
    return known.address;
  };

  const unavailable = (message: string) => new HttpError('service_unavailable', { message });

  /** Undefined when this process is the writer and counts the batch itself. */
  return async function forward(request: FastifyRequest): Promise<ForwardedAnswer | undefined> {
    if (options.isWriter()) return undefined;
    if (request.headers[forwardedHeader])
      throw unavailable('This process is not the writer any more; send the batch again');
    const writer = await address();
    if (!writer)
      throw unavailable('No process counts shares right now (a writer is being elected); send the batch again');
    let response: Response;
    try {
      response = await fetch(`http://${writer}${request.url}`, {
        method: 'POST',
        headers: {
          authorization: request.headers.authorization ?? '',
          'content-type': request.headers['content-type'] ?? 'application/json',
          [forwardedHeader]: '1',
        },
        body: request.body as Buffer,
        signal: AbortSignal.timeout(forwardTimeoutMs),
      });
    } catch (error) {
      known = undefined;
      request.log.warn({ err: error }, 'the writer did not take a forwarded share batch');
      throw unavailable('The writer did not answer; send the batch again');
    }
    if (response.status === 503) known = undefined;
    return { status: response.status, body: await response.json() };
  };
}

export type IngestForward = ReturnType<typeof ingestForwarder>;
