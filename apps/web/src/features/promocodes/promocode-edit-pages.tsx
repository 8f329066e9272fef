import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toast/toast-store.ts';
import { createPromoCode, promoCodeQuery, promoCodesKey, updatePromoCode } from './promocodes-api.ts';
import { draftOf, PromoCodeForm } from './promocode-form.tsx';

/** `/promocodes/create` (spec 2): a new code, typed or generated; a critical change (step-up). */
export function CreatePromoCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [openedAt] = useState(() => Date.now());
  return (
    <div className="page">
      <div className="page-heading">
        <h1 className="page-title">{t('screens.createPromocode')}</h1>
      </div>
      <section className="card">
        <PromoCodeForm
          initial={draftOf(undefined, openedAt)}
          submitLabel={t('promocodes.save')}
          onSave={async (body) => {
            const created = await createPromoCode(body);
            toast.success(t('promocodes.created', { code: created.code }));
            await client.invalidateQueries({ queryKey: promoCodesKey });
            await navigate(`/promocodes/${created.id}`, { replace: true });
          }}
        />
      </section>
    </div>
  );
}

/** `/promocodes/{id}` (spec 2): edit a code; uses already made keep their days. */
export function EditPromoCodePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const client = useQueryClient();
  const code = useQuery(promoCodeQuery(id));
  const [openedAt] = useState(() => Date.now());
  return (
    <div className="page">
      <div className="page-heading">
        <h1 className="page-title">{t('screens.editPromocode')}</h1>
        {code.data && (
          <span className="muted">{t('promocodes.usedTimes', { uses: code.data.used, code: code.data.code })}</span>
        )}
      </div>
      <section className="card">
        {code.isPending && <div className="chart-placeholder" aria-busy="true" />}
        {code.isError && (
          <p className="notice" data-type="error">
            {t('promocodes.notFound')}
          </p>
        )}
        {code.data && (
          <PromoCodeForm
            key={code.data.id}
            initial={draftOf(code.data, openedAt)}
            submitLabel={t('promocodes.save')}
            onSave={async (body) => {
              const saved = await updatePromoCode(id, body);
              toast.success(t('promocodes.saved', { code: saved.code }));
              await client.invalidateQueries({ queryKey: promoCodesKey });
            }}
          />
        )}
      </section>
    </div>
  );
}
