import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PoolUser, PoolUserActionEntry } from '@pool/contract/pool-users';
import { LazyResponsiveDialog } from '@/components/dialog/lazy-responsive-dialog.tsx';
import { toast } from '@/components/toast/toast-store.ts';
import { ApiError } from '@/lib/api-client.ts';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatDateTime } from '@/lib/format/time.ts';
import { serverText } from '@/lib/server-errors.ts';
import { useEntryData } from '@/lib/use-entry-data.ts';
import { describeDevice } from '@/lib/format/describe-device.ts';
import {
  closeSession,
  deleteUser,
  deletionRequestQuery,
  invitesQuery,
  permissionsQuery,
  resendInvite,
  resetSecondFactor,
  sessionsQuery,
  userQuery,
  usersQueryKey,
} from './users-api.ts';

const when = (at: string, locale: string) => <time dateTime={at}>{formatDateTime(new Date(at), locale)}</time>;

/** Runs a critical change; a declined verification says nothing, any other failure says why. */
function useAction() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState<string>();
  const run = async (key: string, action: () => Promise<unknown>, done: string): Promise<boolean> => {
    setBusy(key);
    try {
      await action();
      toast.success(done);
      return true;
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'additional_authentication_required')) {
        toast.error(error instanceof ApiError ? serverText(t, error.message) : t('toasts.somethingWentWrong'));
      }
      return false;
    } finally {
      setBusy(undefined);
      await client.invalidateQueries({ queryKey: usersQueryKey });
    }
  };
  return { busy, run };
}

function ActionEntry({ entry }: { entry: PoolUserActionEntry }) {
  const { t } = useTranslation();
  const detail = Object.values(entry.detail)
    .map((value) => (Array.isArray(value) ? value.map((item) => t(`poolUsers.factors.${item}`)).join(', ') : value))
    .join(' · ');
  return (
    <li className="row" data-action={entry.action}>
      <div>
        <strong>{t(`poolUsers.actions.${entry.action}`)}</strong>
        <p className="muted small">
          {t('poolUsers.history.by', { who: entry.actor_email })} · {when(entry.at, currentLocale())}
          {detail && <> · {detail}</>}
        </p>
      </div>
    </li>
  );
}

/** A user that is gone: what their deletion request says, or that there is no such user. */
function GoneUser({ poolId, userId }: { poolId: string; userId: string }) {
  const { t } = useTranslation();
  const request = useQuery(deletionRequestQuery(poolId, userId));
  if (request.isPending) return <div className="chart-placeholder" aria-busy="true" />;
  if (!request.data) return <p className="muted empty">{t('poolUsers.notFound')}</p>;
  return (
    <section className="card" aria-label={t('poolUsers.deletion.title')}>
      <h2>{request.data.email}</h2>
      <p data-deletion={request.data.state}>
        {t(`poolUsers.deletion.${request.data.state}`, { who: request.data.requested_by_email })}{' '}
        {when(request.data.completed_at ?? request.data.requested_at, currentLocale())}
      </p>
    </section>
  );
}

function Profile({ user }: { user: PoolUser }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const factors = (['totp', 'lookup_secret', 'webauthn'] as const).filter((type) => user.second_factors[type]);
  return (
    <section className="card" aria-labelledby="user-profile-title">
      <h2 id="user-profile-title">{t('poolUsers.profile.title')}</h2>
      <dl className="facts">
        <dt>{t('poolUsers.columns.email')}</dt>
        <dd>
          {user.email}{' '}
          <span className="badge" data-verified={user.email_verified}>
            {t(user.email_verified ? 'poolUsers.profile.verified' : 'poolUsers.profile.unverified')}
          </span>
        </dd>
        <dt>{t('poolUsers.profile.secondFactors')}</dt>
        <dd data-factors={factors.join(' ')}>
          {factors.length > 0
            ? factors.map((type) => t(`poolUsers.factors.${type}`)).join(', ')
            : t('poolUsers.profile.noSecondFactor')}
        </dd>
        <dt>{t('poolUsers.profile.lastSignIn')}</dt>
        <dd>{user.last_sign_in_at ? when(user.last_sign_in_at, locale) : t('poolUsers.profile.never')}</dd>
        <dt>{t('poolUsers.columns.since')}</dt>
        <dd>{when(user.created_at, locale)}</dd>
      </dl>
    </section>
  );
}

/**
 * Spec 2 `/users/{id}`: a user's e-mail and its verification, second factors, last sign-in, roles,
 * sessions and invitations, and what staff did to them; each action behind the verification dialog.
 */
export function UserPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { id: userId = '' } = useParams();
  const entry = useEntryData();
  const poolId = entry.active?.account_id ?? '';
  const self = entry.identity?.user.id === userId;
  const user = useQuery({ ...userQuery(poolId, userId), enabled: poolId !== '' });
  // The lists load beside the user, and the page shows once all have their answers: sections that
  // filled in one by one pushed those under them down (CLS 0.042 on a phone).
  const permissions = useQuery({ ...permissionsQuery(poolId, userId), enabled: poolId !== '' });
  const sessions = useQuery({ ...sessionsQuery(poolId, userId), enabled: poolId !== '' });
  const invites = useQuery({ ...invitesQuery(poolId, userId), enabled: poolId !== '' });
  const listsPending = permissions.isPending || sessions.isPending || invites.isPending;
  const { busy, run } = useAction();
  const [confirming, setConfirming] = useState(false);
  const gone = user.error instanceof ApiError && user.error.status === 404;

  return (
    <div className="page">
      <p className="small">
        <Link to="/users">{t('poolUsers.back')}</Link>
      </p>
      <div className="page-heading">
        {/* The e-mail comes with the page under it: a long one wraps, and the placeholder would move. */}
        <h1 className="page-title">{user.data && !listsPending ? user.data.email : t('screens.user')}</h1>
      </div>
      {(user.isPending || (user.data && listsPending)) && <div className="chart-placeholder" aria-busy="true" />}
      {gone && <GoneUser poolId={poolId} userId={userId} />}
      {user.isError && !gone && (
        <p className="notice" data-type="error">
          {t('toasts.somethingWentWrong')}
        </p>
      )}
      {user.data && !listsPending && (
        <>
          <Profile user={user.data} />

          <section className="card" aria-labelledby="user-accounts-title">
            <h2 id="user-accounts-title">{t('poolUsers.accounts.title')}</h2>
            <ul className="rows">
              {permissions.data?.map((permission) => (
                <li key={permission.id} className="row" data-account={permission.account_name}>
                  <span>
                    {permission.account_name}{' '}
                    <span className="muted small">{t(`poolUsers.kinds.${permission.account_type}`)}</span>
                  </span>
                  <span className="badge">{t(`roles.${permission.role}`)}</span>
                </li>
              ))}
            </ul>
          </section>

          <section className="card" aria-labelledby="user-sessions-title">
            <h2 id="user-sessions-title">{t('poolUsers.sessions.title')}</h2>
            {sessions.data?.length === 0 && <p className="muted">{t('poolUsers.sessions.none')}</p>}
            <ul className="rows">
              {sessions.data?.map((session) => {
                const device = session.devices[0];
                return (
                  <li key={session.id} className="row" data-session={session.id} data-active={session.active}>
                    <div>
                      <strong>{describeDevice(device?.user_agent)}</strong>{' '}
                      <span className="badge">
                        {t(session.active ? 'poolUsers.sessions.active' : 'poolUsers.sessions.ended')}
                      </span>
                      <p className="muted small">
                        {[device?.ip_address, device?.location].filter(Boolean).join(' · ')}
                        {device?.ip_address ? ' · ' : ''}
                        {t('poolUsers.sessions.signedIn')} {when(session.authenticated_at, locale)}
                      </p>
                    </div>
                    {session.active && (
                      <button
                        type="button"
                        className="button button-small"
                        disabled={busy !== undefined}
                        onClick={() =>
                          void run(session.id, () => closeSession(poolId, session.id), t('poolUsers.sessions.closed'))
                        }
                      >
                        {t('poolUsers.sessions.close')}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>

          <section className="card" aria-labelledby="user-invites-title">
            <h2 id="user-invites-title">{t('poolUsers.invites.title')}</h2>
            {invites.data?.length === 0 && <p className="muted">{t('poolUsers.invites.none')}</p>}
            <ul className="rows">
              {invites.data?.map((invite) => (
                <li key={invite.id} className="row" data-invite={invite.id} data-state={invite.state}>
                  <div>
                    <strong>{invite.account_name}</strong> <span className="badge">{t(`roles.${invite.role}`)}</span>
                    <p className="muted small">
                      {t(`poolUsers.invites.states.${invite.state}`)} ·{' '}
                      {when(invite.accepted_at ?? invite.expires_at, locale)}
                    </p>
                  </div>
                  {invite.state !== 'accepted' && (
                    <button
                      type="button"
                      className="button button-small"
                      disabled={busy !== undefined}
                      onClick={() =>
                        void run(
                          invite.id,
                          () => resendInvite(poolId, userId, invite.id),
                          t('poolUsers.invites.resent', { email: user.data.email }),
                        )
                      }
                    >
                      {t('poolUsers.invites.resend')}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </section>

          <section className="card card-danger" aria-labelledby="user-actions-title">
            <h2 id="user-actions-title">{t('poolUsers.manage.title')}</h2>
            {self ? (
              <p className="muted">{t('poolUsers.manage.self')}</p>
            ) : (
              <div className="row-actions">
                <button
                  type="button"
                  className="button"
                  disabled={busy !== undefined || !Object.values(user.data.second_factors).some(Boolean)}
                  onClick={() =>
                    void run('2fa', () => resetSecondFactor(poolId, userId), t('poolUsers.manage.resetDone'))
                  }
                >
                  {t('poolUsers.manage.reset')}
                </button>
                <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
                  {t('poolUsers.manage.delete')}
                </button>
              </div>
            )}
            <p className="muted small">{t('poolUsers.manage.hint')}</p>
            <LazyResponsiveDialog
              open={confirming}
              onOpenChange={setConfirming}
              title={t('poolUsers.manage.confirmTitle', { email: user.data.email })}
              description={t('poolUsers.manage.confirmText')}
            >
              <div className="dialog-actions">
                <button type="button" className="button" onClick={() => setConfirming(false)}>
                  {t('common.cancel')}
                </button>
                <button
                  type="button"
                  className="button button-danger"
                  disabled={busy !== undefined}
                  onClick={() =>
                    void run('delete', () => deleteUser(poolId, userId), t('poolUsers.manage.deleteDone')).then(
                      (done) => done && setConfirming(false),
                    )
                  }
                >
                  {t('poolUsers.manage.confirm')}
                </button>
              </div>
            </LazyResponsiveDialog>
          </section>

          <section className="card" aria-labelledby="user-history-title">
            <h2 id="user-history-title">{t('poolUsers.history.title')}</h2>
            {user.data.actions.length === 0 && <p className="muted">{t('poolUsers.history.none')}</p>}
            <ul className="rows">
              {user.data.actions.map((action) => (
                <ActionEntry key={action.id} entry={action} />
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
