import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '@pool/contract/errors';
import { IngestResult, ShareBatch } from '@pool/contract/mining';
import { HttpError } from '../../../http/errors.ts';
import type { MiningEngine } from '../engine/engine.ts';
import { batchParser, type BatchParser } from './batch-parser.ts';

export interface IngestRoutesOptions {
  engine: MiningEngine;
  /** The bearer key stratum servers send; without one, HTTP ingest is off. */
  ingestKey: string | undefined;
  /**
   * On a cluster's processes: passes the batch on to the writer and gives its answer, or answers
   * undefined where this process is the writer and counts the batch itself.
   */
  forward?: (request: FastifyRequest) => Promise<{ status: number; body: unknown } | undefined>;
}

/** The most events one batch may carry, over HTTP and NATS alike. */
export const maxEventsPerBatch = 50_000;

/** Batches up to 50,000 events of about 150 bytes. */
const bodyLimit = 16 * 1024 * 1024;

function keyMatches(request: FastifyRequest, key: string): boolean {
  const given = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
  const [a, b] = [Buffer.from(given), Buffer.from(key)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Shares from a pool's stratum servers over HTTP (README, "Mining data"). The key is not a
 * person, so the access policy lets anyone reach the route and the key is checked here, before
 * the body is read. The answer comes once the batch's shares are committed.
 */
export const ingestRoutes: FastifyPluginAsyncZod<IngestRoutesOptions> = async (app, { engine, ingestKey, forward }) => {
  // The body is parsed and checked on parser threads, not on the thread that sums the shares
  // (issue 18): here it stays bytes. The threads start with the first batch.
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (_request, body, done) =>
    done(null, body),
  );
  let parser: BatchParser | undefined;
  app.addHook('onClose', async () => parser?.close());
  const invalidBody = () => new HttpError('validation_failed', { fields: [{ field: 'body', text: 'invalid input' }] });

  app.post(
    '/ingest/shares',
    {
      config: { policy: { caller: 'anyone' } },
      bodyLimit,
      onRequest: async (request) => {
        if (!ingestKey) {
          throw new HttpError('service_unavailable', { message: 'Share ingest over HTTP is off: set INGEST_KEY' });
        }
        if (!keyMatches(request, ingestKey)) throw new HttpError('unauthorized');
      },
      // The events are checked one by one so that a malformed event is refused with its reason
      // and never stops the valid events of its batch; the parser thread checks the envelope.
      validatorCompiler: () => (data: unknown) => (Buffer.isBuffer(data) ? { value: data } : { error: invalidBody() }),
      schema: {
        tags: ['ingest'],
        summary: 'Count a batch of shares (Authorization: Bearer INGEST_KEY); a batch id counts once',
        body: ShareBatch,
        response: { 200: IngestResult, 400: ErrorBody, 401: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      const forwarded = await forward?.(request);
      // The writer's answer, as it gave it (its statuses are the ones declared above).
      if (forwarded) return reply.code(forwarded.status as 200).send(forwarded.body as never);
      parser ??= batchParser({ maxEvents: maxEventsPerBatch });
      const batch = await parser.parse(request.body as unknown as Buffer, engine.validationLimits());
      if (!batch) throw invalidBody();
      try {
        return await engine.submitChecked(batch.batchId, batch.shares);
      } catch (error) {
        request.log.error({ err: error }, 'a share batch could not be committed');
        throw new HttpError('service_unavailable');
      }
    },
  );
};
