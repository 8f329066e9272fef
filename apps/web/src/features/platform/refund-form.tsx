import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UnallocatedTransaction } from '@pool/contract/money';
import { SubmitError } from '@/components/form/form-errors.tsx';
import { toast } from '@/components/toast/toast-store.ts';
import { ApiError } from '@/lib/api-client.ts';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatBtc } from '@/lib/money/format.ts';
import { platformQueryKey } from '@/lib/platform/platform-state.ts';
import { serverText } from '@/lib/server-errors.ts';
import { formMessageText, formMessage } from '@/lib/form-messages.ts';
import { refundTransaction } from './platform-api.ts';

/**
 * Refund one unallocated transaction to a miner found by account name (spec 3). A critical change:
 * the verification dialog opens when the server asks, then the call runs again. A transaction
 * refunded already answers 409, shown as "Transaction already refunded".
 */
export function RefundForm({ transaction, onDone }: { transaction: UnallocatedTransaction; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  const [accountName, setAccountName] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [submitError, setSubmitError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(undefined);
    setSubmitError(undefined);
    const name = accountName.trim();
    if (name === '') {
      setFieldError(formMessageText(t, formMessage.required));
      return;
    }
    setBusy(true);
    try {
      const refunded = await refundTransaction(transaction.id, name);
      toast.success(
        t('platform.unallocated.refunded', {
          amount: formatBtc(refunded.amount, currentLocale()),
          account: refunded.refund?.to_account ?? name,
        }),
      );
      await client.invalidateQueries({ queryKey: [...platformQueryKey, 'unallocated'] });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'additional_authentication_required') return;
      const onName =
        error instanceof ApiError ? error.fields.find((field) => field.field === 'account_name') : undefined;
      if (onName) setFieldError(serverText(t, onName.text));
      else setSubmitError(error instanceof ApiError ? serverText(t, error.message) : t('toasts.somethingWentWrong'));
      if (error instanceof ApiError && error.code === 'transaction_already_refunded') {
        await client.invalidateQueries({ queryKey: [...platformQueryKey, 'unallocated'] });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="inline-form refund-form"
      noValidate
      aria-label={t('platform.unallocated.refundOf', { account: transaction.metadata.account, day: transaction.day })}
      onSubmit={(event) => void submit(event)}
    >
      <div className="field">
        <label htmlFor={`${id}-account`}>{t('platform.unallocated.toAccount')}</label>
        <input
          id={`${id}-account`}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={accountName}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setAccountName(event.target.value)}
        />
        {fieldError && (
          <ul className="field-errors">
            <li>{fieldError}</li>
          </ul>
        )}
        <p className="field-hint" id={`${id}-hint`}>
          {t('platform.unallocated.toAccountHint', { amount: formatBtc(transaction.amount, currentLocale()) })}
        </p>
      </div>
      <div className="refund-actions">
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
          {t('platform.unallocated.refund')}
        </button>
        <button type="button" className="button button-ghost" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
      <SubmitError message={submitError} />
    </form>
  );
}
