import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@pool/contract/errors';
import {
  AccountMiningStats,
  BoundaryWorkerList,
  ChartQuery,
  EventsQuery,
  HashRateChart,
  MinerIdsQuery,
  MinersChartQuery,
  MiningStats,
  RandomWorkerName,
  WorkerList,
  WorkerListQuery,
  WorkerStatusCounts,
  WorkerStatusQuery,
  type MiningEvent,
} from '@pool/contract/mining';
import { HttpError } from '../../../http/errors.ts';
import type { RoutePolicy } from '../../../policy/route-policy.ts';
import { concerns, type EngineEvent, type MiningEventBus } from '../events.ts';
import type { EventStreams } from './event-streams.ts';
import type { WorkerScope } from './read-repository.ts';
import type { MiningService } from './service.ts';
import { iso } from '../sql.ts';

export interface MiningRoutesOptions {
  service: MiningService;
  events: MiningEventBus;
  /** The open event streams: how often they re-check their caller, how many each may hold. */
  streams: EventStreams;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const AccountParams = z.object({ id: z.uuid() });
const WorkerParams = z.object({ worker_id: z.coerce.number().int().positive().max(2_147_483_647) });
const accountKinds = [
  { kind: 'pool', path: 'pools', column: 'pool_id', tag: 'pool' },
  { kind: 'operator', path: 'operators', column: 'operator_id', tag: 'operator' },
  { kind: 'miner', path: 'miners', column: 'miner_id', tag: 'miner' },
] as const;

/** Mining data is the Workers section (spec 6: a viewer sees mining data only). */
const readsOf = (kind: 'miner' | 'operator' | 'pool'): RoutePolicy => ({
  caller: 'person-or-watcher',
  account: { kind, param: 'id' },
  section: 'Workers',
});

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

/** Spec 7 mining reads: charts, stats, worker lists and counts, boundary workers, event streams. */
export const miningRoutes: FastifyPluginAsyncZod<MiningRoutesOptions> = async (app, { service, events, streams }) => {
  app.addHook('preClose', async () => streams.endAll());

  /**
   * Server-Sent Events: what changed for this account, so screens refetch instead of polling. The
   * policy admitted the caller once; the stream runs it again on every heartbeat and before it
   * sends events, and ends when it no longer passes.
   */
  function stream(request: FastifyRequest, reply: FastifyReply, accountId: string): void {
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

  for (const { kind, path, column, tag } of accountKinds) {
    const policy = readsOf(kind);
    const scopeOf = (id: string): WorkerScope => ({ column, ids: [id] });

    app.get(
      `/${path}/:id/charts`,
      {
        config: { policy },
        schema: {
          tags: ['mining'],
          summary: `Hashrate chart of a ${tag} over a period (points at the resolution of spec 9)`,
          params: AccountParams,
          querystring: ChartQuery,
          response: { 200: HashRateChart, ...errors },
        },
      },
      async (request) => service.accountChart([request.params.id], request.query.period),
    );

    app.get(
      `/${path}/:id/stats`,
      {
        config: { policy },
        schema: {
          tags: ['mining'],
          summary: `Hashrate, reject rate and worker counts of a ${tag}`,
          params: AccountParams,
          response: { 200: AccountMiningStats, ...errors },
        },
      },
      async (request) => service.accountStats([request.params.id], scopeOf(request.params.id)),
    );

    app.get(
      `/${path}/:id/workers`,
      {
        config: { policy },
        schema: {
          tags: ['mining'],
          summary: `Workers of a ${tag}: status filters, sort keys, name search, paging`,
          params: AccountParams,
          querystring: WorkerListQuery,
          response: { 200: WorkerList, ...errors },
        },
      },
      async (request) => service.listWorkers(scopeOf(request.params.id), request.query),
    );

    app.get(
      `/${path}/:id/workers/statuses`,
      {
        config: { policy },
        schema: {
          tags: ['mining'],
          summary: `How many workers of a ${tag} are in each status, optionally of names containing \`name\``,
          params: AccountParams,
          querystring: WorkerStatusQuery,
          response: { 200: WorkerStatusCounts, ...errors },
        },
      },
      async (request) => service.statusCounts(scopeOf(request.params.id), request.query.name),
    );

    app.get(
      `/${path}/:id/events`,
      {
        config: { policy: { ...policy, watcherTokenInQuery: true } },
        schema: {
          tags: ['mining'],
          summary: `Server-Sent Events for a ${tag}: \`buckets_closed\` and \`worker_status_changed\` (MiningEvent)`,
          description:
            'text/event-stream. A watcher may pass its token as `watcher_token` here, since EventSource cannot set headers.',
          params: AccountParams,
          querystring: EventsQuery,
          response: { ...errors, 429: ErrorBody },
        },
      },
      async (request, reply) => stream(request, reply, request.params.id),
    );
  }

  const manyMiners: RoutePolicy = {
    caller: 'person-or-watcher',
    account: { kind: 'miner', queryParam: 'id' },
    section: 'Workers',
  };

  app.get(
    '/miners/charts',
    {
      config: { policy: manyMiners },
      schema: {
        tags: ['mining'],
        summary: 'Hashrate chart of several miners together (`?id=a&id=b`)',
        querystring: MinersChartQuery,
        response: { 200: HashRateChart, ...errors },
      },
    },
    async (request) => service.accountChart(request.query.id, request.query.period),
  );

  app.get(
    '/miners/stats',
    {
      config: { policy: manyMiners },
      schema: {
        tags: ['mining'],
        summary: 'Stats of several miners together (`?id=a&id=b`)',
        querystring: MinerIdsQuery,
        response: { 200: AccountMiningStats, ...errors },
      },
    },
    async (request) => service.accountStats(request.query.id, { column: 'miner_id', ids: request.query.id }),
  );

  const workerPolicy: RoutePolicy = {
    caller: 'person-or-watcher',
    account: { kind: 'miner', workerParam: 'worker_id' },
    section: 'Workers',
  };

  app.get(
    '/workers/:worker_id/charts',
    {
      config: { policy: workerPolicy },
      schema: {
        tags: ['mining'],
        summary: 'Hashrate chart of one worker',
        params: WorkerParams,
        querystring: ChartQuery,
        response: { 200: HashRateChart, ...errors },
      },
    },
    async (request) => service.workerChart(request.params.worker_id, request.query.period),
  );

  app.get(
    '/workers/:worker_id/stats',
    {
      config: { policy: workerPolicy },
      schema: {
        tags: ['mining'],
        summary: 'Stats of one worker',
        params: WorkerParams,
        response: { 200: MiningStats, ...errors },
      },
    },
    async (request) => {
      if (!(await service.workerExists(request.params.worker_id))) throw new HttpError('not_found');
      return service.workerStats(request.params.worker_id);
    },
  );

  const boundaryPolicy = readsOf('miner');

  app.get(
    '/miners/:id/workers/boundary',
    {
      config: { policy: boundaryPolicy },
      schema: {
        tags: ['mining'],
        summary: "A miner's boundary workers: hashrate received under virtual-mining contracts",
        params: AccountParams,
        response: { 200: BoundaryWorkerList, ...errors },
      },
    },
    async (request) => ({ items: await service.boundaryWorkers(request.params.id) }),
  );

  app.get(
    '/miners/:id/workers/boundary/charts',
    {
      config: { policy: boundaryPolicy },
      schema: {
        tags: ['mining'],
        summary: "Chart of a miner's boundary workers, derived from the donors' series",
        params: AccountParams,
        querystring: ChartQuery,
        response: { 200: HashRateChart, ...errors },
      },
    },
    async (request) => service.boundaryChart(request.params.id, request.query.period),
  );

  app.get(
    '/miners/:id/workers/boundary/stats',
    {
      config: { policy: boundaryPolicy },
      schema: {
        tags: ['mining'],
        summary: "Stats of a miner's boundary workers",
        params: AccountParams,
        response: { 200: MiningStats, ...errors },
      },
    },
    async (request) => service.boundaryStats(request.params.id),
  );

  app.get(
    '/workers/random-name',
    {
      config: { policy: { caller: 'person' } },
      schema: {
        tags: ['mining'],
        summary: 'A fresh worker name for the connection panel (spec 2)',
        response: { 200: RandomWorkerName, ...errors },
      },
    },
    async () => ({ worker_name: randomWorkerName() }),
  );
};

const adjectives = ['amber', 'brisk', 'cobalt', 'dusty', 'ember', 'frosty', 'golden', 'humming', 'iron', 'jade'];
const nouns = ['badger', 'condor', 'drill', 'falcon', 'forge', 'heron', 'kiln', 'lynx', 'otter', 'quarry'];

/** Readable and unlikely to collide: two words and four hex digits, all valid in a stratum name. */
export function randomWorkerName(): string {
  const bytes = randomBytes(4);
  const adjective = adjectives[(bytes[0] ?? 0) % adjectives.length] ?? 'amber';
  const noun = nouns[(bytes[1] ?? 0) % nouns.length] ?? 'drill';
  return `${adjective}-${noun}-${bytes.subarray(2).toString('hex')}`;
}
