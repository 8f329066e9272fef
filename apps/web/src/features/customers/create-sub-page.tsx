import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { customerNameProblem } from '@pool/contract/customer-codes';
import { SubmitError } from '@/components/form/form-errors.tsx';
import { toast } from '@/components/toast/toast-store.ts';
import { serverText } from '@/lib/server-errors.ts';
import { useEntryData } from '@/lib/use-entry-data.ts';
import { formMessage, formMessageText } from '@/lib/form-messages.ts';
import './customers.css';
import { createSubAccount, customerScopeOf, customersKey, customersQuery } from './customers-api.ts';
import { creationErrors, FormField } from './customer-form.tsx';

type Field = 'parent' | 'account_name' | 'comment';
const fields: readonly Field[] = ['parent', 'account_name', 'comment'];
/** The most the list call answers in one page; an operator with more customers searches for the one it wants. */
const pickerSize = 100;
/** How long typing pauses before the picker asks the server (one call per pause, not per key). */
export const searchPauseMs = 250;

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
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim().toLowerCase()), searchPauseMs);
    return () => clearTimeout(timer);
  }, [typed]);
  const parents = useQuery({
    ...customersQuery(scope ?? { kind: 'operator', id: '', name: '' }, {
      search,
      sort: 'account_name',
      direction: 'asc',
      page: 1,
      per_page: pickerSize,
    }),
    enabled: !!scope,
  });
  const [values, setValues] = useState<Record<Field, string>>({ parent: '', account_name: '', comment: '' });
  /** The chosen customer stays an option while a later search shows others. */
  const [chosen, setChosen] = useState<{ id: string; name: string }>();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitError, setSubmitError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (!scope) return null;
  const found = (parents.data?.items ?? []).map((row) => ({ id: row.id, name: row.account_name }));
  const total = parents.data?.total ?? 0;
  const options = chosen && !found.some((row) => row.id === chosen.id) ? [chosen, ...found] : found;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitError(undefined);
    const found: Partial<Record<Field, string>> = {};
    if (!values.parent) found.parent = formMessageText(t, formMessage.required);
    const nameProblem = customerNameProblem(values.account_name.trim());
    if (values.account_name.trim() === '') found.account_name = formMessageText(t, formMessage.required);
    else if (nameProblem) found.account_name = serverText(t, nameProblem);
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
          <div className="field">
            <label htmlFor={`${id}-find`}>{t('customers.searchParent')}</label>
            <input
              id={`${id}-find`}
              type="search"
              name="find"
              autoComplete="off"
              value={typed}
              aria-controls={`${id}-parent`}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                // Enter looks the name up at once instead of submitting the form.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  setSearch(typed.trim().toLowerCase());
                }
              }}
            />
          </div>
          <FormField id={`${id}-parent`} label={t('customers.fields.parent')} error={errors.parent}>
            <select
              id={`${id}-parent`}
              name="parent"
              value={values.parent}
              aria-busy={parents.isFetching || undefined}
              onChange={(event) => {
                const row = options.find((option) => option.id === event.target.value);
                setChosen(row);
                setValues({ ...values, parent: event.target.value });
              }}
            >
              <option value="">{t('customers.chooseParent')}</option>
              {options.map((row) => (
                <option key={row.id} value={row.id}>
                  {row.name}
                </option>
              ))}
            </select>
          </FormField>
          {found.length === 0 && search !== '' && !parents.isFetching && (
            <p className="muted small" role="status">
              {t('customers.noneMatch')}
            </p>
          )}
          {total > found.length && (
            <p className="muted small" role="status">
              {t('customers.parentsShown', { shown: found.length, total })}
            </p>
          )}
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
