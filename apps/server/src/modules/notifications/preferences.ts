import type { Database } from '@pool/db/database';
import {
  defaultPreference,
  notificationKinds,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
} from '@pool/contract/notifications';
import { transaction } from '../mining/sql.ts';

/** `app.notification_preferences`: what a person set; a kind and channel never set takes its default. */
export function preferenceRepository(database: Database) {
  return {
    async of(userId: string): Promise<NotificationPreferences> {
      const rows = await database.query<{ kind: NotificationKind; channel: NotificationChannel; enabled: boolean }>(
        'select kind, channel, enabled from app.notification_preferences where user_id = $1',
        [userId],
      );
      const set = (kind: NotificationKind, channel: NotificationChannel) =>
        rows.find((row) => row.kind === kind && row.channel === channel)?.enabled ?? defaultPreference(kind);
      return {
        items: notificationKinds.map((kind) => ({
          kind,
          channels: { email: set(kind, 'email'), telegram: set(kind, 'telegram') },
        })),
      };
    },

    /** Stores every kind named; kinds left out keep what they were. */
    async save(userId: string, preferences: NotificationPreferences): Promise<void> {
      await transaction(database, async (query) => {
        for (const { kind, channels } of preferences.items) {
          for (const channel of ['email', 'telegram'] as const) {
            await query(
              `insert into app.notification_preferences (user_id, kind, channel, enabled, updated_at)
                values ($1, $2, $3, $4, now())
                on conflict (user_id, kind, channel) do update set enabled = excluded.enabled, updated_at = now()`,
              [userId, kind, channel, channels[channel]],
            );
          }
        }
      });
    },

    /** Who of `userIds` wants `kind` on each channel. */
    async wanted(
      userIds: string[],
      kind: NotificationKind,
    ): Promise<Map<string, Record<NotificationChannel, boolean>>> {
      const rows = await database.query<{ user_id: string; channel: NotificationChannel; enabled: boolean }>(
        'select user_id, channel, enabled from app.notification_preferences where kind = $1 and user_id = any($2::uuid[])',
        [kind, userIds],
      );
      return new Map(
        userIds.map((id) => {
          const of = (channel: NotificationChannel) =>
            rows.find((row) => row.user_id === id && row.channel === channel)?.enabled ?? defaultPreference(kind);
          return [id, { email: of('email'), telegram: of('telegram') }];
        }),
      );
    },
  };
}

export type PreferenceRepository = ReturnType<typeof preferenceRepository>;
