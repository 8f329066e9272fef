import { queryOptions } from '@tanstack/react-query';
import type {
  ChannelSwitches,
  NotificationKind,
  NotificationPreferences,
  TelegramChat,
  TelegramInvite,
} from '@pool/contract/notifications';
import { api, ApiError } from '@/lib/api-client.ts';

/** Every notifications query starts with this key. */
export const notificationsKey = 'notifications';

const identityPath = (userId: string) => `/identity/${encodeURIComponent(userId)}`;

export const preferencesQuery = (userId: string) =>
  queryOptions({
    queryKey: [notificationsKey, userId, 'preferences'],
    queryFn: ({ signal }) =>
      api<NotificationPreferences>(`${identityPath(userId)}/notifications/preferences`, { signal }),
  });

export const savePreference = (userId: string, kind: NotificationKind, channels: ChannelSwitches) =>
  api<NotificationPreferences>(`${identityPath(userId)}/notifications/preferences`, {
    method: 'PUT',
    body: { items: [{ kind, channels }] },
  });

/**
 * What the Telegram part shows: not configured on this pool (503), the linked chat, or the link
 * waiting for its Start (none: 404).
 */
export type TelegramState =
  { configured: false } | { configured: true; chat: TelegramChat | null; invite: TelegramInvite | null };

const orNull = async <T>(call: Promise<T>): Promise<T | null> => {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

export const telegramQuery = (userId: string) =>
  queryOptions({
    queryKey: [notificationsKey, userId, 'telegram'],
    queryFn: async ({ signal }): Promise<TelegramState> => {
      try {
        const chat = await orNull(api<TelegramChat>('/telegram/chats/current', { signal }));
        const invite = chat ? null : await orNull(api<TelegramInvite>('/telegram/invites/current', { signal }));
        return { configured: true, chat, invite };
      } catch (error) {
        if (error instanceof ApiError && error.status === 503) return { configured: false };
        throw error;
      }
    },
  });

export const createTelegramInvite = (userId: string) =>
  api<TelegramInvite>(`${identityPath(userId)}/telegram/invites`, { method: 'POST' });

export const unlinkTelegram = () => api<null>('/telegram/chats', { method: 'DELETE' });
