import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, type Language } from '@pool/contract/language-codes';
import { intlLocaleOf } from '@/lib/format/locale.ts';
import { paths } from '@pool/contract/paths';

export type Translations = Record<string, unknown>;

export async function fetchTranslations(language: Language): Promise<Translations> {
  const response = await fetch(`${paths.locales}/${language}.json`);
  if (!response.ok) throw new Error(`translations for ${language} answered ${response.status}`);
  return (await response.json()) as Translations;
}

export interface LoadedLanguage {
  language: Language;
  translations: Translations | undefined;
}

/** Spec 8: a translation fetch failure is only logged, and the language falls back to en. */
export async function loadTranslations(
  language: Language,
  fetcher: (language: Language) => Promise<Translations> = fetchTranslations,
): Promise<LoadedLanguage> {
  try {
    return { language, translations: await fetcher(language) };
  } catch (error) {
    console.error(`Could not load the ${language} translations`, error);
    if (language === defaultLanguage) return { language, translations: undefined };
    return loadTranslations(defaultLanguage, fetcher);
  }
}

export async function initI18n({ language, translations }: LoadedLanguage): Promise<I18n> {
  const resources: Resource = translations ? { [language]: { translation: translations } } : {};
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = intlLocaleOf(language);
  return i18next;
}

export function currentLanguage(): Language {
  return i18next.language as Language;
}

/** The locale numbers and dates are formatted in (spec 9 mapping, as Intl understands it). */
export function currentLocale(): string {
  return intlLocaleOf(currentLanguage());
}
