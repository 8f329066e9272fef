/** The notification vocabulary of spec 3, without zod (the web app imports it). */

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
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationChannels = ['email', 'telegram'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

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

/** The preference of one kind and channel when the person set none. */
export const defaultPreference = (kind: NotificationKind): boolean => securityKinds.includes(kind);
