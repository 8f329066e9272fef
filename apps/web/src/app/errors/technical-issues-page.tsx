import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

export interface TechnicalIssuesState {
  reason?: string;
  /** The page that failed; the back button loads it again from scratch. */
  from?: string;
}

/** Spec 2: a code, a title, a description and a back button that reloads the document. */
export function TechnicalIssuesPage() {
  const { t } = useTranslation();
  const state = useLocation().state as TechnicalIssuesState | null;
  return (
    <main className="error-page">
      <p className="error-code">500</p>
      <h1>{t('errors.technicalIssues.title')}</h1>
      <p className="muted">{t('errors.technicalIssues.description')}</p>
      {state?.reason && <p className="error-reason">{state.reason}</p>}
      <button
        type="button"
        className="button button-primary"
        onClick={() => window.location.assign(state?.from ?? '/')}
      >
        {t('errors.technicalIssues.back')}
      </button>
    </main>
  );
}
