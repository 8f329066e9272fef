import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { customerNameProblem } from '@pool/contract/customer-codes';
import { SubmitError } from '@/components/form/form-errors.tsx';
import { toast } from '@/components/toast/toast-store.ts';
import { serverText } from '@/lib/server-errors.ts';
import { useEntryData } from '@/lib/use-entry-data.ts';
import { formMessage, formMessageText } from '@/lib/form-messages.ts';
import './customers.css';
import { createCustomer, customerScopeOf, customersKey } from './customers-api.ts';
import { creationErrors, FormField } from './customer-form.tsx';

type Field = 'account_name' | 'email' | 'fee' | 'comment';
const fields: readonly Field[] = ['account_name', 'email', 'fee', 'comment'];

/**
 * `/customers/create-customer` (spec 2): account name, owner e-mail, fee and an optional comment.
 * The owner is invited by e-mail; every field error shows under its input, and a failure that is no
 * field error shows spec 8's 'Unexpected error :( Please, contact support'.
 */
export function CreateCustomerPage() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { active } = useEntryData();
  const scope = customerScopeOf(active);
  const [values, setValues] = useState<Record<Field, string>>({ account_name: '', email: '', fee: '', comment: '' });
  const [hideFee, setHideFee] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitError, setSubmitError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (!scope) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitError(undefined);
    const found: Partial<Record<Field, string>> = {};
    const nameProblem = customerNameProblem(values.account_name.trim());
    if (values.account_name.trim() === '') found.account_name = formMessageText(t, formMessage.required);
    else if (nameProblem) found.account_name = serverText(t, nameProblem);
    if (values.email.trim() === '') found.email = formMessageText(t, formMessage.required);
    const fee = Number(values.fee.replace(',', '.'));
    if (values.fee.trim() === '') found.fee = formMessageText(t, formMessage.required);
    else if (!(fee >= 0 && fee <= 100)) found.fee = t('customers.feeRange');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const created = await createCustomer(scope, {
        account_name: values.account_name.trim(),
        email: values.email.trim(),
        fee,
        ...(values.comment.trim() ? { comment: values.comment.trim() } : {}),
        ...(scope.kind === 'operator' ? { total_fee_hide: hideFee } : {}),
      });
      await client.invalidateQueries({ queryKey: [customersKey] });
      toast.success(t('customers.created', { account: created.account_name, email: created.invited ?? '' }));
      await navigate(`/customers/${created.id}/settings`);
    } catch (error) {
      setSubmitError(creationErrors(t, error, fields, setErrors));
    } finally {
      setBusy(false);
    }
  };
  const input = (field: Field, label: string, extra: Record<string, string> = {}) => (
    <FormField id={`${id}-${field}`} label={label} error={errors[field]}>
      <input
        id={`${id}-${field}`}
        name={field}
        value={values[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
        onChange={(event) => setValues({ ...values, [field]: event.target.value })}
        {...extra}
      />
    </FormField>
  );

  return (
    <div className="page">
      <div className="page-heading">
        <h1 className="page-title">{t('screens.createCustomer')}</h1>
        <Link to="/customers">{t('customers.back')}</Link>
      </div>
      <section className="card">
        <form className="customer-form" noValidate onSubmit={(event) => void submit(event)}>
          {input('account_name', t('customers.fields.accountName'), { autoComplete: 'off', spellCheck: 'false' })}
          <p className="muted small">{t('customers.nameRule')}</p>
          {input('email', t('customers.fields.email'), { type: 'email', autoComplete: 'off' })}
          {input('fee', t('customers.fields.fee'), { inputMode: 'decimal' })}
          {input('comment', t('customers.fields.comment'))}
          {scope.kind === 'operator' && (
            <label className="checkbox">
              <input type="checkbox" checked={hideFee} onChange={(event) => setHideFee(event.target.checked)} />{' '}
              {t('customers.fields.totalFeeHide')}
            </label>
          )}
          <SubmitError message={submitError} />
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('customers.createCustomer')}
          </button>
        </form>
      </section>
    </div>
  );
}
