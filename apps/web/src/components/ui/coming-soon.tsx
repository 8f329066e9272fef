import { useTranslation } from 'react-i18next';

/** A screen that a later issue builds; it names itself and says so, and nothing more. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1 className="page-title">{t(titleKey)}</h1>
      <p className="muted">{t('common.comingSoon')}</p>
    </section>
  );
}
