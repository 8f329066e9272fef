import { useEffect, useId, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePoolConfig } from '@/lib/config/use-pool-config.ts';
import { copyToClipboard } from '@/lib/clipboard.ts';
import { useEntryData } from '@/lib/use-entry-data.ts';
import { faqQuestions, isFaqQuestion, searchFaq, type FaqEntry } from './faq-questions.ts';
import { SupportContact } from './support-contact.tsx';
import './faq.css';

/** An example account name for the naming rule when the visitor acts for no miner account. */
const exampleAccount = 'account_name';

/**
 * `/faq` (spec 2): the product's answers about workers, hashrate, rewards, fees, payouts, two-factor
 * and watcher links, in the visitor's language and with this pool's own figures (stratum addresses,
 * fee). Searchable; each question opens from its own link, `/faq#<id>`.
 */
export function FaqPage() {
  const { t } = useTranslation();
  const id = useId();
  const config = usePoolConfig();
  const { active } = useEntryData();
  const { hash } = useLocation();
  const [query, setQuery] = useState('');
  const linked = decodeURIComponent(hash.replace(/^#/, ''));

  const stratum = config.addresses
    .filter((entry) => entry.type === 'stratum')
    .map((entry) => entry.address)
    .join(', ');
  const account = active?.type === 'miner' ? active.account_name : exampleAccount;
  const entries = useMemo<FaqEntry[]>(
    () =>
      faqQuestions.map((question) => ({
        id: question,
        question: t(`faq.items.${question}.q`),
        answer: t(`faq.items.${question}.a`, {
          stratum,
          example: `${account}.rig01`,
          fee: config.settings.default_fee_percent,
        }).split('\n\n'),
      })),
    [t, stratum, account, config.settings.default_fee_percent],
  );
  const shown = searchFaq(entries, query);

  useEffect(() => {
    const target = isFaqQuestion(linked) ? document.getElementById(linked) : null;
    // Browsers scroll to the anchor of a first load themselves, but not after a client navigation.
    if (target && typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'start' });
  }, [linked]);

  return (
    <div className="page faq-page">
      <div className="page-heading">
        <h1 className="page-title">{t('screens.faq')}</h1>
      </div>
      <p className="muted">{t('faq.lead')}</p>
      <div className="field faq-search">
        <label htmlFor={`${id}-search`}>{t('faq.search')}</label>
        <input
          id={`${id}-search`}
          type="search"
          value={query}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {shown.length === 0 && (
        <p className="muted" role="status">
          {t('faq.noMatch', { query: query.trim() })}
        </p>
      )}
      <div className="faq-list">
        {shown.map((entry) => (
          <details key={entry.id} id={entry.id} className="card faq-item" open={entry.id === linked || undefined}>
            <summary>
              <h2>{entry.question}</h2>
            </summary>
            {entry.answer.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <p className="faq-link">
              <a href={`#${entry.id}`}>#{entry.id}</a>
              <button
                type="button"
                className="button button-small"
                onClick={() => void copyToClipboard(`${window.location.origin}/faq#${entry.id}`)}
              >
                {t('faq.copyLink')}
              </button>
            </p>
          </details>
        ))}
      </div>
      <SupportContact />
    </div>
  );
}
