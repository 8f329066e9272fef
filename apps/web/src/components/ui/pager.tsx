import { useTranslation } from 'react-i18next';

/** Where a page of `perPage` rows stands in `total`: the page count (at least 1) and its 1-based first and last rows. */
export function pageWindow(
  page: number,
  perPage: number,
  total: number,
): { pages: number; first: number; last: number } {
  return {
    pages: Math.max(1, Math.ceil(total / perPage)),
    first: total === 0 ? 0 : (page - 1) * perPage + 1,
    last: Math.min(total, page * perPage),
  };
}

/** Previous and next page of a paged list, with what the page holds and where it stands. */
export function Pager({
  summary,
  page,
  pages,
  onPage,
}: {
  /** What the list shows, e.g. "1–20 of 57"; announced when it changes. */
  summary: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <span className="muted small" aria-live="polite">
        {summary}
      </span>
      <button type="button" className="button button-small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </button>
      <span className="small">{t('pager.pageOf', { page, pages })}</span>
      <button type="button" className="button button-small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
