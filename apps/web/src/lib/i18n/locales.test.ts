// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { languages, type Language } from '@pool/contract/language-codes';

const localesFolder = new URL('../../../public/static/locales/', import.meta.url);

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function load(language: Language): unknown {
  return JSON.parse(readFileSync(new URL(`${language}.json`, localesFolder), 'utf8'));
}

describe('translations', () => {
  const english = keysOf(load('en')).sort();

  it.each(languages)('%s has every key of every other language, and nothing empty', (language) => {
    const translations = load(language);
    expect(keysOf(translations).sort()).toEqual(english);
    const empty = keysOf(translations).filter((key) => {
      const value = key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], translations);
      return typeof value !== 'string' || value.trim() === '';
    });
    expect(empty).toEqual([]);
  });
});
