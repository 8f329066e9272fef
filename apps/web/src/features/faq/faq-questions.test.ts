// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { faqQuestions, isFaqQuestion, searchFaq, type FaqEntry } from './faq-questions.ts';

const entries: FaqEntry[] = [
  { id: 'payouts', question: 'When am I paid?', answer: ['At 14:00 UTC.', 'Minimum payout applies.'] },
  { id: 'rewards', question: 'Как считаются вознаграждения?', answer: ['Ежедневно в 09:00 UTC, учёт'] },
];

describe('FAQ search', () => {
  it('keeps every entry for an empty query', () => {
    expect(searchFaq(entries, '  ')).toEqual(entries);
  });

  it('needs every word, in question or answer, whatever the case', () => {
    expect(searchFaq(entries, 'PAID minimum').map((entry) => entry.id)).toEqual(['payouts']);
    expect(searchFaq(entries, 'paid 09:00')).toEqual([]);
  });

  it('folds accents and ё', () => {
    expect(searchFaq(entries, 'учет').map((entry) => entry.id)).toEqual(['rewards']);
  });

  it('knows its own anchors only', () => {
    expect(isFaqQuestion('two-factor')).toBe(true);
    expect(isFaqQuestion('constructor')).toBe(false);
  });
});

describe('FAQ translations', () => {
  it('answer every question in en, ru and cn, with the same placeholders', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    const locales = ['en', 'ru', 'cn'].map(
      (language) =>
        JSON.parse(
          readFileSync(new URL(`../../../public/static/locales/${language}.json`, import.meta.url), 'utf8'),
        ) as { faq: { items: Record<string, { q: string; a: string } | undefined> } },
    );
    for (const id of faqQuestions) {
      const answers = locales.map((locale) => locale.faq.items[id]);
      for (const answer of answers) expect(answer?.q && answer.a).toBeTruthy();
      for (const answer of answers) expect(placeholders(answer?.a ?? '')).toEqual(placeholders(answers[0]?.a ?? ''));
    }
  });
});
