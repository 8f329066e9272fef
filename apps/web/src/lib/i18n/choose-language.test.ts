import { describe, expect, it } from 'vitest';
import { localeOf } from '@pool/contract/language-codes';
import { chooseLanguage } from './choose-language.ts';

describe('language choice (spec 4)', () => {
  it('takes the saved choice first', () => {
    expect(chooseLanguage({ saved: 'ru', serverDefault: 'cn', browser: ['en-US'] })).toBe('ru');
  });

  it('takes the server default when nothing is saved', () => {
    expect(chooseLanguage({ serverDefault: 'cn', browser: ['ru-RU'] })).toBe('cn');
  });

  it("takes the browser's languages when neither is known", () => {
    expect(chooseLanguage({ browser: ['de-DE', 'ru-RU', 'en'] })).toBe('ru');
    expect(chooseLanguage({ browser: ['zh-CN'] })).toBe('cn');
  });

  it('falls back to en', () => {
    expect(chooseLanguage({})).toBe('en');
    expect(chooseLanguage({ browser: ['de-DE'] })).toBe('en');
  });

  it('skips a saved language that is unknown or not offered by the pool', () => {
    expect(chooseLanguage({ saved: 'fr', serverDefault: 'ru' })).toBe('ru');
    expect(chooseLanguage({ saved: 'cn', serverDefault: 'ru', available: ['en', 'ru'] })).toBe('ru');
  });
});

describe('locale mapping (spec 9)', () => {
  it('maps en, ru and cn to their locales', () => {
    expect(localeOf).toEqual({ en: 'en-US', ru: 'ru-RU', cn: 'cn-CN' });
  });
});
