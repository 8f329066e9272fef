import { useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { managingRoles } from '@pool/contract/access-codes';
import { LazyResponsiveDialog } from '@/components/dialog/lazy-responsive-dialog.tsx';
import { SubmitError } from '@/components/form/form-errors.tsx';
import { toast } from '@/components/toast/toast-store.ts';
import { VirtualMiningContractsSection } from '@/components/virtual-mining/virtual-mining-contracts-section.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatPercent } from '@/lib/money/format.ts';
import { serverText } from '@/lib/server-errors.ts';
import { useEntryData } from '@/lib/use-entry-data.ts';
import { formMessage, formMessageText } from '@/lib/form-messages.ts';
import './customers.css';
import {
  customerFeesQuery,
  customerPeopleQuery,
  customerQuery,
  customerScopeOf,
  customersKey,
  setCustomerFee,
  setTotalFeeHide,
  updateCustomer,
  type CustomerScope,
} from './customers-api.ts';
import { FormField } from './customer-form.tsx';
import { CustomerHeading } from './customer-tabs.tsx';

/** The next 00:00 UTC as a day: a fee set now starts then (spec 4). */
export const nextUtcDay = (now: number): string => {
  const today = new Date(now);
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1))
    .toISOString()
    .slice(0, 10);
};

const failure = (t: (key: string) => string, error: unknown) =>
  error instanceof ApiError ? serverText(t as never, error.message) : t('toasts.somethingWentWrong');

/**
 * `/customers/{id}/settings` (spec 2): the fee schedule and the fee dialog (a critical change that
 * starts at 00:00 UTC the next day), the title and comment, the customer's people with access and
 * whether each sees the operator's total fee; for a pool, its virtual-mining contracts too.
 */
export function CustomerSettingsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { active } = useEntryData();
  const scope = customerScopeOf(active);
  // Sections appear top to bottom, each once those above it have their answers (as /settings does),
  // so content is only added below what is on screen. The queries are the sections' own, shared.
  const read = scope ?? { kind: 'operator' as const, id: '', name: '' };
  const feesSettled = !useQuery({ ...customerFeesQuery(read, id), enabled: !!scope }).isPending;
  const detailSettled = !useQuery({ ...customerQuery(read, id), enabled: !!scope }).isPending;
  const peopleSettled = !useQuery({ ...customerPeopleQuery(read, id), enabled: !!scope }).isPending;
  if (!scope || !active) return null;
  const manages = managingRoles.includes(active.role);
  return (
    <div className="page">
      <CustomerHeading scope={scope} minerId={id} title={t('screens.customerSettings')} />
      <FeeSchedule scope={scope} minerId={id} manages={manages} />
      {feesSettled && <Details scope={scope} minerId={id} manages={manages} />}
      {feesSettled && detailSettled && <People scope={scope} minerId={id} manages={manages} />}
      {scope.kind === 'pool' && feesSettled && detailSettled && peopleSettled && (
        <PoolContracts poolId={scope.id} minerId={id} manages={manages} scope={scope} />
      )}
    </div>
  );
}

function PoolContracts({
  poolId,
  minerId,
  manages,
  scope,
}: {
  poolId: string;
  minerId: string;
  manages: boolean;
  scope: CustomerScope;
}) {
  const customer = useQuery(customerQuery(scope, minerId));
  if (!customer.data) return null;
  return (
    <VirtualMiningContractsSection
      poolId={poolId}
      minerId={minerId}
      accountName={customer.data.account_name}
      canChange={manages}
    />
  );
}

function FeeSchedule({ scope, minerId, manages }: { scope: CustomerScope; minerId: string; manages: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const locale = currentLocale();
  const client = useQueryClient();
  const fees = useQuery(customerFeesQuery(scope, minerId));
  const [open, setOpen] = useState(false);
  const [percent, setPercent] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ percent?: string; comment?: string }>({});
  const [submitError, setSubmitError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [openedAt] = useState(() => Date.now());
  const startsOn = nextUtcDay(openedAt);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitError(undefined);
    const value = Number(percent.replace(',', '.'));
    if (percent.trim() === '') return setErrors({ percent: formMessageText(t, formMessage.required) });
    if (!(value >= 0 && value <= 100)) return setErrors({ percent: t('customers.feeRange') });
    setErrors({});
    setBusy(true);
    try {
      const fee = await setCustomerFee(scope, minerId, {
        percent: value,
        ...(comment.trim() ? { comment: comment.trim() } : {}),
      });
      toast.success(t('customers.fees.saved', { percent: formatPercent(fee.percent, locale), day: fee.start_date }));
      setOpen(false);
      setPercent('');
      setComment('');
      await client.invalidateQueries({ queryKey: [customersKey] });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'additional_authentication_required') return;
      if (error instanceof ApiError && error.fields.length > 0) {
        setErrors(
          Object.fromEntries(
            error.fields.map((field) => [field.field === 'comment' ? 'comment' : 'percent', serverText(t, field.text)]),
          ),
        );
      } else setSubmitError(failure(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby={`${id}-fees`}>
      <div className="card-heading">
        <h2 id={`${id}-fees`}>{t('customers.fees.title')}</h2>
        {manages && (
          <button type="button" className="button button-primary" onClick={() => setOpen(true)}>
            {t('customers.fees.set')}
          </button>
        )}
      </div>
      {fees.data && (
        <p data-fee-in-force>
          {fees.data.percent !== null
            ? t('customers.fees.inForce', { percent: formatPercent(fees.data.percent, locale) })
            : t('customers.fees.hidden')}
          {fees.data.poolPercent !== null && (
            <span className="muted small">
              {' '}
              {t('customers.fees.poolFee', { percent: formatPercent(fees.data.poolPercent, locale) })}
            </span>
          )}
        </p>
      )}
      {fees.isPending && <div className="chart-placeholder" aria-busy="true" />}
      {fees.data?.items.length === 0 && <p className="muted empty">{t('customers.fees.none')}</p>}
      {fees.data && fees.data.items.length > 0 && (
        <div className="table-scroll">
          <table className="table record-table fee-table">
            <thead>
              <tr>
                <th scope="col">{t('customers.fees.percent')}</th>
                <th scope="col">{t('customers.fees.start')}</th>
                <th scope="col">{t('customers.fees.end')}</th>
                <th scope="col" data-numeric>
                  {t('customers.fees.period')}
                </th>
                <th scope="col">{t('customers.fields.comment')}</th>
              </tr>
            </thead>
            <tbody>
              {fees.data.items.map((fee) => (
                <tr key={fee.id} data-fee-start={fee.start_date}>
                  <th scope="row" data-label={t('customers.fees.percent')}>
                    {formatPercent(fee.percent, locale)} %
                  </th>
                  <td data-label={t('customers.fees.start')}>{fee.start_date}</td>
                  <td data-label={t('customers.fees.end')}>{fee.end_date ?? '—'}</td>
                  <td data-numeric data-label={t('customers.fees.period')}>
                    {fee.period === null ? '—' : fee.period}
                  </td>
                  <td data-label={t('customers.fields.comment')}>{fee.comment ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LazyResponsiveDialog
        open={open}
        onOpenChange={setOpen}
        title={t('customers.fees.dialogTitle')}
        description={t('customers.fees.startsOn', { day: startsOn })}
      >
        <form className="customer-form" noValidate onSubmit={(event) => void submit(event)}>
          <FormField id={`${id}-percent`} label={t('customers.fields.fee')} error={errors.percent}>
            <input
              id={`${id}-percent`}
              name="percent"
              inputMode="decimal"
              value={percent}
              onChange={(event) => setPercent(event.target.value)}
            />
          </FormField>
          <FormField id={`${id}-comment`} label={t('customers.fields.comment')} error={errors.comment}>
            <input
              id={`${id}-comment`}
              name="comment"
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
          </FormField>
          <SubmitError message={submitError} />
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="button button-primary" disabled={busy}>
              {t('customers.fees.save')}
            </button>
          </div>
        </form>
      </LazyResponsiveDialog>
    </section>
  );
}

function Details({ scope, minerId, manages }: { scope: CustomerScope; minerId: string; manages: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  const customer = useQuery(customerQuery(scope, minerId));
  const [draft, setDraft] = useState<{ title: string; comment: string }>();
  const [submitError, setSubmitError] = useState<string>();
  if (!customer.data) return null;
  const values = draft ?? { title: customer.data.title ?? '', comment: customer.data.comment ?? '' };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitError(undefined);
    try {
      await updateCustomer(scope, minerId, {
        title: values.title.trim() || null,
        comment: values.comment.trim() || null,
      });
      toast.success(t('toasts.success'));
      setDraft(undefined);
      await client.invalidateQueries({ queryKey: [customersKey] });
    } catch (error) {
      setSubmitError(failure(t, error));
    }
  };
  return (
    <section className="card" aria-labelledby={`${id}-details`}>
      <h2 id={`${id}-details`}>{t('customers.details')}</h2>
      <form className="customer-form" onSubmit={(event) => void submit(event)}>
        <FormField id={`${id}-title`} label={t('customers.fields.title')} error={undefined}>
          <input
            id={`${id}-title`}
            name="title"
            value={values.title}
            disabled={!manages}
            onChange={(event) => setDraft({ ...values, title: event.target.value })}
          />
        </FormField>
        <FormField id={`${id}-comment`} label={t('customers.fields.comment')} error={undefined}>
          <input
            id={`${id}-comment`}
            name="comment"
            value={values.comment}
            disabled={!manages}
            onChange={(event) => setDraft({ ...values, comment: event.target.value })}
          />
        </FormField>
        <SubmitError message={submitError} />
        {manages && (
          <button type="submit" className="button" disabled={!draft}>
            {t('customers.save')}
          </button>
        )}
      </form>
    </section>
  );
}

function People({ scope, minerId, manages }: { scope: CustomerScope; minerId: string; manages: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  const people = useQuery(customerPeopleQuery(scope, minerId));
  const toggle = async (permissionId: string, hide: boolean) => {
    try {
      await setTotalFeeHide(scope, minerId, permissionId, hide);
      await client.invalidateQueries({ queryKey: [customersKey, scope.kind, scope.id, minerId, 'people'] });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'additional_authentication_required') return;
      toast.error(failure(t, error));
    }
  };
  if (people.isError) return null;
  return (
    <section className="card" aria-labelledby={`${id}-people`}>
      <h2 id={`${id}-people`}>{t('customers.people.title')}</h2>
      {people.data?.items.length === 0 && <p className="muted empty">{t('customers.people.none')}</p>}
      <ul className="customer-people">
        {(people.data?.items ?? []).map((person) => (
          <li key={person.id} data-person={person.email}>
            <span>
              <strong>{person.email}</strong> <span className="muted small">{t(`roles.${person.role}`)}</span>
            </span>
            {scope.kind === 'operator' && (
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={person.total_fee_hide}
                  disabled={!manages}
                  onChange={(event) => void toggle(person.id, event.target.checked)}
                />{' '}
                {t('customers.fields.totalFeeHide')}
              </label>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
