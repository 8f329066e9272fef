import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromoCode, PromoCodeBody } from '@pool/contract/sharing';
import { promoCodeStatuses, promoCodeTypes, promoFeeTypes } from '@pool/contract/sharing-codes';
import { SubmitError } from '@/components/form/form-errors.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { serverText } from '@/lib/server-errors.ts';
import { formMessage, formMessageText } from '@/lib/form-messages.ts';
import { generatePromoCode } from './promocodes-api.ts';
import './promocodes.css';

/** The form's inputs as typed; times are UTC (`YYYY-MM-DDTHH:mm`). */
export interface PromoCodeDraft {
  code: string;
  description: string;
  status: PromoCodeBody['status'];
  type: PromoCodeBody['type'];
  fee_type: PromoCodeBody['fee_type'];
  fee_percent: string;
  effective_from: string;
  effective_to: string;
  usage_limit: string;
  user_usage_limit: string;
  allowed_emails: string;
  duration_days: string;
  perpetual: boolean;
}

type Field = keyof PromoCodeDraft;
const fields: Field[] = [
  'code',
  'description',
  'status',
  'type',
  'fee_type',
  'fee_percent',
  'effective_from',
  'effective_to',
  'usage_limit',
  'user_usage_limit',
  'allowed_emails',
  'duration_days',
  'perpetual',
];

const utcInput = (iso: string) => iso.slice(0, 16);

export function draftOf(code: PromoCode | undefined, now: number): PromoCodeDraft {
  return {
    code: code?.code ?? '',
    description: code?.description ?? '',
    status: code?.status ?? 'active',
    type: code?.type ?? 'universal',
    fee_type: code?.fee_type ?? 'relative',
    fee_percent: code ? String(code.fee_percent) : '',
    effective_from: utcInput(code?.effective_from ?? new Date(now).toISOString()),
    effective_to: code?.effective_to ? utcInput(code.effective_to) : '',
    usage_limit: code?.usage_limit ? String(code.usage_limit) : '',
    user_usage_limit: code?.user_usage_limit ? String(code.user_usage_limit) : '',
    allowed_emails: (code?.allowed_emails ?? []).join('\n'),
    duration_days: code?.duration_days ? String(code.duration_days) : '',
    perpetual: code?.perpetual ?? false,
  };
}

const count = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** What the API takes, from the draft; numbers the server checks (a field error each). */
export function bodyOf(draft: PromoCodeDraft): PromoCodeBody {
  return {
    code: draft.code.trim(),
    description: draft.description.trim() === '' ? null : draft.description.trim(),
    status: draft.status,
    type: draft.type,
    fee_type: draft.fee_type,
    fee_percent: Number(draft.fee_percent.trim().replace(',', '.')),
    effective_from: `${draft.effective_from}:00Z`,
    effective_to: draft.effective_to ? `${draft.effective_to}:00Z` : null,
    usage_limit: count(draft.usage_limit),
    user_usage_limit: count(draft.user_usage_limit),
    allowed_emails: draft.allowed_emails
      .split(/[\s,;]+/)
      .map((email) => email.trim())
      .filter(Boolean),
    duration_days: draft.perpetual ? null : count(draft.duration_days),
    perpetual: draft.perpetual,
  };
}

/**
 * Create and edit a promo code (spec 3 "Promo code"): every rule the server checks shows as a field
 * error under its input; "Generate" asks the server for a fresh code nobody uses.
 */
export function PromoCodeForm({
  initial,
  submitLabel,
  onSave,
}: {
  initial: PromoCodeDraft;
  submitLabel: string;
  onSave: (body: PromoCodeBody) => Promise<void>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitError, setSubmitError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = <K extends Field>(field: K, value: PromoCodeDraft[K]) => setDraft({ ...draft, [field]: value });

  const generate = async () => {
    try {
      set('code', (await generatePromoCode()).code);
    } catch {
      setSubmitError(t('toasts.somethingWentWrong'));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitError(undefined);
    const found: Partial<Record<Field, string>> = {};
    for (const field of ['code', 'fee_percent', 'effective_from'] as const) {
      if (draft[field].trim() === '') found[field] = formMessageText(t, formMessage.required);
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onSave(bodyOf(draft));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'additional_authentication_required') return;
      const byField: Partial<Record<Field, string>> = {};
      let other: string | undefined;
      for (const field of error instanceof ApiError ? error.fields : []) {
        const name = fields.find((known) => field.field === known || field.field.startsWith(`${known}.`));
        if (name) byField[name] ??= serverText(t, field.text);
        else other = serverText(t, field.text);
      }
      setErrors(byField);
      if (Object.keys(byField).length === 0 || other) {
        setSubmitError(
          other ?? (error instanceof ApiError ? serverText(t, error.message) : t('toasts.somethingWentWrong')),
        );
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
  const input = (field: Field, label: string, extra: { type?: string; inputMode?: 'decimal' | 'numeric' } = {}) => (
    <div className="field">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input
        id={`${id}-${field}`}
        type={extra.type ?? 'text'}
        inputMode={extra.inputMode}
        autoComplete="off"
        value={String(draft[field])}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
        onChange={(event) => set(field, event.target.value)}
      />
      {errorOf(field)}
    </div>
  );
  const select = <V extends string>(
    field: Field,
    label: string,
    options: readonly V[],
    text: (value: V) => ReactNode,
  ) => (
    <div className="field">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <select id={`${id}-${field}`} value={String(draft[field])} onChange={(event) => set(field, event.target.value)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {text(option)}
          </option>
        ))}
      </select>
      {errorOf(field)}
    </div>
  );

  return (
    <form className="promo-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="promo-code-row">
        {input('code', t('promocodes.fields.code'))}
        <button type="button" className="button" onClick={() => void generate()}>
          {t('promocodes.generate')}
        </button>
      </div>
      {input('description', t('promocodes.fields.description'))}
      <div className="form-grid">
        {select('status', t('promocodes.fields.status'), promoCodeStatuses, (value) =>
          t(`promocodes.statuses.${value}`),
        )}
        {select('type', t('promocodes.fields.type'), promoCodeTypes, (value) => t(`promocodes.types.${value}`))}
        {select('fee_type', t('promocodes.fields.feeType'), promoFeeTypes, (value) =>
          t(`promocodes.feeTypes.${value}`),
        )}
        {input('fee_percent', t(`promocodes.fields.feePercent.${draft.fee_type}`), { inputMode: 'decimal' })}
        {input('effective_from', t('promocodes.fields.effectiveFrom'), { type: 'datetime-local' })}
        {input('effective_to', t('promocodes.fields.effectiveTo'), { type: 'datetime-local' })}
        {input('usage_limit', t('promocodes.fields.usageLimit'), { inputMode: 'numeric' })}
        {input('user_usage_limit', t('promocodes.fields.userUsageLimit'), { inputMode: 'numeric' })}
      </div>
      <div className="field">
        <label htmlFor={`${id}-allowed_emails`}>{t('promocodes.fields.allowedEmails')}</label>
        <textarea
          id={`${id}-allowed_emails`}
          rows={3}
          value={draft.allowed_emails}
          aria-invalid={errors.allowed_emails ? true : undefined}
          aria-describedby={`${id}-allowed_emails-hint`}
          onChange={(event) => set('allowed_emails', event.target.value)}
        />
        <p className="field-hint" id={`${id}-allowed_emails-hint`}>
          {t('promocodes.fields.allowedEmailsHint')}
        </p>
        {errorOf('allowed_emails')}
      </div>
      <div className="field field-checkbox">
        <input
          id={`${id}-perpetual`}
          type="checkbox"
          checked={draft.perpetual}
          onChange={(event) => set('perpetual', event.target.checked)}
        />
        <label htmlFor={`${id}-perpetual`}>{t('promocodes.fields.perpetual')}</label>
      </div>
      {!draft.perpetual && input('duration_days', t('promocodes.fields.durationDays'), { inputMode: 'numeric' })}
      {draft.perpetual && errorOf('duration_days')}
      <SubmitError message={submitError} />
      <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
