import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { numberFormat } from '@/lib/format/formatters.ts';

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

/**
 * Previous and next page of a paged list, with what the page holds and where it stands. The
 * summary is the list's own text (e.g. "{{first}}–{{last}} of {{total}}", "{{total}} codes"), given
 * the page's first and last rows and the total, formatted for the reader's locale. Without a total
 * (the list is still loading) there is no pager: under the list's placeholder it would count
 * nothing, and move when the list lands.
 */
export function Pager({
  summaryKey,
  page,
  perPage,
  total,
  onPage,
}: {
  summaryKey: string;
  /** The page shown, from 1. */
  page: number;
  perPage: number;
  total: number | undefined;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (total === undefined) return null;
  const { pages, first, last } = pageWindow(page, perPage, total);
  const number = numberFormat(currentLocale());
  const summary = t(summaryKey, {
    first: number.format(first),
    last: number.format(last),
    total: number.format(total),
  });
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
