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
} from '@pool/contract/mining';
import { HttpError } from '../../../http/errors.ts';
import { compiledResponse } from '../../../http/compiled-serializer.ts';
import type { RoutePolicy } from '../../../policy/route-policy.ts';
import type { MiningEventBus } from '../events.ts';
import type { EventStreams } from './event-streams.ts';
import type { MiningAccounts, MiningService } from './service.ts';
import { streamEvents } from './sse-stream.ts';
import { randomWorkerName } from './worker-names.ts';

export interface MiningRoutesOptions {
  service: MiningService;
  events: MiningEventBus;
  /** The open event streams: how often they re-check their caller, how many each may hold. */
  streams: EventStreams;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
// The hot answers (charts, stats, worker lists) are written by serializers compiled from their
// schemas, which write the declared fields only (issue 18); copies, so no other route changes.
const ChartAnswer = compiledResponse(HashRateChart.clone());
const StatsAnswer = compiledResponse(MiningStats.clone());
const AccountStatsAnswer = compiledResponse(AccountMiningStats.clone());
const WorkerListAnswer = compiledResponse(WorkerList.clone());
const AccountParams = z.object({ id: z.uuid() });
const WorkerParams = z.object({ worker_id: z.coerce.number().int().positive().max(2_147_483_647) });
const accountKinds = [
  { kind: 'pool', path: 'pools' },
  { kind: 'operator', path: 'operators' },
  { kind: 'miner', path: 'miners' },
] as const;

/** Mining data is the Workers section (spec 6: a viewer sees mining data only). */
const readsOf = (kind: 'miner' | 'operator' | 'pool'): RoutePolicy => ({
  caller: 'person-or-watcher',
  account: { kind, param: 'id' },
  section: 'Workers',
});

/** Spec 7 mining reads: charts, stats, worker lists and counts, boundary workers, event streams. */
export const miningRoutes: FastifyPluginAsyncZod<MiningRoutesOptions> = async (app, { service, events, streams }) => {
  app.addHook('preClose', async () => streams.endAll());

  for (const { kind, path } of accountKinds) {
    const policy = readsOf(kind);
    const accountOf = (id: string): MiningAccounts => ({ kind, ids: [id] });

    app.get(
      `/${path}/:id/charts`,
      {
        config: { policy },
        schema: {
          tags: ['mining'],
          summary: `Hashrate chart of a ${kind} over a period (points at the resolution of spec 9)`,
          params: AccountParams,
          querystring: ChartQuery,
          response: { 200: ChartAnswer, ...errors },
        },
      },
      async (request) => service.accountChart(accountOf(request.params.id), request.query.period),
    );

    app.get(
      `/${path}/:id/stats`,
      {
        config: { policy },
        schema: {
          tags: ['mining'],
          summary: `Hashrate, reject rate and worker counts of a ${kind}`,
          params: AccountParams,
          response: { 200: AccountStatsAnswer, ...errors },
        },
      },
      async (request) => service.accountStats(accountOf(request.params.id)),
    );

    app.get(
      `/${path}/:id/workers`,
      {
        config: { policy },
        schema: {
          tags: ['mining'],
          summary: `Workers of a ${kind}: status filters, sort keys, name search, paging`,
          params: AccountParams,
          querystring: WorkerListQuery,
          response: { 200: WorkerListAnswer, ...errors },
        },
      },
      async (request) => service.listWorkers(accountOf(request.params.id), request.query),
    );

    app.get(
      `/${path}/:id/workers/statuses`,
      {
        config: { policy },
        schema: {
          tags: ['mining'],
          summary: `How many workers of a ${kind} are in each status, optionally of names containing \`name\``,
          params: AccountParams,
          querystring: WorkerStatusQuery,
          response: { 200: WorkerStatusCounts, ...errors },
        },
      },
      async (request) => service.statusCounts(accountOf(request.params.id), request.query.name),
    );

    app.get(
      `/${path}/:id/events`,
      {
        config: { policy: { ...policy, watcherTokenInQuery: true } },
        schema: {
          tags: ['mining'],
          summary: `Server-Sent Events for a ${kind}: \`buckets_closed\` and \`worker_status_changed\` (MiningEvent)`,
          description:
            'text/event-stream. A watcher may pass its token as `watcher_token` here, since EventSource cannot set headers.',
          params: AccountParams,
          querystring: EventsQuery,
          response: { ...errors, 429: ErrorBody },
        },
      },
      async (request, reply) => streamEvents(request, reply, { accountId: request.params.id, events, streams }),
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
        response: { 200: ChartAnswer, ...errors },
      },
    },
    async (request) => service.accountChart({ kind: 'miner', ids: request.query.id }, request.query.period),
  );

  app.get(
    '/miners/stats',
    {
      config: { policy: manyMiners },
      schema: {
        tags: ['mining'],
        summary: 'Stats of several miners together (`?id=a&id=b`)',
        querystring: MinerIdsQuery,
        response: { 200: AccountStatsAnswer, ...errors },
      },
    },
    async (request) => service.accountStats({ kind: 'miner', ids: request.query.id }),
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
        response: { 200: ChartAnswer, ...errors },
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
        response: { 200: StatsAnswer, ...errors },
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
        response: { 200: ChartAnswer, ...errors },
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
        response: { 200: StatsAnswer, ...errors },
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
