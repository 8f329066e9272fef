import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '@/lib/clipboard.ts';
import { ApiError } from '@/lib/api-client.ts';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatBtc, formatPercent } from '@/lib/money/format.ts';
import { serverText } from '@/lib/server-errors.ts';
import { useEntryData } from '@/lib/use-entry-data.ts';
import { toast } from '@/components/toast/toast-store.ts';
import { QrCode } from '@/components/ui/qr-code.tsx';
import { formatDay } from '@/lib/format/time.ts';
import './sharing.css';
import {
  createReferrerCode,
  deleteReferrerCode,
  referralsQuery,
  referrerCodesQuery,
  sharingKey,
} from './sharing-api.ts';

/**
 * `/referrals` (spec 2): the miner's referral codes, each with its link, copy buttons ('Copied')
 * and a QR code; the accounts that signed up through them and what each brought the miner, a
 * share of the pool's fee from each for the pool's number of days.
 */
export function ReferralsPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const client = useQueryClient();
  const { active } = useEntryData();
  const minerId = active?.type === 'miner' ? active.account_id : '';
  const codes = useQuery({ ...referrerCodesQuery(minerId), enabled: minerId !== '' });
  const referrals = useQuery({ ...referralsQuery(minerId), enabled: minerId !== '' });
  const [busy, setBusy] = useState(false);
  if (active?.type !== 'miner') return null;

  const refresh = () => client.invalidateQueries({ queryKey: [sharingKey, minerId] });
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      await refresh();
    } catch (error) {
      toast.error(error instanceof ApiError ? serverText(t, error.message) : t('toasts.somethingWentWrong'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page">
      <div className="page-heading">
        <h1 className="page-title">{t('screens.referrals')}</h1>
        <span className="muted">{t('mining.scope.miner', { name: active.account_name })}</span>
      </div>
      <section className="card referral-codes" aria-labelledby="referral-codes-title">
        <div className="card-heading">
          <h2 id="referral-codes-title">{t('sharing.referrals.codes')}</h2>
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => void run(() => createReferrerCode(minerId))}
          >
            {t('sharing.referrals.create')}
          </button>
        </div>
        {codes.data && (
          <p className="muted">
            {t('sharing.referrals.terms', {
              percent: formatPercent(codes.data.percent, locale),
              days: codes.data.days,
            })}
          </p>
        )}
        {codes.isPending && <div className="chart-placeholder" aria-busy="true" />}
        {codes.data?.items.length === 0 && <p className="muted empty">{t('sharing.referrals.noCodes')}</p>}
        <ul className="referral-code-list">
          {codes.data?.items.map((code) => (
            <li key={code.id} className="referral-code" data-code={code.code}>
              <div className="referral-code-text">
                <span className="muted small">{t('sharing.referrals.code')}</span>
                <strong className="mono">{code.code}</strong>
                <span className="muted small">{t('sharing.referrals.link')}</span>
                <span className="mono small referral-link">{code.link}</span>
                <div className="referral-actions">
                  <button type="button" className="button button-small" onClick={() => void copyToClipboard(code.code)}>
                    {t('sharing.referrals.copyCode')}
                  </button>
                  <button type="button" className="button button-small" onClick={() => void copyToClipboard(code.link)}>
                    {t('sharing.referrals.copyLink')}
                  </button>
                  <button
                    type="button"
                    className="button button-small button-ghost"
                    disabled={busy}
                    aria-label={t('sharing.referrals.deleteCode', { code: code.code })}
                    onClick={() => void run(() => deleteReferrerCode(minerId, code.id))}
                  >
                    {t('common.delete')}
                  </button>
                </div>
              </div>
              <QrCode value={code.link} label={t('sharing.referrals.qr', { code: code.code })} />
            </li>
          ))}
        </ul>
      </section>
      {/* Under the codes, so it shows once they and its own list have their answers: the codes'
          list would push it down, and its figure would grow its heading. */}
      {!codes.isPending && !referrals.isPending && (
        <section className="card" aria-labelledby="referred-title">
          <div className="card-heading">
            <h2 id="referred-title">{t('sharing.referrals.referred')}</h2>
            {referrals.data && (
              <span className="figure-value" data-earned>
                {t('sharing.referrals.earned', { amount: formatBtc(referrals.data.earned, locale) })}
              </span>
            )}
          </div>
          {referrals.data?.items.length === 0 && <p className="muted empty">{t('sharing.referrals.noReferred')}</p>}
          {referrals.data && referrals.data.items.length > 0 && (
            <div className="table-scroll">
              <table className="table record-table">
                <thead>
                  <tr>
                    <th scope="col">{t('sharing.referrals.columns.account')}</th>
                    <th scope="col">{t('sharing.referrals.columns.code')}</th>
                    <th scope="col">{t('sharing.referrals.columns.since')}</th>
                    <th scope="col">{t('sharing.referrals.columns.until')}</th>
                    <th scope="col" data-numeric>
                      {t('sharing.referrals.columns.earned')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {referrals.data.items.map((referral) => (
                    <tr key={`${referral.account_name}`}>
                      <th scope="row" data-label={t('sharing.referrals.columns.account')} className="record-title">
                        {referral.account_name}
                      </th>
                      <td data-label={t('sharing.referrals.columns.code')} className="mono">
                        {referral.code}
                      </td>
                      <td data-label={t('sharing.referrals.columns.since')}>{formatDay(referral.starts_on, locale)}</td>
                      <td data-label={t('sharing.referrals.columns.until')}>{formatDay(referral.ends_on, locale)}</td>
                      <td data-numeric data-label={t('sharing.referrals.columns.earned')} className="record-amount">
                        {formatBtc(referral.earned, locale)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
