import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PromoCodeApplied } from '@pool/contract/sharing';
import { api, ApiError } from '@/lib/api-client.ts';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatPercent } from '@/lib/money/format.ts';
import { serverText } from '@/lib/server-errors.ts';

/** How long the typing rests before the code is asked about. */
const settleMs = 400;

/**
 * Registration's promo question (issue 15): whether the code typed applies to an account created
 * now, asked of `GET promocodes/check` before the person submits; the refusal is the server's
 * field error, shown under the input.
 */
export function PromoCodeCheck({ code, describedBy }: { code: string; describedBy: string }) {
  const { t } = useTranslation();
  const [settled, setSettled] = useState(code.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(code.trim()), settleMs);
    return () => clearTimeout(timer);
  }, [code]);
  const check = useQuery({
    queryKey: ['promocode-check', settled],
    queryFn: ({ signal }) => api<PromoCodeApplied>('/promocodes/check', { query: { code: settled }, signal }),
    enabled: settled !== '',
    retry: false,
    staleTime: 60_000,
  });
  if (settled === '' || settled !== code.trim()) return null;
  if (check.isPending) return null;
  if (check.isError) {
    const error = check.error;
    const refusal = error instanceof ApiError ? error.fields.find((field) => field.field === 'code') : undefined;
    return (
      <ul className="field-errors" id={describedBy} aria-live="polite">
        <li>{refusal ? serverText(t, refusal.text) : t('toasts.somethingWentWrong')}</li>
      </ul>
    );
  }
  const applied = check.data;
  const percent = formatPercent(applied.fee_percent, currentLocale());
  return (
    <p className="field-hint promo-applies" id={describedBy} aria-live="polite" data-applies>
      {applied.fee_type === 'absolute'
        ? t('auth.registration.promoAppliesAbsolute', { percent })
        : t('auth.registration.promoAppliesRelative', { percent })}{' '}
      {applied.ends_on === null
        ? t('auth.registration.promoPerpetual')
        : t('auth.registration.promoUntil', { day: applied.ends_on })}
    </p>
  );
}
