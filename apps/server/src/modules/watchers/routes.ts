import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { flagsOf } from '@pool/contract/access';
import { ErrorBody } from '@pool/contract/errors';
import {
  CreatedWatcher,
  CreateIdentityWatcherBody,
  CreateWatcherBody,
  Watcher,
  WatcherInfo,
  WatcherToken,
} from '@pool/contract/watchers';
import { HttpError } from '../../http/errors.ts';
import { personOf } from '../../policy/caller.ts';
import type { EventStreams } from '../mining/read/event-streams.ts';
import type { WatcherRepository } from './repository.ts';

export interface WatcherRoutesOptions {
  watchers: WatcherRepository;
  /** Open event streams, which a deleted watcher's end at once. */
  streams: Pick<EventStreams, 'endWatcher'>;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const MinerParams = z.object({ id: z.uuid() });
const IdentityParams = z.object({ id: z.uuid() });

export const watcherRoutes: FastifyPluginAsyncZod<WatcherRoutesOptions> = async (app, { watchers, streams }) => {
  app.get(
    '/watchers/:token',
    {
      config: { policy: { caller: 'anyone' } },
      schema: {
        tags: ['watchers'],
        summary: 'What a watcher link opens (the watcher layout checks its token here)',
        params: z.object({ token: WatcherToken }),
        response: { 200: WatcherInfo, ...errors },
      },
    },
    async (request) => {
      const watcher = await watchers.byToken(request.params.token);
      if (!watcher) throw new HttpError('not_found');
      return {
        name: watcher.name,
        permissions: [
          {
            type: 'miner' as const,
            account_id: watcher.minerId,
            account_name: watcher.accountName,
            flags: flagsOf({ type: 'other', access: watcher.access }, false),
          },
        ],
      };
    },
  );

  app.get(
    '/miners/:id/watchers',
    {
      config: { policy: { caller: 'person', account: { kind: 'miner', param: 'id' }, section: 'AccessControl' } },
      schema: {
        tags: ['watchers'],
        summary: "A miner's watcher links, with who created each (never their tokens)",
        params: MinerParams,
        response: { 200: z.array(Watcher), ...errors },
      },
    },
    async (request) => watchers.ofMiner(request.params.id),
  );

  app.post(
    '/miners/:id/watchers',
    {
      config: {
        policy: {
          caller: 'person',
          account: { kind: 'miner', param: 'id' },
          section: 'AccessControl',
          manage: true,
          critical: true,
        },
      },
      schema: {
        tags: ['watchers'],
        summary: 'Create a watcher link (critical change); the answer is the only one that carries its token',
        params: MinerParams,
        body: CreateWatcherBody,
        response: { 201: CreatedWatcher, ...errors },
      },
    },
    async (request, reply) => {
      const createdBy = personOf(request.caller).userId;
      const watcher = await watchers.create({ minerId: request.params.id, ...request.body, createdBy });
      return reply.status(201).send(watcher);
    },
  );

  app.delete(
    '/watchers/:watcherId',
    {
      config: {
        policy: {
          caller: 'person',
          account: { kind: 'miner', watcherParam: 'watcherId' },
          section: 'AccessControl',
          manage: true,
          critical: true,
        },
      },
      schema: {
        tags: ['watchers'],
        summary: 'Revoke a watcher link at once (critical change)',
        params: z.object({ watcherId: z.uuid() }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await watchers.delete(request.params.watcherId);
      streams.endWatcher(request.params.watcherId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/identity/:id/watchers',
    {
      config: { policy: { caller: 'person', selfParam: 'id' } },
      schema: {
        tags: ['watchers'],
        summary: 'Watcher links I created, on miners whose access I still manage',
        params: IdentityParams,
        response: { 200: z.array(Watcher), ...errors },
      },
    },
    async (request) => watchers.createdBy(request.params.id),
  );

  app.post(
    '/identity/:id/watchers',
    {
      config: {
        policy: {
          caller: 'person',
          selfParam: 'id',
          account: { kind: 'miner', bodyField: 'miner_id' },
          section: 'AccessControl',
          manage: true,
          critical: true,
        },
      },
      schema: {
        tags: ['watchers'],
        summary: 'Create a watcher link for one of my miners (critical change); the only answer with its token',
        params: IdentityParams,
        body: CreateIdentityWatcherBody,
        response: { 201: CreatedWatcher, ...errors },
      },
    },
    async (request, reply) => {
      const { miner_id, ...rest } = request.body;
      const watcher = await watchers.create({ minerId: miner_id, ...rest, createdBy: personOf(request.caller).userId });
      return reply.status(201).send(watcher);
    },
  );

  app.delete(
    '/identity/:id/watchers/:token',
    {
      config: { policy: { caller: 'person', selfParam: 'id', critical: true } },
      schema: {
        tags: ['watchers'],
        summary: 'Revoke a watcher link I created (critical change)',
        params: IdentityParams.extend({ token: WatcherToken }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const deleted = await watchers.deleteCreatedBy(request.params.id, request.params.token);
      if (!deleted) throw new HttpError('not_found');
      streams.endWatcher(deleted);
      return reply.status(204).send(null);
    },
  );
};
