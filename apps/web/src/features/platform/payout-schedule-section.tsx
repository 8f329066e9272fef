import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { feeLevels, type FeeLevel } from '@pool/contract/payout-codes';
import type { PayoutSchedule, PayoutSchedules } from '@pool/contract/payouts';
import { SubmitError } from '@/components/form/form-errors.tsx';
import { toast } from '@/components/toast/toast-store.ts';
import { ApiError } from '@/lib/api-client.ts';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { serverText } from '@/lib/server-errors.ts';
import { clearFeePerVbyte, payoutsQueryKey, setSchedule } from './payouts-api.ts';
import { formatDay } from '@/lib/format/time.ts';

/** A fee per vbyte as typed: empty means the level's estimate; otherwise above 0, at most 10 000. */
export function parseFeePerVbyte(text: string): { fee: number | null } | { error: string } {
  const compact = text.trim().replace(',', '.');
  if (compact === '') return { fee: null };
  if (!/^\d+(\.\d+)?$/.test(compact)) return { error: 'validation.decimal' };
  const fee = Number(compact);
  if (fee <= 0) return { error: 'platform.payouts.feeTooLow' };
  if (fee > 10_000) return { error: 'platform.payouts.feeTooHigh' };
  return { fee };
}

/** Spec 3 "Payout schedule": the next run (date, UTC time, fee), editable, and the ones already sent. */
export function PayoutScheduleSection({ schedules }: { schedules: PayoutSchedules }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const current = schedules.current;
  return (
    <section className="card" aria-labelledby="payout-schedule-title">
      <h2 id="payout-schedule-title">{t('platform.payouts.schedule')}</h2>
      <p className="muted small">
        {t('platform.payouts.mode', {
          mode: t(`platform.payouts.modes.${schedules.mode}`),
          network: schedules.network,
        })}
      </p>
      {current ? (
        <p data-testid="current-schedule">
          {t('platform.payouts.next', {
            day: formatDay(current.date, locale),
            time: current.time,
            level: t(`platform.payouts.levels.${current.fee_level}`),
          })}{' '}
          {current.fee_per_vbyte === null
            ? t('platform.payouts.levelEstimate')
            : t('platform.payouts.feeValue', { fee: current.fee_per_vbyte })}
        </p>
      ) : (
        <p className="muted">{t('platform.payouts.noSchedule')}</p>
      )}
      <ScheduleForm
        key={
          current
            ? `${current.id}:${current.date}:${current.time}:${current.fee_level}:${current.fee_per_vbyte}`
            : 'none'
        }
        current={current}
      />
      {schedules.past.length > 0 && (
        <>
          <h3>{t('platform.payouts.past')}</h3>
          <ul className="plain-list">
            {schedules.past.map((schedule) => (
              <li key={schedule.id}>
                {formatDay(schedule.date, locale)} {schedule.time} UTC ·{' '}
                {t(`platform.payouts.levels.${schedule.fee_level}`)}
                {schedule.fee_per_vbyte !== null &&
                  ` · ${t('platform.payouts.feeValue', { fee: schedule.fee_per_vbyte })}`}
                {schedule.processed_at && (
                  <span className="muted small">
                    {' '}
                    ·{' '}
                    {t('platform.payouts.processedAt', {
                      time: new Date(schedule.processed_at).toISOString().slice(0, 16).replace('T', ' '),
                    })}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Edits the current schedule; a critical change behind the verification dialog (the API client asks). */
function ScheduleForm({ current }: { current: PayoutSchedule | null }) {
  const { t } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  const [date, setDate] = useState(current?.date ?? '');
  const [time, setTime] = useState(current?.time ?? '14:00');
  const [level, setLevel] = useState<FeeLevel>(current?.fee_level ?? 'MEDIUM');
  const [fee, setFee] = useState(current?.fee_per_vbyte === null || !current ? '' : String(current.fee_per_vbyte));
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const parsedFee = parseFeePerVbyte(fee);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setErrors({});
    try {
      await action();
      toast.success(done);
      await client.invalidateQueries({ queryKey: payoutsQueryKey });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'additional_authentication_required') return;
      if (error instanceof ApiError && error.fields.length) {
        setErrors(Object.fromEntries(error.fields.map((field) => [field.field, serverText(t, field.text)])));
      } else {
        setErrors({ form: error instanceof ApiError ? serverText(t, error.message) : t('toasts.somethingWentWrong') });
      }
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) local.date = t('validation.required');
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) local.time = t('validation.required');
    if ('error' in parsedFee) local.fee_per_vbyte = t(parsedFee.error);
    setErrors(local);
    if (Object.keys(local).length || 'error' in parsedFee) return;
    void run(
      () => setSchedule({ date, time, fee_level: level, fee_per_vbyte: parsedFee.fee }),
      t('platform.payouts.scheduleSaved'),
    );
  };

  const fieldErrors = (name: string) =>
    errors[name] ? (
      <ul className="field-errors">
        <li>{errors[name]}</li>
      </ul>
    ) : null;

  return (
    <form className="inline-form schedule-form" noValidate onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-date`}>{t('platform.payouts.date')}</label>
        <input
          id={`${id}-date`}
          type="date"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          aria-invalid={errors.date ? true : undefined}
        />
        {fieldErrors('date')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-time`}>{t('platform.payouts.time')}</label>
        <input
          id={`${id}-time`}
          type="time"
          value={time}
          onChange={(event) => setTime(event.target.value)}
          aria-invalid={errors.time ? true : undefined}
        />
        {fieldErrors('time')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-level`}>{t('platform.payouts.feeLevel')}</label>
        <select id={`${id}-level`} value={level} onChange={(event) => setLevel(event.target.value as FeeLevel)}>
          {feeLevels.map((option) => (
            <option key={option} value={option}>
              {t(`platform.payouts.levels.${option}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-fee`}>{t('platform.payouts.feePerVbyte')}</label>
        <input
          id={`${id}-fee`}
          inputMode="decimal"
          autoComplete="off"
          value={fee}
          aria-describedby={`${id}-fee-hint`}
          aria-invalid={errors.fee_per_vbyte ? true : undefined}
          onChange={(event) => setFee(event.target.value)}
        />
        {fieldErrors('fee_per_vbyte')}
        <p className="field-hint" id={`${id}-fee-hint`}>
          {t('platform.payouts.feeHint')}
        </p>
      </div>
      <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
        {t('platform.payouts.saveSchedule')}
      </button>
      {current?.fee_per_vbyte !== null && current && (
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => void run(clearFeePerVbyte, t('platform.payouts.estimateRestored'))}
        >
          {t('platform.payouts.useEstimate')}
        </button>
      )}
      <SubmitError message={errors.form} />
    </form>
  );
}
