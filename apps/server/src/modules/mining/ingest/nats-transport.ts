import { AckPolicy, connect, nanos, type JsMsg, type NatsConnection } from 'nats';
import type { MiningEngine } from '../engine/engine.ts';
import { maxEventsPerBatch } from './ingest-routes.ts';

export interface NatsIngestOptions {
  engine: MiningEngine;
  url: string;
  /** The JetStream stream; created with `subjects` when missing. */
  stream: string;
  subjects: string[];
  /** The durable consumer: a restart resumes where the last acknowledged batch left off. */
  durable: string;
  onError?: (error: unknown) => void;
}

/** Long enough for a flush under load; an unacknowledged batch is redelivered and counted once. */
const ackWait = 120_000;

function envelopeOf(message: JsMsg): { batchId: string; events: unknown[] } | undefined {
  let body: unknown;
  try {
    body = message.json();
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const { batch_id: batchId, events } = body as { batch_id?: unknown; events?: unknown };
  if (typeof batchId !== 'string' || batchId.length === 0 || batchId.length > 128 || !Array.isArray(events)) {
    return undefined;
  }
  if (events.length > maxEventsPerBatch) return undefined;
  return { batchId, events };
}

/**
 * Share batches from a NATS JetStream stream, the same JSON as the HTTP ingest, through a durable
 * pull consumer. A message is acknowledged only once its shares are committed; the engine counts
 * a redelivered batch once by its id. A message that is not a batch, or a batch of more than
 * 50,000 events, is terminated, not retried.
 */
export async function natsIngest(options: NatsIngestOptions) {
  const connection: NatsConnection = await connect({ servers: options.url, name: 'pool-mining-ingest' });
  const manager = await connection.jetstreamManager();
  await manager.streams
    .info(options.stream)
    .catch(() => manager.streams.add({ name: options.stream, subjects: options.subjects }));
  await manager.consumers.info(options.stream, options.durable).catch(() =>
    manager.consumers.add(options.stream, {
      durable_name: options.durable,
      ack_policy: AckPolicy.Explicit,
      ack_wait: nanos(ackWait),
      max_ack_pending: 20_000,
    }),
  );
  const consumer = await connection.jetstream().consumers.get(options.stream, options.durable);
  const messages = await consumer.consume({ max_messages: 256 });
  const counters = { batches: 0, malformed: 0, failed: 0 };

  const reading = (async () => {
    for await (const message of messages) {
      const batch = envelopeOf(message);
      if (!batch) {
        counters.malformed += 1;
        message.term();
        continue;
      }
      // Not awaited: batches arriving during a flush join the next one (group commit).
      options.engine.submit(batch).then(
        () => {
          counters.batches += 1;
          message.ack();
        },
        (error: unknown) => {
          counters.failed += 1;
          options.onError?.(error);
          message.nak(1000);
        },
      );
    }
  })();

  return {
    counters,
    async stop(): Promise<void> {
      await messages.close();
      await reading;
      await options.engine.flush();
      await connection.drain();
    },
  };
}

export type NatsIngest = Awaited<ReturnType<typeof natsIngest>>;
