import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CreateWatcherBody, WatcherSection, type CreatedWatcher } from '@pool/contract/watchers';
import { toast } from '@/components/toast/toast-store.ts';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { ApiError } from '@/lib/api-client.ts';
import { copyToClipboard } from '@/lib/clipboard.ts';
import { FieldError, SubmitError } from '@/components/form/form-errors.tsx';
import { applyServerErrors } from '@/lib/server-errors.ts';
import { formMessage } from '@/lib/form-messages.ts';
import { createWatcher, deleteWatcher, watcherLink, watchersQuery } from './access-api.ts';

const sectionsOffered = WatcherSection.options;

interface Values {
  name: string;
  access: string[];
}

/**
 * Spec 2: create and delete watcher links. The list shows name, access, creator and date; a link
 * itself is shown once, right after it is made, because the server keeps only a hash of its token.
 */
export function WatcherLinksSection({ minerId, canManage }: { minerId: string; canManage: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  const watchers = useQuery(watchersQuery(minerId));
  const [submitError, setSubmitError] = useState<string>();
  const [created, setCreated] = useState<CreatedWatcher>();
  const copyButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (created) copyButton.current?.focus();
  }, [created]);
  const { register, handleSubmit, formState, reset, setError } = useForm<Values>({
    mode: 'onChange',
    defaultValues: { name: '', access: ['Workers'] },
  });
  const refresh = () => client.invalidateQueries({ queryKey: watchersQuery(minerId).queryKey });
  const quietly = (error: unknown) =>
    !(error instanceof ApiError && error.code === 'additional_authentication_required') &&
    toast.error(t('toasts.somethingWentWrong'));

  const create = async (values: Values) => {
    setSubmitError(undefined);
    try {
      const watcher = await createWatcher(minerId, CreateWatcherBody.parse(values));
      reset();
      setCreated(watcher);
      await refresh();
      toast.success(t('accessControl.watchers.created'));
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'additional_authentication_required')) {
        setSubmitError(applyServerErrors(t, error, setError, ['name', 'access']));
      }
    }
  };
  const remove = useMutation({
    mutationFn: deleteWatcher,
    onSuccess: (_, watcherId) => {
      if (created?.id === watcherId) setCreated(undefined);
      toast.success(t('accessControl.watchers.deleted'));
    },
    onError: quietly,
    onSettled: refresh,
  });

  const nameError = formState.errors.name?.message;
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('accessControl.watchers.title')}</h2>
      <p className="muted">{t('accessControl.watchers.lead')}</p>
      {watchers.data && watchers.data.length === 0 && <p className="muted">{t('accessControl.watchers.none')}</p>}
      {watchers.data && watchers.data.length > 0 && (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('accessControl.watchers.name')}</th>
                <th scope="col">{t('accessControl.watchers.access')}</th>
                <th scope="col">{t('accessControl.watchers.createdBy')}</th>
                <th scope="col">{t('accessControl.watchers.createdAt')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('accessControl.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {watchers.data.map((watcher) => (
                <tr key={watcher.id}>
                  <td>{watcher.name}</td>
                  <td>{watcher.access.map((section) => t(`sections.${section}`)).join(', ')}</td>
                  <td>{watcher.created_by?.email ?? t('accessControl.watchers.creatorDeleted')}</td>
                  <td>{new Date(watcher.created_at).toLocaleDateString(currentLocale())}</td>
                  <td className="table-actions">
                    {canManage && (
                      <button
                        type="button"
                        className="button button-small"
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(watcher.id)}
                      >
                        {t('common.delete')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canManage && (
        <form className="inline-form" noValidate onSubmit={(event) => void handleSubmit(create)(event)}>
          <div className="field">
            <label htmlFor={`${id}-name`}>{t('accessControl.watchers.name')}</label>
            <input
              id={`${id}-name`}
              maxLength={64}
              aria-invalid={nameError ? true : undefined}
              {...register('name', {
                validate: (value) => value.trim().length > 0 || formMessage.required,
              })}
            />
            <FieldError error={formState.errors.name} />
          </div>
          <fieldset className="field checkbox-group">
            <legend>{t('accessControl.watchers.access')}</legend>
            {sectionsOffered.map((section) => (
              <label key={section}>
                <input
                  type="checkbox"
                  value={section}
                  {...register('access', { validate: (value) => value.length > 0 || formMessage.required })}
                />
                {t(`sections.${section}`)}
              </label>
            ))}
          </fieldset>
          <button
            type="submit"
            className="button button-primary"
            disabled={formState.isSubmitting || !formState.isValid}
          >
            {t('accessControl.watchers.create')}
          </button>
          <SubmitError message={submitError} />
        </form>
      )}
      {created && (
        <div className="copy-list" role="group" aria-labelledby={`${id}-new`}>
          <p id={`${id}-new`} className="notice" data-type="success">
            {t('accessControl.watchers.shownOnce', { name: created.name })}
          </p>
          <dl className="copy-list">
            <div className="copy-row">
              <dt>{t('accessControl.watchers.link')}</dt>
              <dd>
                <code>{watcherLink(created.token)}</code>
                <button
                  ref={copyButton}
                  type="button"
                  className="button button-small"
                  onClick={() => void copyToClipboard(watcherLink(created.token))}
                >
                  {t('accessControl.watchers.copyLink')}
                </button>
              </dd>
            </div>
          </dl>
        </div>
      )}
    </section>
  );
}
