import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { VirtualMiningContract, VirtualMiningContractBody } from '@pool/contract/sharing';
import { SubmitError } from '@/components/form/form-errors.tsx';
import { toast } from '@/components/toast/toast-store.ts';
import { Pager } from '@/components/ui/pager.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { formatHashrate } from '@/lib/format/hashrate.ts';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatPercent } from '@/lib/money/format.ts';
import { serverText } from '@/lib/server-errors.ts';
import { formMessage, formMessageText } from '@/lib/form-messages.ts';
import {
  contractsPerPage,
  contractsQuery,
  createContract,
  endContract,
  virtualMiningKey,
} from './virtual-mining-api.ts';
import './virtual-mining.css';
import { dateTimeFormat } from '@/lib/format/formatters.ts';

type Field = 'donor' | 'recipient' | 'share' | 'fixed' | 'starts' | 'ends';
type Kind = 'share' | 'fixed';

/** The server's field names, mapped onto the form's inputs. */
const fieldOfServer: Record<string, Field> = {
  donor_account_name: 'donor',
  recipient_account_name: 'recipient',
  hash_rate_share: 'share',
  fixed_hash_rate: 'fixed',
  starts_at: 'starts',
  ends_at: 'ends',
};

const terahash = 1e12;

/** A `datetime-local` value read as UTC ("2026-11-27T00:00"), or NaN. */
export const utcInputToMillis = (value: string): number => (value ? Date.parse(`${value}:00Z`) : NaN);
/** The next 00:00 UTC as a `datetime-local` value: a contract set now starts then unless changed. */
export const nextUtcMidnightInput = (now: number): string => {
  const day = new Date(now);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1)).toISOString().slice(0, 16);
};

interface Draft {
  donor: string;
  recipient: string;
  kind: Kind;
  share: string;
  fixed: string;
  starts: string;
  ends: string;
}

/**
 * What the form holds, checked as the server will check it; the message keys of what is wrong, or
 * the body to send. Shares are typed in percent (two decimals at most), fixed rates in TH/s, times in UTC.
 */
export function contractBodyOf(
  draft: Draft,
): { body: VirtualMiningContractBody } | { errors: Partial<Record<Field, string>> } {
  const errors: Partial<Record<Field, string>> = {};
  const number = (text: string) => Number(text.trim().replace(',', '.'));
  if (draft.donor.trim() === '') errors.donor = formMessage.required;
  if (draft.recipient.trim() === '') errors.recipient = formMessage.required;
  else if (draft.recipient.trim() === draft.donor.trim()) errors.recipient = 'virtualMining.errors.self';
  const share = number(draft.share);
  const fixed = number(draft.fixed);
  if (draft.kind === 'share') {
    if (draft.share.trim() === '') errors.share = formMessage.required;
    else if (!/^\d+([.,]\d{1,2})?$/.test(draft.share.trim())) errors.share = formMessage.decimal;
    else if (!(share > 0 && share <= 100)) errors.share = 'virtualMining.errors.shareRange';
  } else if (draft.fixed.trim() === '') errors.fixed = formMessage.required;
  else if (!Number.isFinite(fixed)) errors.fixed = formMessage.decimal;
  else if (!(fixed > 0)) errors.fixed = formMessage.greaterThan(0);
  const starts = utcInputToMillis(draft.starts);
  const ends = utcInputToMillis(draft.ends);
  if (Number.isNaN(starts)) errors.starts = formMessage.required;
  if (draft.ends !== '' && !Number.isNaN(starts) && !(ends > starts))
    errors.ends = 'virtualMining.errors.endsAfterStart';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      donor_account_name: draft.donor.trim(),
      recipient_account_name: draft.recipient.trim(),
      hash_rate_share: draft.kind === 'share' ? Math.round(share * 100) / 10_000 : null,
      fixed_hash_rate: draft.kind === 'fixed' ? fixed * terahash : null,
      starts_at: new Date(starts).toISOString(),
      ends_at: draft.ends === '' ? null : new Date(ends).toISOString(),
    },
  };
}

const utcTime = (at: string, locale: string) =>
  dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(at));

/**
 * Virtual-mining contracts of the pool (spec 2 /transfers, spec 3 worker behaviour `boundary`): the
 * list, newest start first, a form that creates one with a field error under each input, and the
 * end of a contract. Only for pool staff: the server lets its managing roles change contracts, with
 * the verification dialog. With `minerId`, only the contracts that miner gives or receives under,
 * and the form proposes `accountName` as the recipient (the customer's settings screen).
 *
 * It lives in components/ because two screens mount it (/transfers of a pool account, and a
 * customer's settings), and a screen never imports another screen.
 */
export function VirtualMiningContractsSection({
  poolId,
  minerId,
  accountName,
  canChange = true,
}: {
  poolId: string;
  minerId?: string;
  accountName?: string;
  /** Whether the caller's role manages the pool (admin, owner): without it, the list only. */
  canChange?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const locale = currentLocale();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery(contractsQuery(poolId, minerId, page));
  const [openedAt] = useState(() => Date.now());
  const empty: Draft = {
    donor: '',
    recipient: accountName ?? '',
    kind: 'share',
    share: '',
    fixed: '',
    starts: nextUtcMidnightInput(openedAt),
    ends: '',
  };
  const [draft, setDraft] = useState<Draft>(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitError, setSubmitError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: [virtualMiningKey, poolId] });
  const edit = (change: Partial<Draft>) => {
    setDraft({ ...draft, ...change });
    const cleared = { ...errors };
    for (const key of Object.keys(change) as (keyof Draft)[]) if (key !== 'kind') delete cleared[key];
    setErrors(cleared);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitError(undefined);
    const checked = contractBodyOf(draft);
    if ('errors' in checked) {
      setErrors(
        Object.fromEntries(
          Object.entries(checked.errors).map(([field, message]) => [field, formMessageText(t, message)]),
        ),
      );
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const made = await createContract(poolId, checked.body);
      toast.success(
        t('virtualMining.created', {
          donor: made.donor_account_name,
          recipient: made.recipient_account_name,
          time: utcTime(made.starts_at, locale),
        }),
      );
      setDraft(empty);
      setPage(1);
      await refresh();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'additional_authentication_required') return;
      const byField: Partial<Record<Field, string>> = {};
      const unmatched: string[] = [];
      for (const field of error instanceof ApiError ? error.fields : []) {
        const key = fieldOfServer[field.field];
        if (key) byField[key] = serverText(t, field.text);
        else unmatched.push(serverText(t, field.text));
      }
      setErrors(byField);
      if (Object.keys(byField).length === 0 || unmatched.length > 0) {
        setSubmitError(
          unmatched[0] ?? (error instanceof ApiError ? serverText(t, error.message) : t('toasts.somethingWentWrong')),
        );
      }
    } finally {
      setBusy(false);
    }
  };

  const end = async (contract: VirtualMiningContract) => {
    try {
      await endContract(poolId, contract.id);
      toast.success(
        t('virtualMining.endedToast', {
          donor: contract.donor_account_name,
          recipient: contract.recipient_account_name,
        }),
      );
    } catch (error) {
      if (error instanceof ApiError && error.code === 'additional_authentication_required') return;
      toast.error(error instanceof ApiError ? serverText(t, error.message) : t('toasts.somethingWentWrong'));
    }
    await refresh();
  };

  const total = list.data?.total ?? 0;
  const errorOf = (field: Field) =>
    errors[field] ? (
      <ul className="field-errors" id={`${id}-${field}-error`}>
        <li>{errors[field]}</li>
      </ul>
    ) : null;
  const invalid = (field: Field) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${field}-error` } : {};

  return (
    <section className="card virtual-mining" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('virtualMining.title')}</h2>
      <p className="muted">{t('virtualMining.lead')}</p>
      {list.isPending && <div className="chart-placeholder" aria-busy="true" />}
      {list.isError && <p className="muted">{t('toasts.somethingWentWrong')}</p>}
      {list.data?.items.length === 0 && <p className="muted empty">{t('virtualMining.none')}</p>}
      {list.data && list.data.items.length > 0 && (
        <>
          <div className="table-scroll">
            <table className="table record-table contract-table">
              <thead>
                <tr>
                  <th scope="col">{t('virtualMining.columns.donor')}</th>
                  <th scope="col">{t('virtualMining.columns.recipient')}</th>
                  <th scope="col" data-numeric>
                    {t('virtualMining.columns.hashRate')}
                  </th>
                  <th scope="col">{t('virtualMining.columns.starts')}</th>
                  <th scope="col">{t('virtualMining.columns.ends')}</th>
                  <th scope="col">{t('virtualMining.columns.status')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((contract) => (
                  <tr key={contract.id} data-contract={contract.id} data-status={contract.status}>
                    <th scope="row" data-label={t('virtualMining.columns.donor')} className="record-title">
                      {contract.donor_account_name}
                    </th>
                    <td data-label={t('virtualMining.columns.recipient')}>{contract.recipient_account_name}</td>
                    <td data-numeric data-label={t('virtualMining.columns.hashRate')}>
                      {contract.hash_rate_share !== null
                        ? t('virtualMining.shareOf', { percent: formatPercent(contract.hash_rate_share * 100, locale) })
                        : formatHashrate(contract.fixed_hash_rate ?? 0, locale)}
                    </td>
                    <td data-label={t('virtualMining.columns.starts')}>
                      <time dateTime={contract.starts_at}>{utcTime(contract.starts_at, locale)}</time>
                    </td>
                    <td data-label={t('virtualMining.columns.ends')}>
                      {contract.ends_at ? (
                        <time dateTime={contract.ends_at}>{utcTime(contract.ends_at, locale)}</time>
                      ) : (
                        t('virtualMining.openEnded')
                      )}
                    </td>
                    <td data-label={t('virtualMining.columns.status')} className="record-status">
                      <span className="contract-status">
                        <span className="badge">{t(`virtualMining.status.${contract.status}`)}</span>
                        {canChange && contract.status !== 'ended' && (
                          <button
                            type="button"
                            className="button button-small button-ghost"
                            aria-label={t('virtualMining.endOf', {
                              donor: contract.donor_account_name,
                              recipient: contract.recipient_account_name,
                            })}
                            onClick={() => void end(contract)}
                          >
                            {t('virtualMining.end')}
                          </button>
                        )}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {total > contractsPerPage && (
            <Pager
              summaryKey="virtualMining.range"
              page={page}
              perPage={contractsPerPage}
              total={total}
              onPage={setPage}
            />
          )}
        </>
      )}
      {canChange && (
        <form
          className="contract-form"
          noValidate
          aria-label={t('virtualMining.create')}
          onSubmit={(event) => void submit(event)}
        >
          <h3>{t('virtualMining.create')}</h3>
          <div className="contract-form-grid">
            <div className="field">
              <label htmlFor={`${id}-donor`}>{t('virtualMining.donor')}</label>
              <input
                id={`${id}-donor`}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={draft.donor}
                {...invalid('donor')}
                onChange={(event) => edit({ donor: event.target.value })}
              />
              {errorOf('donor')}
            </div>
            <div className="field">
              <label htmlFor={`${id}-recipient`}>{t('virtualMining.recipient')}</label>
              <input
                id={`${id}-recipient`}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={draft.recipient}
                {...invalid('recipient')}
                onChange={(event) => edit({ recipient: event.target.value })}
              />
              {errorOf('recipient')}
            </div>
            <fieldset className="field contract-kind">
              <legend>{t('virtualMining.kind')}</legend>
              <div className="segmented">
                {(['share', 'fixed'] as const).map((kind) => (
                  <label key={kind}>
                    <input
                      type="radio"
                      name={`${id}-kind`}
                      value={kind}
                      checked={draft.kind === kind}
                      onChange={() => edit({ kind })}
                    />
                    {t(`virtualMining.kinds.${kind}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            {draft.kind === 'share' ? (
              <div className="field">
                <label htmlFor={`${id}-share`}>{t('virtualMining.share')}</label>
                <input
                  id={`${id}-share`}
                  inputMode="decimal"
                  autoComplete="off"
                  value={draft.share}
                  {...invalid('share')}
                  onChange={(event) => edit({ share: event.target.value })}
                />
                {errorOf('share')}
              </div>
            ) : (
              <div className="field">
                <label htmlFor={`${id}-fixed`}>{t('virtualMining.fixed')}</label>
                <input
                  id={`${id}-fixed`}
                  inputMode="decimal"
                  autoComplete="off"
                  value={draft.fixed}
                  {...invalid('fixed')}
                  onChange={(event) => edit({ fixed: event.target.value })}
                />
                {errorOf('fixed')}
              </div>
            )}
            <div className="field">
              <label htmlFor={`${id}-starts`}>{t('virtualMining.starts')}</label>
              <input
                id={`${id}-starts`}
                type="datetime-local"
                value={draft.starts}
                {...invalid('starts')}
                onChange={(event) => edit({ starts: event.target.value })}
              />
              {errorOf('starts')}
            </div>
            <div className="field">
              <label htmlFor={`${id}-ends`}>{t('virtualMining.ends')}</label>
              <input
                id={`${id}-ends`}
                type="datetime-local"
                value={draft.ends}
                {...invalid('ends')}
                onChange={(event) => edit({ ends: event.target.value })}
              />
              {errorOf('ends')}
              <p className="field-hint">{t('virtualMining.endsHint')}</p>
            </div>
          </div>
          <div className="contract-actions">
            <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
              {t('virtualMining.submit')}
            </button>
          </div>
          <SubmitError message={submitError} />
        </form>
      )}
    </section>
  );
}
