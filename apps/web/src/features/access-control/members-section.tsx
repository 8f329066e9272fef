import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { invitableRolesOn, type InvitableRole } from '@pool/contract/access-management';
import { toast } from '@/components/toast/toast-store.ts';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { ApiError } from '@/lib/api-client.ts';
import { FieldError, SubmitError } from '@/components/form/form-errors.tsx';
import { applyServerErrors } from '@/lib/server-errors.ts';
import { formMessage } from '@/lib/form-messages.ts';
import { accessQuery, changeRole, inviteToAccount, removeAccess, type ManagedAccount } from './access-api.ts';

interface Values {
  email: string;
  role: InvitableRole;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Spec 2 and 6: accounts with roles — invite an e-mail with a role, change a role, remove someone.
 * Nobody changes their own role; a pool offers admin and viewer only.
 */
export function MembersSection({
  account,
  canManage,
  userId,
}: {
  account: ManagedAccount;
  canManage: boolean;
  userId: string | undefined;
}) {
  const { t } = useTranslation();
  const roles = invitableRolesOn(account.type);
  // On a pool every role sees every section, so its roles differ only in managing.
  const descriptions = account.type === 'pool' ? 'poolRoleDescriptions' : 'roleDescriptions';
  const id = useId();
  const client = useQueryClient();
  const access = useQuery(accessQuery(account));
  const [submitError, setSubmitError] = useState<string>();
  const { register, handleSubmit, formState, reset, setError } = useForm<Values>({
    mode: 'onChange',
    defaultValues: { email: '', role: 'viewer' },
  });
  const refresh = () => client.invalidateQueries({ queryKey: accessQuery(account).queryKey });
  const failed = (error: unknown) =>
    !(error instanceof ApiError && error.code === 'additional_authentication_required') &&
    toast.error(t('toasts.somethingWentWrong'));

  const invite = async (values: Values) => {
    setSubmitError(undefined);
    try {
      await inviteToAccount(account, { email: values.email.trim(), role: values.role });
      reset();
      await refresh();
      toast.success(t('accessControl.members.invited', { email: values.email.trim() }));
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'additional_authentication_required')) {
        setSubmitError(applyServerErrors(t, error, setError, ['email', 'role']));
      }
    }
  };
  const updateRole = useMutation({
    mutationFn: ({ accessId, role }: { accessId: string; role: InvitableRole }) =>
      changeRole(account, accessId, { role }),
    onSuccess: () => toast.success(t('toasts.success')),
    onError: failed,
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (accessId: string) => removeAccess(account, accessId),
    onSuccess: () => toast.success(t('toasts.success')),
    onError: failed,
    onSettled: refresh,
  });

  const emailError = formState.errors.email?.message;
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('accessControl.members.title')}</h2>
      <p className="muted">{t('accessControl.members.lead')}</p>
      {access.data && (
        <ul className="rows">
          {access.data.members.map((member) => (
            <li key={member.id} className="row">
              <span>{member.email}</span>
              {canManage && member.role !== 'owner' && member.user_id !== userId ? (
                <span className="row-actions">
                  <label className="visually-hidden" htmlFor={`${id}-${member.id}`}>
                    {t('accessControl.members.roleOf', { email: member.email })}
                  </label>
                  <select
                    id={`${id}-${member.id}`}
                    value={member.role}
                    disabled={updateRole.isPending}
                    onChange={(event) =>
                      updateRole.mutate({ accessId: member.id, role: event.target.value as InvitableRole })
                    }
                  >
                    {roles.map((role) => (
                      <option key={role} value={role}>
                        {t(`roles.${role}`)}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="button button-small"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(member.id)}
                  >
                    {t('common.remove')}
                  </button>
                </span>
              ) : (
                <span className="badge">{t(`roles.${member.role}`)}</span>
              )}
            </li>
          ))}
          {access.data.invites.map((pending) => (
            <li key={pending.id} className="row">
              <span>
                {pending.email} <span className="badge">{t(`roles.${pending.role}`)}</span>
                <span className="muted small">
                  {' '}
                  {t('accessControl.members.pendingUntil', {
                    date: new Date(pending.expires_at).toLocaleDateString(currentLocale()),
                  })}
                </span>
              </span>
              {canManage && (
                <button
                  type="button"
                  className="button button-small"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(pending.id)}
                >
                  {t('accessControl.members.withdraw')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canManage && (
        <form className="inline-form" noValidate onSubmit={(event) => void handleSubmit(invite)(event)}>
          <div className="field">
            <label htmlFor={`${id}-email`}>{t('accessControl.members.email')}</label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="off"
              aria-invalid={emailError ? true : undefined}
              {...register('email', {
                validate: (value) =>
                  value.trim() === '' ? formMessage.required : emailPattern.test(value.trim()) || formMessage.email,
              })}
            />
            <FieldError error={formState.errors.email} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-role`}>{t('accessControl.members.role')}</label>
            <select id={`${id}-role`} {...register('role')}>
              {roles.map((role) => (
                <option key={role} value={role}>
                  {`${t(`roles.${role}`)} — ${t(`${descriptions}.${role}`)}`}
                </option>
              ))}
            </select>
          </div>
          <button
            type="submit"
            className="button button-primary"
            disabled={formState.isSubmitting || !formState.isValid}
          >
            {t('accessControl.members.invite')}
          </button>
          <SubmitError message={submitError} />
        </form>
      )}
    </section>
  );
}
