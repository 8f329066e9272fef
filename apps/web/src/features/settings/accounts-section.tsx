import { useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { managingRoles } from '@pool/contract/access-codes';
import type { Permission } from '@pool/contract/accounts';
import { LazyResponsiveDialog } from '@/components/dialog/lazy-responsive-dialog.tsx';
import { toast } from '@/components/toast/toast-store.ts';
import { api, ApiError } from '@/lib/api-client.ts';
import { accountLabel } from '@/lib/identity/account-label.ts';
import { identityQueryKey } from '@/lib/identity/get-identity.ts';
import { serverText } from '@/lib/server-errors.ts';
import { minerInfoQuery } from './wallet-api.ts';

type Confirming = { kind: 'delete' | 'leave'; permission: Permission } | undefined;

/** A miner's display title: renamed with `PUT miners/{id}/title`, cleared with `DELETE`. */
function TitleForm({ minerId, accountName }: { minerId: string; accountName: string }) {
  const { t } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  // The payout settings read the same miner: one request serves both.
  const miner = useQuery(minerInfoQuery(minerId));
  const [draft, setDraft] = useState<string>();
  const [saving, setSaving] = useState(false);
  const value = draft ?? miner.data?.title ?? '';
  const save = async (title: string | null) => {
    setSaving(true);
    try {
      await api(`/miners/${minerId}/title`, title === null ? { method: 'DELETE' } : { method: 'PUT', body: { title } });
      toast.success(t('settings.accounts.titleSaved', { account: accountName }));
      setDraft(undefined);
      await client.invalidateQueries({ queryKey: minerInfoQuery(minerId).queryKey });
    } catch (error) {
      toast.error(error instanceof ApiError ? serverText(t, error.message) : t('toasts.somethingWentWrong'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      className="inline-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save(value.trim());
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-title`}>{t('settings.accounts.titleOf', { account: accountName })}</label>
        <input
          id={`${id}-title`}
          maxLength={64}
          value={value}
          disabled={!miner.data}
          onChange={(event) => setDraft(event.target.value)}
        />
      </div>
      <button type="submit" className="button" disabled={saving || !miner.data || value.trim() === ''}>
        {t('settings.accounts.saveTitle')}
      </button>
      <button type="button" className="button" disabled={saving || !miner.data?.title} onClick={() => void save(null)}>
        {t('settings.accounts.clearTitle')}
      </button>
    </form>
  );
}

/**
 * Spec 2 user settings, accounts: each account with the person's role; a miner's managers rename
 * its title, its owner deletes it (critical change, a confirmation that names the account), and
 * someone invited leaves it.
 */
export function AccountsSection({ userId, permissions }: { userId: string; permissions: readonly Permission[] }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState<Confirming>();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const name = confirming ? accountLabel(confirming.permission) : '';

  const act = async () => {
    if (!confirming) return;
    setBusy(true);
    try {
      if (confirming.kind === 'delete') {
        await api(`/miners/${confirming.permission.account_id}`, { method: 'DELETE' });
      } else {
        await api(`/identity/${userId}/permissions/${confirming.permission.id}`, { method: 'DELETE' });
      }
      toast.success(t(`settings.accounts.${confirming.kind}Done`, { account: name }));
      setConfirming(undefined);
      await client.invalidateQueries({ queryKey: identityQueryKey });
      await revalidator.revalidate();
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'additional_authentication_required')) {
        toast.error(error instanceof ApiError ? serverText(t, error.message) : t('toasts.somethingWentWrong'));
      }
    } finally {
      setBusy(false);
    }
  };
  const open = (kind: 'delete' | 'leave', permission: Permission) => {
    setTyped('');
    setConfirming({ kind, permission });
  };

  return (
    <>
      <ul className="rows">
        {permissions.map((permission) => {
          const label = accountLabel(permission);
          const manages = managingRoles.includes(permission.role);
          return (
            <li key={permission.id} className="account-settings" data-account={label}>
              <div className="row">
                <span>
                  {label} <span className="badge">{t(`roles.${permission.role}`)}</span>
                </span>
                <span className="row-actions">
                  {permission.type === 'miner' && permission.role === 'owner' && (
                    <button
                      type="button"
                      className="button button-small button-danger"
                      onClick={() => open('delete', permission)}
                    >
                      {t('settings.accounts.delete')}
                    </button>
                  )}
                  {permission.role !== 'owner' && permission.type !== 'platform' && (
                    <button type="button" className="button button-small" onClick={() => open('leave', permission)}>
                      {t('settings.accounts.leave')}
                    </button>
                  )}
                </span>
              </div>
              {permission.type === 'miner' && manages && (
                <TitleForm minerId={permission.account_id} accountName={label} />
              )}
            </li>
          );
        })}
      </ul>
      <LazyResponsiveDialog
        open={confirming !== undefined}
        onOpenChange={(next) => !next && setConfirming(undefined)}
        title={t(`settings.accounts.${confirming?.kind ?? 'leave'}Title`, { account: name })}
        description={t(`settings.accounts.${confirming?.kind ?? 'leave'}Text`, { account: name })}
      >
        {confirming?.kind === 'delete' && (
          <div className="field">
            <label htmlFor="delete-account-name">{t('settings.accounts.typeName', { account: name })}</label>
            <input
              id="delete-account-name"
              autoComplete="off"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => setConfirming(undefined)}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="button button-danger"
            disabled={busy || (confirming?.kind === 'delete' && typed.trim() !== name)}
            onClick={() => void act()}
          >
            {t(`settings.accounts.${confirming?.kind ?? 'leave'}Confirm`, { account: name })}
          </button>
        </div>
      </LazyResponsiveDialog>
    </>
  );
}
