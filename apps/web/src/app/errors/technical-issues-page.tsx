import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

export interface TechnicalIssuesState {
  reason?: string;
}

/** Spec 2: a code, a title, a description and a back button that reloads the document. */
export function TechnicalIssuesPage({ reason }: TechnicalIssuesState) {
  const { t } = useTranslation();
  const state = useLocation().state as TechnicalIssuesState | null;
  const shown = reason ?? state?.reason;
  return (
    <main className="error-page">
      <p className="error-code">500</p>
      <h1>{t('errors.technicalIssues.title')}</h1>
      <p className="muted">{t('errors.technicalIssues.description')}</p>
      {shown && <p className="error-reason">{shown}</p>}
      <button type="button" className="button button-primary" onClick={() => window.location.assign('/')}>
        {t('errors.technicalIssues.back')}
      </button>
    </main>
  );
}
