import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Session } from '@/lib/ory/types.ts';
import { toast } from '@/components/toast/toast-store.ts';
import { usePoolConfig } from '@/lib/config/use-pool-config.ts';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { identityApi } from '@/lib/ory/identity-client.ts';
import { describeDevice } from '@/lib/format/describe-device.ts';
import { sessionsKey, sessionsQuery } from './sessions-query.ts';
import { useSettled } from './use-settled.ts';

function SessionRow({ session, current, onRevoke }: { session: Session; current: boolean; onRevoke?: () => void }) {
  const { t } = useTranslation();
  const device = session.devices?.[0];
  const when = session.authenticated_at ?? session.issued_at;
  return (
    <li className="row">
      <div>
        <strong>{describeDevice(device?.user_agent)}</strong>
        {current && <span className="badge">{t('settings.sessions.thisDevice')}</span>}
        <p className="muted small">
          {[
            device?.ip_address,
            when && t('settings.sessions.signedIn', { date: new Date(when).toLocaleString(currentLocale()) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      {onRevoke && (
        <button type="button" className="button button-small" onClick={onRevoke}>
          {t('settings.sessions.revoke')}
        </button>
      )}
    </li>
  );
}

/** Spec 2 user settings: sessions — this device, the others, revoke one, revoke all others. */
export function SessionsSection({ onSettled }: { onSettled?: () => void }) {
  const { t } = useTranslation();
  const config = usePoolConfig();
  const api = useMemo(() => identityApi(config), [config]);
  const client = useQueryClient();
  const sessions = useQuery(sessionsQuery(api));
  useSettled(!sessions.isPending, onSettled);
  const refresh = () => client.invalidateQueries({ queryKey: sessionsKey });
  const failed = () => toast.error(t('toasts.somethingWentWrong'));
  const revoke = useMutation({
    mutationFn: (id: string) => api.disableMySession(id),
    onSuccess: () => toast.success(t('toasts.success')),
    onError: failed,
    onSettled: refresh,
  });
  const revokeOthers = useMutation({
    mutationFn: () => api.disableMyOtherSessions(),
    onSuccess: () => toast.success(t('toasts.success')),
    onError: failed,
    onSettled: refresh,
  });
  const others = sessions.data?.others ?? [];

  return (
    <section className="card" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('settings.sessions.title')}</h2>
      {sessions.data && (
        <ul className="rows">
          <SessionRow session={sessions.data.current} current />
          {others.map((session) => (
            <SessionRow key={session.id} session={session} current={false} onRevoke={() => revoke.mutate(session.id)} />
          ))}
        </ul>
      )}
      {sessions.isError && <p className="muted">{t('toasts.somethingWentWrong')}</p>}
      {others.length > 0 && (
        <button
          type="button"
          className="button"
          disabled={revokeOthers.isPending}
          onClick={() => revokeOthers.mutate()}
        >
          {t('settings.sessions.revokeOthers')}
        </button>
      )}
    </section>
  );
}
