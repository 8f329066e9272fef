import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitError } from '@/components/form/form-errors.tsx';
import { toast } from '@/components/toast/toast-store.ts';
import { ApiError } from '@/lib/api-client.ts';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatBtc } from '@/lib/money/format.ts';
import { serverText } from '@/lib/server-errors.ts';
import { formMessage, formMessageText } from '@/lib/form-messages.ts';
import { topUp } from './sharing-platform-api.ts';
import './sharing-platform.css';

export type AmountUnit = 'btc' | 'sat';
type Field = 'account_name' | 'amount' | 'comment';

/** The most a top-up may credit, as the contract bounds it: every bitcoin there will be. */
const maxSatoshis = 2_100_000_000_000_000n;
export const maxCommentLength = 500;

/**
 * An amount as typed, in BTC (up to eight decimals, "." or ",") or in whole satoshis; the message key
 * of what is wrong, or the satoshis. Computed on digits, so no satoshi is rounded away.
 */
export function satoshisOf(text: string, unit: AmountUnit): { satoshis: number } | { error: string } {
  const compact = text.trim().replace(',', '.');
  if (compact === '') return { error: formMessage.required };
  if (unit === 'sat') {
    if (!/^\d+$/.test(compact)) return { error: 'platform.topUp.wholeSatoshis' };
  } else {
    if (!/^\d+(\.\d+)?$/.test(compact)) return { error: formMessage.decimal };
    if (!/^\d+(\.\d{1,8})?$/.test(compact)) return { error: 'platform.topUp.eightDecimals' };
  }
  const [whole = '0', fraction = ''] = compact.split('.');
  const satoshis = unit === 'sat' ? BigInt(compact) : BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0'));
  if (satoshis <= 0n) return { error: formMessage.greaterThan(0) };
  if (satoshis > maxSatoshis) return { error: 'platform.topUp.tooHigh' };
  return { satoshis: Number(satoshis) };
}

/**
 * Spec 3 `virtual_mining_topup`: a platform admin credits a miner, found by account name, out of
 * the pool's account with a comment. A critical change: the verification dialog opens when the
 * server asks, then the call runs again. One request id per filled form, so a retried call books
 * the credit once.
 */
export function TopUpSection() {
  const { t } = useTranslation();
  const id = useId();
  const locale = currentLocale();
  const [accountName, setAccountName] = useState('');
  const [amount, setAmount] = useState('');
  const [unit, setUnit] = useState<AmountUnit>('btc');
  const [comment, setComment] = useState('');
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitError, setSubmitError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitError(undefined);
    const found: Partial<Record<Field, string>> = {};
    if (accountName.trim() === '') found.account_name = formMessageText(t, formMessage.required);
    const parsed = satoshisOf(amount, unit);
    if ('error' in parsed) found.amount = formMessageText(t, parsed.error);
    if (comment.trim() === '') found.comment = formMessageText(t, formMessage.required);
    else if (comment.trim().length > maxCommentLength) {
      found.comment = formMessageText(t, formMessage.atMost(maxCommentLength));
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || 'error' in parsed) return;
    setBusy(true);
    try {
      const booked = await topUp({
        request_id: requestId,
        account_name: accountName.trim(),
        amount: parsed.satoshis,
        comment: comment.trim(),
      });
      toast.success(
        t('platform.topUp.done', { amount: formatBtc(booked.amount, locale), account: booked.account_name }),
      );
      setAccountName('');
      setAmount('');
      setComment('');
      setRequestId(crypto.randomUUID());
    } catch (error) {
      if (error instanceof ApiError && error.code === 'additional_authentication_required') return;
      const byField: Partial<Record<Field, string>> = {};
      for (const field of error instanceof ApiError ? error.fields : []) {
        if (field.field === 'account_name' || field.field === 'amount' || field.field === 'comment') {
          byField[field.field] = serverText(t, field.text);
        }
      }
      setErrors(byField);
      if (Object.keys(byField).length === 0) {
        setSubmitError(error instanceof ApiError ? serverText(t, error.message) : t('toasts.somethingWentWrong'));
      }
    } finally {
      setBusy(false);
    }
  };

  const errorOf = (field: Field) =>
    errors[field] ? (
      <ul className="field-errors" id={`${id}-${field}-error`}>
        <li>{errors[field]}</li>
      </ul>
    ) : null;
  const described = (field: Field, hint?: string) => {
    const ids = [errors[field] ? `${id}-${field}-error` : '', hint ?? ''].filter(Boolean).join(' ');
    return { 'aria-invalid': errors[field] ? (true as const) : undefined, 'aria-describedby': ids || undefined };
  };

  return (
    <section className="card top-up" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('platform.topUp.title')}</h2>
      <p className="muted">{t('platform.topUp.lead')}</p>
      <form className="top-up-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor={`${id}-account`}>{t('platform.topUp.account')}</label>
          <input
            id={`${id}-account`}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={accountName}
            {...described('account_name')}
            onChange={(event) => setAccountName(event.target.value)}
          />
          {errorOf('account_name')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-amount`}>{t('platform.topUp.amount')}</label>
          <div className="amount-input">
            <input
              id={`${id}-amount`}
              inputMode={unit === 'btc' ? 'decimal' : 'numeric'}
              autoComplete="off"
              value={amount}
              {...described('amount', `${id}-amount-hint`)}
              onChange={(event) => setAmount(event.target.value)}
            />
            <select
              aria-label={t('platform.topUp.unit')}
              value={unit}
              onChange={(event) => setUnit(event.target.value as AmountUnit)}
            >
              <option value="btc">BTC</option>
              <option value="sat">sat</option>
            </select>
          </div>
          {errorOf('amount')}
          <p className="field-hint" id={`${id}-amount-hint`}>
            {t('platform.topUp.amountHint')}
          </p>
        </div>
        <div className="field top-up-comment">
          <label htmlFor={`${id}-comment`}>{t('platform.topUp.comment')}</label>
          <textarea
            id={`${id}-comment`}
            rows={2}
            maxLength={maxCommentLength}
            value={comment}
            {...described('comment')}
            onChange={(event) => setComment(event.target.value)}
          />
          {errorOf('comment')}
        </div>
        <div className="top-up-actions">
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
            {t('platform.topUp.submit')}
          </button>
        </div>
        <SubmitError message={submitError} />
      </form>
    </section>
  );
}
