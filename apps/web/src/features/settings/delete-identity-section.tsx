import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LazyResponsiveDialog } from '@/components/dialog/lazy-responsive-dialog.tsx';
import { toast } from '@/components/toast/toast-store.ts';
import { api, ApiError } from '@/lib/api-client.ts';

/**
 * Spec 2 user settings: delete identity, with its confirmation. A critical change: the product API
 * asks for a fresh second factor first, and the verification dialog takes it.
 */
export function DeleteIdentitySection({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    setDeleting(true);
    try {
      await api(`/identity/${userId}`, { method: 'DELETE' });
    } catch (error) {
      setDeleting(false);
      if (!(error instanceof ApiError && error.code === 'additional_authentication_required')) {
        toast.error(t('toasts.somethingWentWrong'));
      }
      return;
    }
    client.clear();
    toast.success(t('settings.delete.done'));
    await navigate('/auth/login', { replace: true });
  };

  return (
    <section className="card card-danger" aria-labelledby="delete-identity-title">
      <h2 id="delete-identity-title">{t('settings.delete.title')}</h2>
      <p className="muted">{t('settings.delete.lead')}</p>
      <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
        {t('settings.delete.button')}
      </button>
      <LazyResponsiveDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('settings.delete.confirmTitle')}
        description={t('settings.delete.confirmText')}
      >
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </button>
          <button type="button" className="button button-danger" disabled={deleting} onClick={() => void remove()}>
            {t('settings.delete.confirm')}
          </button>
        </div>
      </LazyResponsiveDialog>
    </section>
  );
}
