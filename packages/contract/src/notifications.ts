import { z } from 'zod';
import { notificationChannels, notificationKinds } from './notification-codes.ts';

export { notificationKinds, notificationChannels, securityKinds, defaultPreference } from './notification-codes.ts';

export const NotificationKind = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof NotificationKind>;

export const NotificationChannel = z.enum(notificationChannels);
export type NotificationChannel = z.infer<typeof NotificationChannel>;

export const ChannelSwitches = z.object({ email: z.boolean(), telegram: z.boolean() });
export type ChannelSwitches = z.infer<typeof ChannelSwitches>;

/** `GET` and `PUT identity/{id}/notifications/preferences`: every kind with both channels. */
export const NotificationPreferences = z.object({
  items: z.array(z.object({ kind: NotificationKind, channels: ChannelSwitches })),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/** `POST identity/{id}/telegram/invites`, `GET telegram/invites/current`: a one-time deep link to the pool's bot. */
export const TelegramInvite = z.object({
  link: z.url(),
  bot_username: z.string(),
  created_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
});
export type TelegramInvite = z.infer<typeof TelegramInvite>;

/** `GET telegram/chats/current`: the chat notifications go to. */
export const TelegramChat = z.object({
  username: z.string().nullable(),
  linked_at: z.iso.datetime(),
});
export type TelegramChat = z.infer<typeof TelegramChat>;
