import { useId } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { identityQueryKey } from '@/lib/identity/get-identity.ts';
import type { Permission } from '@pool/contract/accounts';
import { orderedPermissions, rememberPermission } from '@/lib/identity/active-account.ts';
import { accountLabel } from '@/lib/identity/account-label.ts';

/** Where choosing an account leads (spec 4): the platform area for platform, else main, replacing history. */
export function pathAfterSwitch(permission: Permission): string {
  return permission.type === 'platform' ? '/platform' : '/';
}

/**
 * Spec 4: the account the screens act on. The choice is remembered across visits; changing it goes
 * to main (or the platform area) with history replaced.
 */
export function AccountSwitcher({ permissions, active }: { permissions: readonly Permission[]; active: Permission }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const id = useId();
  if (permissions.length < 2) return <span className="account-chip">{accountLabel(active)}</span>;
  return (
    <div className="account-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t('accounts.switch')}
      </label>
      <select
        id={id}
        value={active.id}
        onChange={(event) => {
          const next = permissions.find((permission) => permission.id === event.target.value);
          if (!next) return;
          rememberPermission(next.id);
          // Spec 4: the user info loads again for the new account.
          void client.resetQueries({ queryKey: identityQueryKey });
          void navigate(pathAfterSwitch(next), { replace: true });
        }}
      >
        {orderedPermissions(permissions).map((permission) => (
          <option key={permission.id} value={permission.id}>
            {accountLabel(permission)} · {t(`accounts.kinds.${permission.type}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
