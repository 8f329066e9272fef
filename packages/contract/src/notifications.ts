import { z } from 'zod';

/** Spec 3 "Notification preferences": the seven kinds, each on or off per channel. */
export const notificationKinds = [
  'delete-miner',
  'miner-payout',
  'miner-reward',
  'miner-wallet-address-changed',
  'miner-wallet-minpay-changed',
  'user-login',
  'worker-status-changed',
] as const;
export const NotificationKind = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof NotificationKind>;

export const notificationChannels = ['email', 'telegram'] as const;
export const NotificationChannel = z.enum(notificationChannels);
export type NotificationChannel = z.infer<typeof NotificationChannel>;

/**
 * The security kinds (issue 17): on until the person turns them off, on both channels. A changed
 * payout address or threshold, or a sign-in from a device not seen before, is what a person whose
 * account was taken over must hear of.
 */
export const securityKinds: readonly NotificationKind[] = [
  'miner-wallet-address-changed',
  'miner-wallet-minpay-changed',
  'user-login',
];

export const ChannelSwitches = z.object({ email: z.boolean(), telegram: z.boolean() });
export type ChannelSwitches = z.infer<typeof ChannelSwitches>;

/** `GET` and `PUT identity/{id}/notifications/preferences`: every kind with both channels. */
export const NotificationPreferences = z.object({
  items: z.array(z.object({ kind: NotificationKind, channels: ChannelSwitches })),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/** The preference of one kind and channel when the person set none. */
export const defaultPreference = (kind: NotificationKind): boolean => securityKinds.includes(kind);

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
