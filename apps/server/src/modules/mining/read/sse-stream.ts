import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MiningEvent } from '@pool/contract/mining';
import { HttpError } from '../../../http/errors.ts';
import { concerns, type EngineEvent, type MiningEventBus } from '../events.ts';
import { iso } from '../sql.ts';
import type { EventStreams } from './event-streams.ts';

/** An engine event as the account's stream sends it (MiningEvent of the contract). */
function toWire(event: EngineEvent, accountId: string): MiningEvent {
  if (event.type === 'buckets_closed') {
    return {
      type: event.type,
      resolution: event.resolution,
      at: iso(event.at),
      had_shares: event.accountIds.has(accountId),
    };
  }
  return {
    type: event.type,
    worker_id: event.workerId,
    worker_name: event.workerName,
    miner_id: event.minerId,
    from: event.from,
    to: event.to,
    at: iso(event.at),
  };
}

/**
 * Server-Sent Events: what changed for this account, so screens refetch instead of polling. The
 * policy admitted the caller once; the stream runs it again on every heartbeat and before it
 * sends events, and ends when it no longer passes.
 */
export function streamEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  { accountId, events, streams }: { accountId: string; events: MiningEventBus; streams: EventStreams },
): void {
  const release = streams.add(request.caller, () => end());
  if (!release) throw new HttpError('rate_limited');
  let ended = false;

  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  reply.raw.write('retry: 5000\n\n');

  // One check at a time: a heartbeat and a burst of events that meet share it.
  let checking: Promise<boolean> | undefined;
  const recheck = (): Promise<boolean> => {
    checking ??= reply
      .reauthorize()
      .then(
        () => true,
        () => false,
      )
      .then((passed) => {
        checking = undefined;
        if (!passed) end();
        return passed;
      });
    return checking;
  };

  // Events wait for a check that ends after they came; the events of one engine tick share it.
  const pending: string[] = [];
  let sending = false;
  const send = async () => {
    sending = true;
    while (pending.length > 0 && !ended) {
      if (!(await recheck())) break;
      if (!ended) reply.raw.write(pending.splice(0).join(''));
    }
    pending.length = 0;
    sending = false;
  };
  const unsubscribe = events.subscribe((event) => {
    if (ended || !concerns(event, accountId)) return;
    pending.push(`event: ${event.type}\ndata: ${JSON.stringify(toWire(event, accountId))}\n\n`);
    if (!sending) void send();
  });
  const heartbeat = setInterval(() => {
    void recheck().then((passed) => passed && !ended && reply.raw.write(': keep-alive\n\n'));
  }, streams.recheckEvery);
  heartbeat.unref();

  const end = (): void => {
    if (ended) return;
    ended = true;
    unsubscribe();
    clearInterval(heartbeat);
    release();
    reply.raw.end();
  };
  reply.raw.on('close', end);
  // A caller gone before the stream began would otherwise keep its place for good.
  if (request.raw.socket.destroyed) end();
}
