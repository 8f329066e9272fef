/** The FAQ's questions in their order; each id is also the question's anchor (`/faq#payouts`). */
export const faqQuestions = [
  'connect-worker',
  'hashrate-differs',
  'worker-statuses',
  'rewards',
  'fees-promo-codes',
  'payouts',
  'two-factor',
  'watcher-links',
] as const;
export type FaqQuestion = (typeof faqQuestions)[number];

export interface FaqEntry {
  id: FaqQuestion;
  question: string;
  /** The answer's paragraphs. */
  answer: string[];
}

/** Folds case and accents so that a search finds «ё» with «е» and "Fee" with "fee". */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** The entries whose question or answer holds every word of the query, in their order. */
export function searchFaq(entries: readonly FaqEntry[], query: string): FaqEntry[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((entry) => {
    const text = fold([entry.question, ...entry.answer].join(' '));
    return words.every((word) => text.includes(word));
  });
}

export function isFaqQuestion(id: string): id is FaqQuestion {
  return (faqQuestions as readonly string[]).includes(id);
}
