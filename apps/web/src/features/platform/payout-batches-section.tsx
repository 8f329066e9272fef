import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { txidPattern } from '@pool/contract/payout-codes';
import type { PayoutBatch } from '@pool/contract/payouts';
import { SubmitError } from '@/components/form/form-errors.tsx';
import { toast } from '@/components/toast/toast-store.ts';
import { ApiError } from '@/lib/api-client.ts';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatBtc } from '@/lib/money/format.ts';
import { serverText } from '@/lib/server-errors.ts';
import {
  batchExportUrl,
  batchRequestsQuery,
  batchesQuery,
  completeBatch,
  failBatch,
  payoutsQueryKey,
  recordTxid,
} from './payouts-api.ts';

/**
 * Manual mode (no node): each batch to send by hand from the pool's wallet — its addresses and
 * amounts, the CSV for a wallet's batch send, then the txid, and the completion or the failure.
 */
export function PayoutBatchesSection() {
  const { t } = useTranslation();
  const batches = useQuery(batchesQuery);
  return (
    <section className="card" aria-labelledby="payout-batches-title">
      <h2 id="payout-batches-title">{t('platform.payouts.batches')}</h2>
      <p className="muted small">{t('platform.payouts.manualLead')}</p>
      {batches.data && batches.data.items.length === 0 && <p className="muted">{t('platform.payouts.noBatches')}</p>}
      {batches.data?.items.map((batch) => (
        <BatchCard key={batch.id} batch={batch} />
      ))}
    </section>
  );
}

function BatchCard({ batch }: { batch: PayoutBatch }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [open, setOpen] = useState(batch.status === 'created' || batch.status === 'sent');
  const requests = useQuery({ ...batchRequestsQuery(batch.id), enabled: open });
  return (
    <article className="batch" data-batch={batch.id} data-status={batch.status}>
      <h3>
        {t('platform.payouts.batchTitle', {
          time: new Date(batch.created_at).toISOString().slice(0, 16).replace('T', ' '),
        })}{' '}
        <span className="badge">{t(`platform.payouts.batchStatuses.${batch.status}`)}</span>
      </h3>
      <p>
        {t('platform.payouts.batchTotal', { count: batch.count, total: formatBtc(batch.total, locale) })}
        {batch.txid && <span className="payout-hash small"> · {batch.txid}</span>}
        {batch.failure && <span className="muted small"> · {batch.failure}</span>}
      </p>
      <div className="inline-form">
        <button type="button" className="button button-small" aria-expanded={open} onClick={() => setOpen(!open)}>
          {t('platform.payouts.addresses')}
        </button>
        <a className="button button-small" href={batchExportUrl(batch.id)} download>
          {t('platform.payouts.downloadCsv')}
        </a>
      </div>
      {open && requests.data && (
        <ul className="plain-list batch-addresses">
          {requests.data.items.map((request) => (
            <li key={request.id}>
              <span className="payout-hash">{request.address}</span> · {formatBtc(request.amount, locale)}{' '}
              <span className="muted small">({request.account_name})</span>
            </li>
          ))}
        </ul>
      )}
      {batch.mode === 'manual' && batch.status === 'created' && <TxidForm batchId={batch.id} />}
      {batch.mode === 'manual' && (batch.status === 'created' || batch.status === 'sent') && (
        <BatchOutcome batch={batch} />
      )}
    </article>
  );
}

/** Runs a critical batch change; the verification dialog comes from the API client. */
function useBatchAction() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field?: string; text: string }>();
  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      toast.success(done);
      await client.invalidateQueries({ queryKey: payoutsQueryKey });
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'additional_authentication_required') return;
      const field = caught instanceof ApiError ? caught.fields[0] : undefined;
      setError(
        field
          ? { field: field.field, text: serverText(t, field.text) }
          : { text: caught instanceof ApiError ? serverText(t, caught.message) : t('toasts.somethingWentWrong') },
      );
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

function TxidForm({ batchId }: { batchId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [txid, setTxid] = useState('');
  const { busy, error, setError, run } = useBatchAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = txid.trim().toLowerCase();
    if (!txidPattern.test(value)) return setError({ field: 'txid', text: t('platform.payouts.txidInvalid') });
    void run(() => recordTxid(batchId, value), t('platform.payouts.txidRecorded'));
  };
  return (
    <form className="inline-form" noValidate onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-txid`}>{t('platform.payouts.txid')}</label>
        <input
          id={`${id}-txid`}
          autoComplete="off"
          spellCheck={false}
          className="payout-hash"
          value={txid}
          aria-invalid={error?.field === 'txid' ? true : undefined}
          onChange={(event) => setTxid(event.target.value)}
        />
        {error?.field === 'txid' && (
          <ul className="field-errors">
            <li>{error.text}</li>
          </ul>
        )}
      </div>
      <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
        {t('platform.payouts.recordTxid')}
      </button>
      <SubmitError message={error && error.field !== 'txid' ? error.text : undefined} />
    </form>
  );
}

function BatchOutcome({ batch }: { batch: PayoutBatch }) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const { busy, error, setError, run } = useBatchAction();
  const fail = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError({ field: 'reason', text: t('validation.required') });
    void run(() => failBatch(batch.id, reason.trim()), t('platform.payouts.batchFailed'));
  };
  return (
    <form className="inline-form" noValidate onSubmit={fail}>
      {batch.status === 'sent' && (
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          onClick={() => void run(() => completeBatch(batch.id), t('platform.payouts.batchCompleted'))}
        >
          {t('platform.payouts.markCompleted')}
        </button>
      )}
      <div className="field">
        <label htmlFor={`${id}-reason`}>{t('platform.payouts.failReason')}</label>
        <input
          id={`${id}-reason`}
          autoComplete="off"
          value={reason}
          aria-invalid={error?.field === 'reason' ? true : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {error?.field === 'reason' && (
          <ul className="field-errors">
            <li>{error.text}</li>
          </ul>
        )}
      </div>
      <button type="submit" className="button button-danger" disabled={busy}>
        {t('platform.payouts.markFailed')}
      </button>
      <SubmitError message={error && error.field !== 'reason' ? error.text : undefined} />
    </form>
  );
}
