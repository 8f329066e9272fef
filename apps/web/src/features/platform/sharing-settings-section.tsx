import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SharingSettings } from '@pool/contract/sharing';
import { sharingSettingRules } from '@pool/contract/sharing-codes';
import { SubmitError } from '@/components/form/form-errors.tsx';
import { toast } from '@/components/toast/toast-store.ts';
import { ApiError } from '@/lib/api-client.ts';
import { platformQueryKey } from '@/lib/platform/platform-state.ts';
import { serverText } from '@/lib/server-errors.ts';
import { formMessage, formMessageText } from '@/lib/form-messages.ts';
import { setSharingSettings, sharingSettingsQuery } from './sharing-platform-api.ts';
import './sharing-platform.css';

type Field = keyof SharingSettings;
type Draft = Record<Field, string>;
const fields: Field[] = ['referral_percent', 'referral_days', 'welcome_days'];

/**
 * The settings as typed, checked as the server checks them: a percent from 0 to 100 with two
 * decimals at most, the referral days from 1 and the welcome days from 0, whole, at most 36,500;
 * the message keys of what is wrong, or the settings.
 */
export function sharingSettingsOf(
  draft: Draft,
): { settings: SharingSettings } | { errors: Partial<Record<Field, string>> } {
  const errors: Partial<Record<Field, string>> = {};
  const percent = draft.referral_percent.trim().replace(',', '.');
  if (percent === '') errors.referral_percent = formMessage.required;
  else if (!/^\d+(\.\d+)?$/.test(percent)) errors.referral_percent = formMessage.decimal;
  else if (!/^\d+(\.\d{1,2})?$/.test(percent)) errors.referral_percent = 'platform.sharingSettings.twoDecimals';
  else if (Number(percent) > 100) errors.referral_percent = 'platform.sharingSettings.percentRange';
  const days = (field: 'referral_days' | 'welcome_days', least: number) => {
    const text = draft[field].trim();
    if (text === '') errors[field] = formMessage.required;
    else if (!/^\d+$/.test(text)) errors[field] = formMessage.numeric;
    else if (Number(text) < least) errors[field] = formMessage.greaterOrEqual(least);
    else if (Number(text) > sharingSettingRules.maxDays) errors[field] = 'platform.sharingSettings.tooManyDays';
  };
  days('referral_days', 1);
  days('welcome_days', 0);
  if (Object.keys(errors).length > 0) return { errors };
  return {
    settings: {
      referral_percent: Number(percent),
      referral_days: Number(draft.referral_days.trim()),
      welcome_days: Number(draft.welcome_days.trim()),
    },
  };
}

const draftOf = (settings: SharingSettings): Draft => ({
  referral_percent: String(settings.referral_percent),
  referral_days: String(settings.referral_days),
  welcome_days: String(settings.welcome_days),
});

/**
 * Spec 2 referrals and promo codes: the pool's sharing settings a platform admin reads and changes
 * (the referrer's percent of the pool's fee and for how many days, the days a welcome code may be
 * applied after sign-up). Saving is a critical change; referrals already made keep their terms.
 */
export function SharingSettingsSection() {
  const { t } = useTranslation();
  const id = useId();
  const current = useQuery(sharingSettingsQuery);
  return (
    <section className="card sharing-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('platform.sharingSettings.title')}</h2>
      <p className="muted">{t('platform.sharingSettings.lead')}</p>
      {current.isPending && <div className="chart-placeholder" aria-busy="true" />}
      {current.isError && <p className="muted">{t('toasts.somethingWentWrong')}</p>}
      {current.data && <SharingSettingsForm settings={current.data} />}
    </section>
  );
}

function SharingSettingsForm({ settings }: { settings: SharingSettings }) {
  const { t } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitError, setSubmitError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitError(undefined);
    const checked = sharingSettingsOf(draft);
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
      const saved = await setSharingSettings(checked.settings);
      client.setQueryData([...platformQueryKey, 'sharing-settings'], saved);
      setDraft(draftOf(saved));
      toast.success(t('platform.sharingSettings.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'additional_authentication_required') return;
      const byField: Partial<Record<Field, string>> = {};
      for (const field of error instanceof ApiError ? error.fields : []) {
        if ((fields as string[]).includes(field.field)) byField[field.field as Field] = serverText(t, field.text);
      }
      setErrors(byField);
      if (Object.keys(byField).length === 0) {
        setSubmitError(error instanceof ApiError ? serverText(t, error.message) : t('toasts.somethingWentWrong'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="sharing-settings-form" noValidate onSubmit={(event) => void submit(event)}>
      {fields.map((field) => (
        <div className="field" key={field}>
          <label htmlFor={`${id}-${field}`}>{t(`platform.sharingSettings.${field}`)}</label>
          <input
            id={`${id}-${field}`}
            inputMode={field === 'referral_percent' ? 'decimal' : 'numeric'}
            autoComplete="off"
            value={draft[field]}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={`${errors[field] ? `${id}-${field}-error ` : ''}${id}-${field}-hint`}
            onChange={(event) => {
              setDraft({ ...draft, [field]: event.target.value });
              setErrors({ ...errors, [field]: undefined });
            }}
          />
          {errors[field] && (
            <ul className="field-errors" id={`${id}-${field}-error`}>
              <li>{errors[field]}</li>
            </ul>
          )}
          <p className="field-hint" id={`${id}-${field}-hint`}>
            {t(`platform.sharingSettings.hints.${field}`)}
          </p>
        </div>
      ))}
      <div className="sharing-settings-actions">
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
          {t('platform.sharingSettings.save')}
        </button>
      </div>
      <SubmitError message={submitError} />
    </form>
  );
}
