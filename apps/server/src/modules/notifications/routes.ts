import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@pool/contract/errors';
import { IdentityIdParams } from '@pool/contract/identity';
import { NotificationPreferences, TelegramChat, TelegramInvite } from '@pool/contract/notifications';
import { HttpError } from '../../http/errors.ts';
import { personOf } from '../../policy/caller.ts';
import type { PreferenceRepository } from './preferences.ts';
import type { TelegramBot } from './telegram.ts';

export interface NotificationRoutesOptions {
  preferences: PreferenceRepository;
  /** None without TELEGRAM_BOT_TOKEN: the Telegram routes answer 503 "Telegram is not configured". */
  telegram: TelegramBot | undefined;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 503: ErrorBody };
const own = { caller: 'person', selfParam: 'id' } as const;

/** Spec 7 "Configuration, identity and notifications": preferences and the Telegram chat-bot (issue 17). */
export const notificationRoutes: FastifyPluginAsyncZod<NotificationRoutesOptions> = async (
  app,
  { preferences, telegram },
) => {
  function configured(): TelegramBot {
    if (!telegram) throw new HttpError('service_unavailable', { message: 'Telegram is not configured' });
    return telegram;
  }
  function bot(): TelegramBot {
    const telegram = configured();
    if (!telegram.ready) throw new HttpError('service_unavailable', { message: 'Telegram bot is not reachable' });
    return telegram;
  }

  app.get(
    '/identity/:id/notifications/preferences',
    {
      config: { policy: own },
      schema: {
        tags: ['notifications'],
        summary: 'Notification preferences: every kind on or off per channel (security kinds on by default)',
        params: IdentityIdParams,
        response: { 200: NotificationPreferences, ...errors },
      },
    },
    async (request) => preferences.of(request.params.id),
  );

  app.put(
    '/identity/:id/notifications/preferences',
    {
      config: { policy: own },
      schema: {
        tags: ['notifications'],
        summary: 'Sets the kinds named; the others keep what they were',
        params: IdentityIdParams,
        body: NotificationPreferences,
        response: { 200: NotificationPreferences, ...errors },
      },
    },
    async (request) => {
      await preferences.save(request.params.id, request.body);
      return preferences.of(request.params.id);
    },
  );

  app.post(
    '/identity/:id/telegram/invites',
    {
      config: { policy: own },
      schema: {
        tags: ['notifications'],
        summary: 'A one-time deep link to the pool’s Telegram bot; pressing Start links the chat',
        params: IdentityIdParams,
        response: { 201: TelegramInvite, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await bot().createInvite(request.params.id)),
  );

  app.get(
    '/telegram/invites/current',
    {
      config: { policy: { caller: 'person' } },
      schema: {
        tags: ['notifications'],
        summary: 'The caller’s Telegram link still waiting for its Start',
        response: { 200: TelegramInvite, ...errors },
      },
    },
    async (request) => {
      const invite = await bot().currentInvite(personOf(request.caller).userId);
      if (!invite) throw new HttpError('not_found');
      return invite;
    },
  );

  app.get(
    '/telegram/chats/current',
    {
      config: { policy: { caller: 'person' } },
      schema: {
        tags: ['notifications'],
        summary: 'The Telegram chat the caller’s notifications go to',
        response: { 200: TelegramChat, ...errors },
      },
    },
    async (request) => {
      const chat = await configured().currentChat(personOf(request.caller).userId);
      if (!chat) throw new HttpError('not_found');
      return chat;
    },
  );

  app.delete(
    '/telegram/chats',
    {
      config: { policy: { caller: 'person' } },
      schema: {
        tags: ['notifications'],
        summary: 'Unlinks the caller’s Telegram chat',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await configured().unlink(personOf(request.caller).userId);
      return reply.status(204).send(null);
    },
  );
};
