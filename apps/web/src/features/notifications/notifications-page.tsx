import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  notificationKinds,
  securityKinds,
  type NotificationChannel,
  type NotificationKind,
} from '@pool/contract/notification-codes';
import type { ChannelSwitches } from '@pool/contract/notifications';
import { ApiError } from '@/lib/api-client.ts';
import { copyToClipboard } from '@/lib/clipboard.ts';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { serverText } from '@/lib/server-errors.ts';
import { useEntryData } from '@/lib/use-entry-data.ts';
import { toast } from '@/components/toast/toast-store.ts';
import { QrCode } from '@/components/ui/qr-code.tsx';
import {
  createTelegramInvite,
  notificationsKey,
  preferencesQuery,
  savePreference,
  telegramQuery,
  unlinkTelegram,
} from './notifications-api.ts';
import './notifications.css';
import { dateTimeFormat } from '@/lib/format/formatters.ts';

const channels: readonly NotificationChannel[] = ['email', 'telegram'];

/**
 * `/settings/notifications` (spec 2, issue 17): each kind on or off per channel, saved as it is
 * switched; the Telegram chat-bot's one-time link (with a QR code) while no chat is linked, the
 * chat and its unlinking once one is.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const { identity } = useEntryData();
  const userId = identity?.user.id ?? '';
  // Both load at once, but the Telegram card shows only once the table above it has its answer:
  // content is only ever added below what is on screen, so nothing a reader looks at moves.
  const preferences = useQuery({ ...preferencesQuery(userId), enabled: userId !== '' });
  useQuery({ ...telegramQuery(userId), enabled: userId !== '' });
  return (
    <div className="page">
      <h1 className="page-title">{t('screens.notifications')}</h1>
      {userId && <PreferencesSection userId={userId} />}
      {userId && !preferences.isPending && <TelegramSection userId={userId} />}
    </div>
  );
}

function PreferencesSection({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const preferences = useQuery(preferencesQuery(userId));
  const [saving, setSaving] = useState<string>();

  const toggle = async (kind: NotificationKind, current: ChannelSwitches, channel: NotificationChannel) => {
    setSaving(`${kind}:${channel}`);
    try {
      const saved = await savePreference(userId, kind, { ...current, [channel]: !current[channel] });
      client.setQueryData(preferencesQuery(userId).queryKey, saved);
    } catch (error) {
      toast.error(error instanceof ApiError ? serverText(t, error.message) : t('toasts.somethingWentWrong'));
    } finally {
      setSaving(undefined);
    }
  };

  return (
    <section className="card" aria-labelledby="notification-kinds-title">
      <h2 id="notification-kinds-title">{t('notifications.preferences.title')}</h2>
      <p className="muted">{t('notifications.preferences.lead')}</p>
      {preferences.isError && <p role="alert">{t('toasts.somethingWentWrong')}</p>}
      {/* The kinds and their hints are the app's own, so the table stands at its full height while
          only the switches wait for the answer: the note under it never moves. */}
      {!preferences.isError && (
        <div className="table-scroll" aria-busy={preferences.isPending}>
          <table className="table notification-table">
            <thead>
              <tr>
                <th scope="col">{t('notifications.preferences.kind')}</th>
                {channels.map((channel) => (
                  <th key={channel} scope="col" className="notification-channel">
                    {t(`notifications.channels.${channel}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {notificationKinds.map((kind) => {
                const item = preferences.data?.items.find((candidate) => candidate.kind === kind);
                if (preferences.data && !item) return null;
                return (
                  <tr key={kind} data-kind={kind}>
                    <th scope="row">
                      <div className="notification-kind-cell">
                        <span className="notification-kind">{t(`notifications.kinds.${kind}.title`)}</span>
                        {securityKinds.includes(kind) && <span className="badge">{t('notifications.security')}</span>}
                        <span className="muted small">{t(`notifications.kinds.${kind}.hint`)}</span>
                      </div>
                    </th>
                    {channels.map((channel) => (
                      <td key={channel} className="notification-channel">
                        {item ? (
                          <input
                            type="checkbox"
                            className="notification-switch"
                            role="switch"
                            checked={item.channels[channel]}
                            disabled={saving !== undefined}
                            aria-label={t('notifications.preferences.switch', {
                              kind: t(`notifications.kinds.${kind}.title`),
                              channel: t(`notifications.channels.${channel}`),
                            })}
                            onChange={() => void toggle(kind, item.channels, channel)}
                          />
                        ) : (
                          <span className="notification-switch switch-placeholder" />
                        )}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <p className="notification-note" data-offline-note>
        {t('notifications.offlineNote')}
      </p>
    </section>
  );
}

function TelegramSection({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const telegram = useQuery({
    ...telegramQuery(userId),
    // While a link waits for its Start, the chat shows up here as soon as the bot links it.
    refetchInterval: (query) => {
      const state = query.state.data;
      return state?.configured && !state.chat && state.invite ? 3000 : false;
    },
  });
  const run = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await work();
      await client.invalidateQueries({ queryKey: [notificationsKey, userId, 'telegram'] });
      if (done) toast.success(done);
    } catch (error) {
      toast.error(error instanceof ApiError ? serverText(t, error.message) : t('toasts.somethingWentWrong'));
    } finally {
      setBusy(false);
    }
  };
  const state = telegram.data;
  const when = (iso: string) =>
    dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  return (
    <section className="card" aria-labelledby="telegram-title" data-telegram>
      <h2 id="telegram-title">{t('notifications.telegram.title')}</h2>
      {telegram.isPending && <div className="chart-placeholder" aria-busy="true" />}
      {telegram.isError && <p role="alert">{t('toasts.somethingWentWrong')}</p>}
      {state && !state.configured && <p className="muted">{t('notifications.telegram.notConfigured')}</p>}
      {state?.configured && state.chat && (
        <div className="telegram-linked">
          <p data-telegram-chat>
            {t('notifications.telegram.linked', {
              name: state.chat.username ? `@${state.chat.username}` : t('notifications.telegram.chat'),
              date: when(state.chat.linked_at),
            })}
          </p>
          <button
            type="button"
            className="button button-ghost"
            disabled={busy}
            onClick={() => void run(unlinkTelegram, t('notifications.telegram.unlinked'))}
          >
            {t('notifications.telegram.unlink')}
          </button>
        </div>
      )}
      {state?.configured && !state.chat && (
        <>
          <p className="muted">{t('notifications.telegram.lead')}</p>
          {state.invite ? (
            <div className="telegram-invite">
              <div className="telegram-invite-text">
                <a className="mono small telegram-link" href={state.invite.link} target="_blank" rel="noreferrer">
                  {state.invite.link}
                </a>
                <span className="muted small">
                  {t('notifications.telegram.expires', { date: when(state.invite.expires_at) })}
                </span>
                <div className="telegram-actions">
                  <a
                    className="button button-primary button-small"
                    href={state.invite.link}
                    target="_blank"
                    rel="noreferrer"
                  >
                    {t('notifications.telegram.open', { bot: state.invite.bot_username })}
                  </a>
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() =>
                      void copyToClipboard(state.invite?.link ?? '').then((copied) => {
                        if (copied) toast.success(t('toasts.copied'));
                      })
                    }
                  >
                    {t('notifications.telegram.copy')}
                  </button>
                  <button
                    type="button"
                    className="button button-small button-ghost"
                    disabled={busy}
                    onClick={() => void run(() => createTelegramInvite(userId))}
                  >
                    {t('notifications.telegram.renew')}
                  </button>
                </div>
              </div>
              <QrCode value={state.invite.link} label={t('notifications.telegram.qr')} />
            </div>
          ) : (
            <button
              type="button"
              className="button button-primary"
              disabled={busy}
              onClick={() => void run(() => createTelegramInvite(userId))}
            >
              {t('notifications.telegram.create')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
