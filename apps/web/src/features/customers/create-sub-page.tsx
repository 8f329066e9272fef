import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CustomerAccountName } from '@pool/contract/customers';
import { SubmitError } from '@/components/form/form-errors.tsx';
import { toast } from '@/components/toast/toast-store.ts';
import { serverText } from '@/lib/server-errors.ts';
import { useEntryData } from '@/lib/use-entry-data.ts';
import { formMessage, formMessageText } from '@/lib/validation.ts';
import './customers.css';
import { createSubAccount, customerScopeOf, customersKey, customersQuery } from './customers-api.ts';
import { creationErrors, FormField } from './customer-form.tsx';

type Field = 'parent' | 'account_name' | 'comment';
const fields: readonly Field[] = ['parent', 'account_name', 'comment'];

/**
 * `/customers/create-sub` (spec 2): a further account of a customer's owners, under the same
 * operator and with the customer's fee (a second farm, say); it appears as its own row.
 */
export function CreateSubAccountPage() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { active } = useEntryData();
  const scope = customerScopeOf(active);
  const parents = useQuery({
    ...customersQuery(scope ?? { kind: 'operator', id: '', name: '' }, {
      search: '',
      sort: 'account_name',
      direction: 'asc',
      page: 1,
      per_page: 100,
    }),
    enabled: !!scope,
  });
  const [values, setValues] = useState<Record<Field, string>>({ parent: '', account_name: '', comment: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitError, setSubmitError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (!scope) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitError(undefined);
    const found: Partial<Record<Field, string>> = {};
    if (!values.parent) found.parent = formMessageText(t, formMessage.required);
    const name = CustomerAccountName.safeParse(values.account_name.trim());
    if (values.account_name.trim() === '') found.account_name = formMessageText(t, formMessage.required);
    else if (!name.success) found.account_name = serverText(t, name.error.issues[0]?.message ?? 'invalid input');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const created = await createSubAccount(values.parent, {
        account_name: values.account_name.trim(),
        ...(values.comment.trim() ? { comment: values.comment.trim() } : {}),
      });
      await client.invalidateQueries({ queryKey: [customersKey] });
      toast.success(t('customers.subCreated', { account: created.account_name }));
      await navigate('/customers');
    } catch (error) {
      setSubmitError(creationErrors(t, error, fields, setErrors));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page">
      <div className="page-heading">
        <h1 className="page-title">{t('screens.createSub')}</h1>
        <Link to="/customers">{t('customers.back')}</Link>
      </div>
      <section className="card">
        <form className="customer-form" noValidate onSubmit={(event) => void submit(event)}>
          <FormField id={`${id}-parent`} label={t('customers.fields.parent')} error={errors.parent}>
            <select
              id={`${id}-parent`}
              name="parent"
              value={values.parent}
              onChange={(event) => setValues({ ...values, parent: event.target.value })}
            >
              <option value="">{t('customers.chooseParent')}</option>
              {(parents.data?.items ?? []).map((row) => (
                <option key={row.id} value={row.id}>
                  {row.account_name}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={`${id}-account_name`} label={t('customers.fields.accountName')} error={errors.account_name}>
            <input
              id={`${id}-account_name`}
              name="account_name"
              autoComplete="off"
              value={values.account_name}
              aria-invalid={errors.account_name ? true : undefined}
              onChange={(event) => setValues({ ...values, account_name: event.target.value })}
            />
          </FormField>
          <p className="muted small">{t('customers.nameRule')}</p>
          <FormField id={`${id}-comment`} label={t('customers.fields.comment')} error={errors.comment}>
            <input
              id={`${id}-comment`}
              name="comment"
              value={values.comment}
              onChange={(event) => setValues({ ...values, comment: event.target.value })}
            />
          </FormField>
          <SubmitError message={submitError} />
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('customers.createSub')}
          </button>
        </form>
      </section>
    </div>
  );
}
