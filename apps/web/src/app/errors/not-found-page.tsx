import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Spec 2: a code, a title, a description and a back-to-main button. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="error-page">
      <p className="error-code">404</p>
      <h1>{t('errors.notFound.title')}</h1>
      <p className="muted">{t('errors.notFound.description')}</p>
      <Link className="button button-primary" to="/">
        {t('errors.notFound.back')}
      </Link>
    </main>
  );
}
