import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Spec 2: shown to people without two-factor — a title, a description and a button to settings. */
export function TwoFactorBanner() {
  const { t } = useTranslation();
  return (
    <section className="banner" aria-labelledby="two-factor-banner-title">
      <div>
        <h2 id="two-factor-banner-title">{t('twoFactorBanner.title')}</h2>
        <p>{t('twoFactorBanner.description')}</p>
      </div>
      <Link className="button button-primary" to="/settings#two-factor">
        {t('twoFactorBanner.submit')}
      </Link>
    </section>
  );
}
