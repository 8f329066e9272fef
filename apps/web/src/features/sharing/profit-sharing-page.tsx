import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SubmitError } from '@/components/form/form-errors.tsx';
import { toast } from '@/components/toast/toast-store.ts';
import { ApiError } from '@/lib/api-client.ts';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatPercent } from '@/lib/money/format.ts';
import { serverText } from '@/lib/server-errors.ts';
import { useEntryData } from '@/lib/use-entry-data.ts';
import { formMessage, formMessageText } from '@/lib/form-messages.ts';
import { formatDay } from '@/lib/format/time.ts';
import './sharing.css';
import { deleteProfitSplit, lookupMiner, profitSharingsQuery, setProfitSplit, sharingKey } from './sharing-api.ts';

/** The next 00:00 UTC as a day: a split set now starts then (spec 4). */
export const nextUtcDay = (now: number): string => {
  const today = new Date(now);
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1))
    .toISOString()
    .slice(0, 10);
};

type Field = 'account_name' | 'percent';

/**
 * `/profit-sharing` (spec 2 and 4): the miner's profit splits (recipient, percent, the day it
 * starts), a form that adds or changes one by the recipient's account name from the next 00:00
 * UTC, removal, and the referral share in force for the miner. Changes need the second factor.
 */
export function ProfitSharingPage() {
  const { t } = useTranslation();
  const id = useId();
  const locale = currentLocale();
  const client = useQueryClient();
  const { active } = useEntryData();
  const minerId = active?.type === 'miner' ? active.account_id : '';
  const splits = useQuery({ ...profitSharingsQuery(minerId), enabled: minerId !== '' });
  const [accountName, setAccountName] = useState('');
  const [percent, setPercent] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitError, setSubmitError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [openedAt] = useState(() => Date.now());
  if (active?.type !== 'miner') return null;
  const startsOn = nextUtcDay(openedAt);
  const refresh = () => client.invalidateQueries({ queryKey: [sharingKey, minerId, 'profit-sharings'] });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitError(undefined);
    const name = accountName.trim();
    const value = Number(percent.replace(',', '.'));
    const found: Partial<Record<Field, string>> = {};
    if (name === '') found.account_name = formMessageText(t, formMessage.required);
    if (percent.trim() === '') found.percent = formMessageText(t, formMessage.required);
    else if (!(value > 0 && value <= 100)) found.percent = t('sharing.splits.percentRange');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      let recipient;
      try {
        recipient = await lookupMiner(name);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          setErrors({ account_name: t('sharing.splits.noSuchAccount') });
          return;
        }
        throw error;
      }
      await setProfitSplit(minerId, recipient.id, value);
      toast.success(t('sharing.splits.saved', { account: recipient.account_name, day: formatDay(startsOn, locale) }));
      setAccountName('');
      setPercent('');
      await refresh();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'additional_authentication_required') return;
      if (error instanceof ApiError && error.fields.length > 0) {
        const byField: Partial<Record<Field, string>> = {};
        for (const field of error.fields) {
          const key: Field = field.field === 'percent' ? 'percent' : 'account_name';
          byField[key] = serverText(t, field.text);
        }
        setErrors(byField);
      } else {
        setSubmitError(error instanceof ApiError ? serverText(t, error.message) : t('toasts.somethingWentWrong'));
      }
    } finally {
      setBusy(false);
    }
  };

  const remove = async (recipient: string) => {
    try {
      await deleteProfitSplit(minerId, recipient);
      await refresh();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'additional_authentication_required') return;
      toast.error(error instanceof ApiError ? serverText(t, error.message) : t('toasts.somethingWentWrong'));
    }
  };

  const total = (splits.data?.items ?? []).reduce((sum, split) => sum + split.percent, 0);
  const settled = splits.data !== undefined || splits.isError;
  return (
    <div className="page">
      <div className="page-heading">
        <h1 className="page-title">{t('screens.profitSharing')}</h1>
        <span className="muted">{t('mining.scope.miner', { name: active.account_name })}</span>
      </div>
      <section className="card" aria-labelledby={`${id}-splits`}>
        <div className="card-heading">
          <h2 id={`${id}-splits`}>{t('sharing.splits.title')}</h2>
          <span className="muted" data-total>
            {t('sharing.splits.total', { percent: formatPercent(total, locale) })}
          </span>
        </div>
        <p className="muted">{t('sharing.splits.lead')}</p>
        {splits.isPending && <div className="chart-placeholder" aria-busy="true" />}
        {splits.data?.items.length === 0 && <p className="muted empty">{t('sharing.splits.none')}</p>}
        {splits.data && splits.data.items.length > 0 && (
          <ul className="split-list">
            {splits.data.items.map((split) => (
              <li key={split.recipient_miner_id} className="split" data-recipient={split.recipient_account_name}>
                <strong>{split.recipient_account_name}</strong>
                <span>{formatPercent(split.percent, locale)} %</span>
                <span className="muted small">
                  {t('sharing.splits.startsOn', { day: formatDay(split.starts_on, locale) })}
                </span>
                <button
                  type="button"
                  className="button button-small button-ghost"
                  aria-label={t('sharing.splits.remove', { account: split.recipient_account_name })}
                  onClick={() => void remove(split.recipient_miner_id)}
                >
                  {t('common.delete')}
                </button>
              </li>
            ))}
          </ul>
        )}
        {/* The form and the referral card come with the splits' answer, so nothing on screen moves (CLS). */}
        {settled && (
          <form className="inline-form split-form" noValidate onSubmit={(event) => void submit(event)}>
            <div className="field">
              <label htmlFor={`${id}-account`}>{t('sharing.splits.recipient')}</label>
              <input
                id={`${id}-account`}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={accountName}
                aria-invalid={errors.account_name ? true : undefined}
                onChange={(event) => setAccountName(event.target.value)}
              />
              {errors.account_name && (
                <ul className="field-errors">
                  <li>{errors.account_name}</li>
                </ul>
              )}
            </div>
            <div className="field">
              <label htmlFor={`${id}-percent`}>{t('sharing.splits.percent')}</label>
              <input
                id={`${id}-percent`}
                inputMode="decimal"
                value={percent}
                aria-invalid={errors.percent ? true : undefined}
                aria-describedby={`${id}-starts`}
                onChange={(event) => setPercent(event.target.value)}
              />
              {errors.percent && (
                <ul className="field-errors">
                  <li>{errors.percent}</li>
                </ul>
              )}
              <p className="field-hint" id={`${id}-starts`}>
                {t('sharing.splits.startsOn', { day: formatDay(startsOn, locale) })}
              </p>
            </div>
            <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
              {t('sharing.splits.save')}
            </button>
            <SubmitError message={submitError} />
          </form>
        )}
      </section>
      {settled && (
        <section className="card" aria-labelledby={`${id}-referral`}>
          <h2 id={`${id}-referral`}>{t('sharing.splits.referralTitle')}</h2>
          {splits.data?.referral ? (
            <p data-referral>
              {t('sharing.splits.referral', {
                account: splits.data.referral.referrer_account_name,
                percent: formatPercent(splits.data.referral.percent, locale),
                day: formatDay(splits.data.referral.ends_on, locale),
              })}
            </p>
          ) : (
            <p className="muted">{t('sharing.splits.noReferral')}</p>
          )}
        </section>
      )}
    </div>
  );
}
